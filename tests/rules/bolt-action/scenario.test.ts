/**
 * The shipped Bolt Action battlefield (src/scenarios/bolt-action-farm.json) shows what it was built for:
 * the US squad in soft cover behind the field hedge, the grenadiers in hard cover behind the farmyard wall,
 * the bazooka in range of the half-track, and the default battlefield plays Bolt Action too.
 */
import { describe, expect, it } from "vitest";
import { loadScenario } from "../operation-ww2/table";
import { baTable } from "./table";

describe("src/scenarios/bolt-action-farm.json under Bolt Action", () => {
  it("the squads trade fire: soft cover for the US behind the hedge, hard for the Germans behind the wall", async () => {
    const t = await baTable(loadScenario("bolt-action-farm"));
    const atGermans = t.judge({ shooter: "us-sq1", target: "ger-sq1" });
    const atUs = t.judge({ shooter: "ger-sq1", target: "us-sq1" });
    expect(atGermans.valid && atUs.valid).toBe(true);
    const coverOf = (v: typeof atUs) =>
      new Set(v.firers.filter((f) => f.canFire).map((f) => f.shots[0]!.rulings[1]!.reason.match(/the unit is (in \w+ cover|not in cover)/)![1]));
    expect(coverOf(atGermans)).toEqual(new Set(["in hard cover"]));
    expect(coverOf(atUs)).toEqual(new Set(["in soft cover"]));
  });

  it("the bazooka reaches the half-track, and the PaK 40 the Sherman's side", async () => {
    const t = await baTable(loadScenario("bolt-action-farm"));
    expect(t.judge({ shooter: "us-bazooka-team", target: "ger-halftrack-1" }).firers[0]!.canFire).toBe(true);
    const pak = t.judge({ shooter: "ger-pak", target: "us-sherman-1" }).firers[0]!;
    expect(pak.canFire).toBe(true);
    expect(pak.lines[0]!.report.facing.hull.quadrant).not.toBe("front");
  });
});

describe("the default battlefield under Bolt Action", () => {
  it("the 3rd Squad on the Route de Caen may fire on the 5th Squad in the ruined bakery, in hard cover", async () => {
    const t = await baTable(loadScenario("default"));
    const v = t.judge({ shooter: "us-sq3", target: "ger-sq5" });
    expect(v.valid).toBe(true);
    expect(v.firers.filter((f) => f.canFire).every((f) => f.shots[0]!.modifiers.some((m) => m.value === -2 && m.reason.includes("hard")))).toBe(true);
  });
});
