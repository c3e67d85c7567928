/**
 * Indirect fire (001 l.177–182: Indirect Fire and Howitzer weapons): a weapon whose firer does not see the target
 * fires at what its crew sees, and a howitzer's bracketed range "(0/24")" is read as 0" firing directly and 24"
 * firing indirectly (the project's reading, §8.4). The weapon is given to a sample profile for the test.
 */
import { describe, expect, it } from "vitest";
import { BA_TABLES, loadBaTables } from "../../../src/rules/bolt-action/tables";
import { type Placed, scenario } from "../../helpers/scene";
import { baTable } from "./table";

/** The profiles with the German rifleman's weapon a light howitzer (a stand-in model for the gun). */
function withHowitzer() {
  const profiles = structuredClone(BA_TABLES.data.profiles);
  profiles.models["ger-rifleman"] = { ...profiles.models["ger-rifleman"]!, type: "artillery", weapons: { "small-arms": "light-howitzer" } };
  const loaded = loadBaTables([{ ruleset: "bolt-action", table: "profiles", sample: true, data: profiles }]);
  if (!loaded.ok) throw new Error(loaded.errors.join("\n"));
  return loaded.tables;
}

// A 10 cm wall just in front of the gun at (20, 60) hides the target from it; its NCO at (20, 20) sees past the wall's end.
const WALL = {
  id: "wall-1",
  kind: "wall" as const,
  path: [
    [25, 40],
    [25, 80],
  ] as [number, number][],
  height: 10,
  thickness: 1,
};
const gun = (x: number): Placed[] => [
  { id: "gun", model: "ger-rifleman", position: [x, 60], heading: 90, side: "B", unit: "gun" },
  { id: "spotter", model: "ger-nco", position: [x, 20], heading: 90, side: "B", unit: "gun" },
];
const target = (x: number): Placed[] => [0, 5, 10].map((dz, i) => ({ id: `us-${i + 1}`, model: "us-rifleman", position: [x, 55 + dz], side: "A", unit: "us" }));

describe("indirect fire with a spotter (001 l.177–182)", () => {
  it('a howitzer that does not see the target fires at what its crew sees, at 24" or more', async () => {
    const t = await baTable(scenario([WALL], [...gun(20), ...target(100)]), { tables: withHowitzer() });
    const v = t.judge({ shooter: "gun", target: "unit-us" });
    expect(v.valid).toBe(true);
    const firer = v.firers[0]!;
    expect(firer.lines.every((l) => l.spottedBy === "spotter")).toBe(true);
    const ruling = firer.rulings.find((r) => r.reason.startsWith("indirect fire"))!;
    expect(ruling.reason).toMatch(
      /^indirect fire: 3 target models seen only by its crew \(spotter\), who spot for it; the howitzer's bracket \(0\/24"\) read as 0(\.0)?" firing directly, 24(\.0)?" firing indirectly/,
    );
    expect(ruling.rule).toBe("001 l.177–182, §9");
  });

  it('closer than 24" it cannot fire indirectly; seen by the gun itself it fires directly from 0"', async () => {
    const close = await baTable(scenario([WALL], [...gun(20), ...target(60)]), { tables: withHowitzer() });
    const refused = close.judge({ shooter: "gun", target: "unit-us" });
    expect(refused.valid).toBe(false);
    expect(refused.firers[0]!.rulings.at(-1)!.reason).toMatch(/inside the 24(\.0)?" minimum range firing indirectly$/);
    const open = await baTable(scenario([], [...gun(20), ...target(60)]), { tables: withHowitzer() });
    const direct = open.judge({ shooter: "gun", target: "unit-us" });
    expect(direct.valid).toBe(true);
    expect(direct.firers[0]!.lines.some((l) => l.spottedBy !== undefined)).toBe(false);
  });
});
