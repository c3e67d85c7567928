/**
 * Bicycles (000 l.166–177): "Lassú mozgás: 15 cm / Gyors: 25 cm / Roham: 20 cm" (l.169–173); getting on or off
 * costs 5 cm and only in a slow move (l.168); the bicycle is left where the model gets off (l.175); on the
 * terrain table a bicycle counts as a motorbike (l.177).
 */
import { describe, expect, it } from "vitest";
import { takeAction } from "../../../src/rules/operation-ww2/actions";
import { moveVerdict } from "../../../src/rules/operation-ww2/movement";
import { NEW_PLAY } from "../../../src/rules/operation-ww2/play";
import { OW2_TABLES } from "../../../src/rules/operation-ww2/tables";
import type { Ow2Play } from "../../../src/rules/operation-ww2/types";
import type { Placed } from "../../helpers/scene";
import { contextFor, scriptedDice } from "./fakes";

const MODELS: Placed[] = [{ id: "rider", model: "us-rifleman", position: [20, 20], side: "A", unit: "cyclists" }];
const UNIT = "unit-cyclists";
const riding = (turn: number, ride = true): Partial<Ow2Play> => ({ bicycles: { [UNIT]: { riding: ride, turn } } });
const ctxWith = (play: Partial<Ow2Play> = {}, extra: Parameters<typeof contextFor>[1] = {}) =>
  contextFor(MODELS, { ...extra, game: { play: { ...NEW_PLAY, ...play } } });
const straight = (cm: number) => ({ model: "rider", path: [[20, 20] as [number, number], [20 + cm, 20] as [number, number]] });

/** The shipped tables with the rifleman's profile given bicycles. */
function tablesWithBicycles() {
  const profiles = OW2_TABLES.data.profiles;
  const rifleman = profiles.models["us-rifleman"]!;
  return {
    ...OW2_TABLES,
    data: { ...OW2_TABLES.data, profiles: { ...profiles, models: { ...profiles.models, "us-rifleman": { ...rifleman, properties: ["bicycle"] } } } },
  };
}

describe("bicycles (000 l.166–177)", () => {
  it("a model riding moves 25 cm fast (l.171) and 20 charging (l.173), where on foot it moves 20 and 15", () => {
    expect(moveVerdict(straight(24), ctxWith()).allowed).toBe(false);
    const fast = moveVerdict(straight(24), ctxWith(riding(1)));
    expect(fast).toMatchObject({ allowance: 25, allowed: true });
    expect(fast.rulings[0]!.rule).toBe("§4.2 (000 l.169–173, l.177)");
    expect(moveVerdict(straight(24), ctxWith({ ...riding(1), ordered: { [UNIT]: "charge" } })).allowance).toBe(20);
  });

  it("the profile's bicycle property makes a model ride", () => {
    expect(moveVerdict(straight(24), contextFor(MODELS, { tables: tablesWithBicycles() })).allowance).toBe(25);
  });

  it("a bicycle crosses terrain as a motorbike (l.177): woods, which infantry enters, stop it", () => {
    const woods = {
      kind: "woods" as const,
      id: "wood",
      height: 80,
      outline: [
        [30, 10],
        [40, 10],
        [40, 30],
        [30, 30],
      ] as [number, number][],
    };
    const onFoot = moveVerdict(straight(15), ctxWith({}, { features: [woods] }));
    expect(onFoot.refusal?.rule).not.toBe("§4.3 (000 l.162)");
    const rider = moveVerdict(straight(15), ctxWith(riding(1), { features: [woods] }));
    expect(rider).toMatchObject({ allowed: false, refusal: { rule: "§4.3 (000 l.162)" } });
  });

  it("getting on costs 5 cm of a slow move (l.168): 15 cm slow less 5, so 12 cm is refused", () => {
    const mounting = ctxWith(riding(2));
    expect(moveVerdict(straight(10), mounting)).toMatchObject({ allowance: 15, cost: 15, allowed: true });
    expect(moveVerdict(straight(12), mounting).allowed).toBe(false);
    expect(moveVerdict(straight(10), mounting).rulings.map((r) => r.rule)).toContain("§4.2 (000 l.168)");
  });

  it("the action gets a unit on or off under a Move order, once a turn; a unit without bicycles is refused", () => {
    const ordered = { ordered: { [UNIT]: "move" as const } };
    const off = takeAction({ action: "bicycles", unit: UNIT }, scriptedDice([]), ctxWith({ ...riding(1), ...ordered }));
    expect(off.details).toMatchObject({ play: { bicycles: { [UNIT]: { riding: false, turn: 2 } } } });
    const on = takeAction({ action: "bicycles", unit: UNIT }, scriptedDice([]), ctxWith({ ...riding(1, false), ...ordered }));
    expect(on.details).toMatchObject({ play: { bicycles: { [UNIT]: { riding: true, turn: 2 } } } });
    expect(takeAction({ action: "bicycles", unit: UNIT }, scriptedDice([]), ctxWith({ ...riding(2), ...ordered })).refused?.[0]?.rule).toBe("000 l.168");
    expect(takeAction({ action: "bicycles", unit: UNIT }, scriptedDice([]), ctxWith(ordered)).refused?.[0]?.rule).toBe("000 l.166–168");
    expect(takeAction({ action: "bicycles", unit: UNIT }, scriptedDice([]), ctxWith(riding(1))).refused?.[0]?.rule).toBe("000 l.147, l.168");
  });
});
