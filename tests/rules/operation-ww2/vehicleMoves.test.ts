/**
 * A vehicle's move (§4.5): the driving test (v2.0 3+, 004 l.48–51; v1 its training, 000 l.626–630) and the move
 * it stops; v2.0's stuck vehicle freed 1d10 cm or immobilised (004 l.53–57); the commander out past the charge
 * rate (000 l.640–642); infantry run over by a charging tank, each model's evade test (000 l.697–708, 004 l.143–146).
 */
import { describe, expect, it } from "vitest";
import { takeAction } from "../../../src/rules/operation-ww2/actions";
import { moveVerdict } from "../../../src/rules/operation-ww2/movement";
import { NEW_PLAY } from "../../../src/rules/operation-ww2/play";
import type { Ow2Play } from "../../../src/rules/operation-ww2/types";
import type { ActionRequest } from "../../../src/rules/ruleset";
import type { Placed } from "../../helpers/scene";
import { contextFor, scriptedDice } from "./fakes";

// A Panzer IV (medium tank, training 4), a jeep (car) and three American riflemen (training 4) in front of the tank.
const MODELS: Placed[] = [
  { id: "tank", model: "ger-panzer-iv", position: [20, 100], heading: 90, side: "B", unit: "tank" },
  { id: "jeep", model: "us-jeep", position: [150, 20], heading: 90, side: "A", unit: "jeep" },
  { id: "r1", model: "us-rifleman", position: [40, 100], side: "A", unit: "rifles" },
  { id: "r2", model: "us-rifleman", position: [43, 102], side: "A", unit: "rifles" },
  { id: "r3", model: "us-rifleman", position: [80, 100], side: "A", unit: "rifles" },
];
const ctxWith = (play: Partial<Ow2Play> = {}, version: "v2.0" | "v1" = "v2.0", turn = 2) =>
  contextFor(MODELS, { options: { version }, turn, game: { phase: "orders", play: { ...NEW_PLAY, ordered: { "unit-tank": "move" }, ...play } } });
const act = (request: ActionRequest, rolls: number[], ctx = ctxWith()) => takeAction(request, scriptedDice(rolls), ctx);
const recordOf = (r: ReturnType<typeof act>) => (r.details as { play: Partial<Ow2Play> }).play;
const drive = (cm: number, ctx = ctxWith()) =>
  moveVerdict(
    {
      model: "tank",
      path: [
        [20, 100],
        [20 + cm, 100],
      ],
    },
    ctx,
  );

describe("the driving test (000 l.623–630; 004 l.45–51)", () => {
  it("v2.0 passes on 3+: a 3 drives on, a 2 is stuck and its next move is refused this turn", () => {
    expect(recordOf(act({ action: "driving-test", unit: "unit-tank" }, [3]))).toEqual({});
    const stuck = act({ action: "driving-test", unit: "unit-tank" }, [2]);
    expect(stuck.summary).toBe("unit-tank's driving test: stuck, it moves no more this turn");
    expect(recordOf(stuck)).toEqual({ stuck: { "unit-tank": 2 } });
    expect(drive(5, ctxWith({ stuck: { "unit-tank": 2 } })).refusal).toEqual({
      reason: "unit-tank failed its driving (or v1 ramming) test: it moves no more this turn",
      rule: "004 l.51",
    });
  });

  it("v1 passes on the vehicle's training (4): two tests where the terrain asks two, one failure is enough (l.630)", () => {
    const v1 = ctxWith({}, "v1");
    expect(recordOf(act({ action: "driving-test", unit: "unit-tank" }, [4], v1))).toEqual({});
    const twice = act({ action: "driving-test", unit: "unit-tank", answers: { tests: 2 } }, [9, 3], v1);
    expect(twice.rolls).toHaveLength(2);
    expect(recordOf(twice)).toEqual({ stuck: { "unit-tank": 2 } });
    // v1: stuck for that turn only (l.628); the next turn it drives again.
    expect(drive(5, ctxWith({ stuck: { "unit-tank": 1 } }, "v1")).allowed).toBe(true);
  });

  it("is a vehicle's: a rifle squad's is refused", () => {
    expect(act({ action: "driving-test", unit: "unit-rifles" }, []).refused?.[0]?.rule).toBe("§4.5 (000 l.604)");
  });
});

describe("v2.0: freeing a stuck vehicle (004 l.53–57)", () => {
  const stuckSince1 = { stuck: { "unit-tank": 1 } };
  it("still stuck the next turn until a Move or Charge order's test on its training frees it", () => {
    expect(drive(5, ctxWith(stuckSince1)).refusal?.rule).toBe("004 l.53–55");
    const freed = act({ action: "free-vehicle", unit: "unit-tank" }, [4, 7], ctxWith(stuckSince1));
    expect(freed.summary).toBe("unit-tank is freed: it drives 7 cm straight ahead");
    expect(recordOf(freed)).toEqual({ stuck: {} });
    const lost = act({ action: "free-vehicle", unit: "unit-tank" }, [3], ctxWith(stuckSince1));
    expect(recordOf(lost)).toEqual({ stuck: {}, immobilised: ["unit-tank"] });
    expect(drive(5, ctxWith({ immobilised: ["unit-tank"] })).refusal?.rule).toBe("004 l.57");
    // Not under a Fire order, and not in the turn it got stuck.
    expect(act({ action: "free-vehicle", unit: "unit-tank" }, [], ctxWith({ ...stuckSince1, ordered: { "unit-tank": "fire" } })).refused?.[0]?.rule).toBe(
      "004 l.53",
    );
    expect(act({ action: "free-vehicle", unit: "unit-tank" }, [], ctxWith({ stuck: { "unit-tank": 2 } })).refused?.[0]?.rule).toBe("004 l.51");
  });
});

describe("the commander out past the charge rate (000 l.640–642)", () => {
  it("a medium tank driving 20 cm needs no commander out (charge 25 cm); 30 cm does", () => {
    expect(drive(20).rulings.some((r) => r.rule === "000 l.640–645")).toBe(false);
    expect(drive(30).rulings.find((r) => r.rule === "000 l.640–645")?.reason).toBe(
      "tank drives 30 cm, past its charge rate 25 cm: its commander must be out (exposed) to direct it",
    );
  });
});

describe("running infantry over (000 l.697–712; 004 l.143–147)", () => {
  const charging = ctxWith({ ordered: { "unit-tank": "charge" } });
  it("each model the tank's front meets tests to evade on its training 4: 5 away, 4 pinned, 3 killed", () => {
    const r = act({ action: "run-over", unit: "unit-tank", target: "unit-rifles", answers: { models: 2 } }, [4, 3], charging);
    expect(r.refused).toBeUndefined();
    // The two nearest: r1, then r2.
    expect(r.outcomes).toEqual([expect.objectContaining({ model: "r1", effect: "pinned" }), expect.objectContaining({ model: "r2", effect: "casualty" })]);
    expect(act({ action: "run-over", unit: "unit-tank", target: "unit-rifles" }, [5], charging).outcomes).toEqual([]);
  });

  it("only under a Charge order (004 l.146), only a tank in v2.0 (004 l.144), no motorbike in v1 (000 l.712)", () => {
    expect(act({ action: "run-over", unit: "unit-tank", target: "unit-rifles" }, []).refused?.[0]?.rule).toBe("004 l.146");
    const jeep = ctxWith({ ordered: { "unit-jeep": "charge" } });
    expect(act({ action: "run-over", unit: "unit-jeep", target: "unit-rifles" }, [], jeep).refused?.[0]).toEqual({
      reason: "jeep is a car: only tanks run infantry over on purpose",
      rule: "004 l.144",
    });
    const v1 = ctxWith({ ordered: { "unit-jeep": "charge" } }, "v1");
    expect(act({ action: "run-over", unit: "unit-jeep", target: "unit-rifles" }, [6], v1).refused).toBeUndefined();
  });
});
