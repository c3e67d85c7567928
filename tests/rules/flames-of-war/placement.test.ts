/**
 * US Tank Destroyer Section placement (§6.3) in real Rapier scenes: 4"/10 cm from any enemy, 8"/20 cm from
 * a Recce model in sight, 16"/40 cm from an enemy in sight unless Concealed by terrain, and Command Distance.
 */
import { describe, expect, it } from "vitest";
import { tableContext } from "../../../src/rules/context";
import { flamesOfWar } from "../../../src/rules/flames-of-war";
import { tankDestroyerPlacement } from "../../../src/rules/flames-of-war/placement";
import { FOW_TABLES, loadFowTables } from "../../../src/rules/flames-of-war/tables";
import { sightReport } from "../../../src/sight/lineOfSight";
import { type Placed, world } from "../../helpers/scene";

const hedge = {
  id: "hedge-1",
  kind: "hedge" as const,
  path: [
    [60, 10],
    [60, 110],
  ] as [number, number][],
  height: 4,
  thickness: 1.5,
};
// The Kübelwagen as a Recce model: a loaded teams table, as a player would load one.
const recceTables = loadFowTables([
  {
    ruleset: "flames-of-war",
    table: "teams",
    data: { ...FOW_TABLES.data.teams, "ger-kubelwagen": { ...FOW_TABLES.data.teams["ger-kubelwagen"]!, notes: ["recce"] } },
  },
]);

async function placement(features: Parameters<typeof world>[0], tdX: number, enemies: Placed[], securityX = tdX - 8) {
  const models: Placed[] = [
    { id: "td", model: "us-sherman-m4", position: [tdX, 60], heading: -90, side: "A", unit: "td" },
    { id: "sec", model: "us-jeep", position: [securityX, 75], side: "A", unit: "sec" },
    ...enemies,
  ];
  const w = await world(features, models);
  if (!recceTables.ok) throw new Error(recceTables.errors.join("\n"));
  const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { tables: recceTables.tables, game: { models: { enemy: { moved: true } } } });
  return tankDestroyerPlacement(ctx, ["td"], ["sec"], (e, m) => sightReport(w, e, m));
}

const rifleman = (x: number): Placed => ({ id: "enemy", model: "ger-rifleman", position: [x, 60], side: "B" });
const reasons = (v: { rulings: ReadonlyArray<{ reason: string }> }) => v.rulings.map((r) => r.reason).join("\n");

describe("Tank Destroyer Section placement (§6.3)", () => {
  it("30 cm from an enemy rifleman in the open: forbidden; behind a hedge that conceals it: allowed", async () => {
    const open = await placement([], 90, [rifleman(55)]);
    expect(open.allowed).toBe(false);
    expect(reasons(open)).toMatch(/in its sight and not Concealed by terrain: within 16"\/40 cm/);
    const hidden = await placement([hedge], 90, [rifleman(55)]);
    expect(reasons(hidden)).toBe("every model of the section may be placed here");
  });

  it("beyond 40 cm in the open: allowed; within 10 cm of any enemy, even unseen behind the hedge: forbidden", async () => {
    expect((await placement([], 120, [rifleman(55)])).allowed).toBe(true);
    const close = await placement([hedge], 66.7, [rifleman(55)]);
    expect(reasons(close)).toMatch(/within 4"\/10 cm of an enemy/);
  });

  it("a Recce model in sight forbids 20 cm even where terrain conceals the section", async () => {
    const recce: Placed = { id: "enemy", model: "ger-kubelwagen", position: [45, 60], heading: 90, side: "B" };
    const v = await placement([{ ...hedge, height: 1.2 }], 73, [recce]);
    expect(reasons(v)).toMatch(/from the Recce model enemy, in its sight: within 8"\/20 cm/);
  });

  it("every model within Command Distance of a Security Section model", async () => {
    const far = await placement([], 120, [rifleman(55)], 60);
    expect(reasons(far)).toMatch(/not within Command Distance \(15 cm\) of a Security Section model/);
    expect(far.rulings[0]!.sample?.table).toBe("parameters");
  });
});
