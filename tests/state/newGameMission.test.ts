/** A new game's mission: the battlefield's own, none, or a rule system's sample in its place. */
import { describe, expect, it } from "vitest";
import { sampleMissions } from "../../src/core/mission/samples";
import { rulesetById } from "../../src/rules/registry";
import { BATTLEFIELDS, DEFAULT_BATTLEFIELD } from "../../src/state/battlefields";
import { gameOn, withMission } from "../../src/state/game";

const missionOf = (data: unknown) => {
  const game = gameOn(data);
  if (!game.ok) throw new Error("the battlefield does not load");
  return game.log.header.scenario.mission;
};

describe("a new game's mission", () => {
  it("is the battlefield's own unless another is chosen", () => {
    expect(missionOf(withMission(DEFAULT_BATTLEFIELD, undefined))?.name).toBe("Take the crossroads");
  });

  it("none plays freely: the battlefield's mission is left out", () => {
    expect(missionOf(withMission(DEFAULT_BATTLEFIELD, null))).toBeUndefined();
  });

  it("a sample of the rule system's takes the place of the battlefield's own, on a battlefield without one too", async () => {
    const own = missionOf(DEFAULT_BATTLEFIELD)!;
    const data = await BATTLEFIELDS.find((b) => b.id === "normandy-bocage")!.load();
    const bocage = gameOn(data);
    if (!bocage.ok) throw new Error("the bocage does not load");
    expect(bocage.log.header.scenario.mission).toBeUndefined();
    const [, breakThrough] = sampleMissions(bocage.log.header.scenario, rulesetById("bolt-action")!.missionSetup);
    expect(missionOf(withMission(data, breakThrough!))).toEqual(breakThrough);
    expect(missionOf(withMission(DEFAULT_BATTLEFIELD, breakThrough!))?.name).toBe("Break through");
    expect(own.name).toBe("Take the crossroads");
  });
});
