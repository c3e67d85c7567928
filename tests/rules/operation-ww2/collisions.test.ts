/**
 * Collisions (000 l.659–695; 004 l.108–141). v1: "Az ütközéshez, Roham parancsot kell adni" (l.660), a ramming
 * test on the training (l.663–667), the categories (l.669–676): the smaller vehicle rolls on the heavy weapons
 * table, the larger on the small arms table (l.678), the same category both on heavy weapons (l.680); a rammed
 * motorbike tests to evade (l.682–693). v2.0: no ramming on purpose (l.110), accidents roll the same with the
 * armour modifiers (l.127–139), and a medium or heavy tank crushes a car (l.126).
 */
import { describe, expect, it } from "vitest";
import { takeAction } from "../../../src/rules/operation-ww2/actions";
import { moveVerdict } from "../../../src/rules/operation-ww2/movement";
import { NEW_PLAY } from "../../../src/rules/operation-ww2/play";
import { OW2_TABLES } from "../../../src/rules/operation-ww2/tables";
import type { Ow2Play } from "../../../src/rules/operation-ww2/types";
import type { ActionRequest } from "../../../src/rules/ruleset";
import type { Placed } from "../../helpers/scene";
import { contextFor, scriptedDice } from "./fakes";

// Training 4 everywhere (the sample profiles): a Sherman and a jeep (A) against a Panther and a Panzer IV (B).
const MODELS: Placed[] = [
  { id: "sherman", model: "us-sherman-m4", position: [20, 20], heading: 0, side: "A", unit: "sherman" },
  { id: "jeep", model: "us-jeep", position: [20, 100], heading: 0, side: "A", unit: "jeep" },
  { id: "panther", model: "ger-panther", position: [40, 20], heading: 180, side: "B", unit: "panther" },
  { id: "ptank", model: "ger-panzer-iv", position: [40, 100], heading: 180, side: "B", unit: "ptank" },
];
type Setup = Parameters<typeof contextFor>[1];
const ctxWith = (version: "v1" | "v2.0", play: Partial<Ow2Play> = {}, setup: Setup = {}) =>
  contextFor(MODELS, { ...setup, options: { version }, turn: 2, game: { phase: "orders", play: { ...NEW_PLAY, ...play } } });
const charging = (unit: string): Partial<Ow2Play> => ({ ordered: { [unit]: "charge" } });
const ram = (unit: string, target: string, rolls: number[], ctx: ReturnType<typeof ctxWith>, facing = "side") =>
  takeAction({ action: "ram", unit, target, answers: { facing } } as ActionRequest, scriptedDice(rolls), ctx);
const reasons = (r: ReturnType<typeof ram>) => r.rolls.map((x) => x.reason);
const rules = (r: ReturnType<typeof ram>) => ((r.details as { rulings: { rule: string }[] }).rulings ?? []).map((x) => x.rule);

describe("v1 ramming (000 l.659–695)", () => {
  it("only under a Charge order (l.660)", () => {
    expect(ram("unit-sherman", "unit-panther", [], ctxWith("v1")).refused?.[0]?.rule).toBe("000 l.660");
  });

  it("a ramming test under the training fails: the rammer does not move this turn (l.667)", () => {
    const failed = ram("unit-sherman", "unit-panther", [3], ctxWith("v1", charging("unit-sherman")));
    expect(failed.summary).toContain("fails its ramming test");
    expect((failed.details as { play: Partial<Ow2Play> }).play).toEqual({ stuck: { "unit-sherman": 2 } });
    const after = ctxWith("v1", { ...charging("unit-sherman"), stuck: { "unit-sherman": 2 } });
    const move = moveVerdict(
      {
        model: "sherman",
        path: [
          [20, 20],
          [25, 20],
        ],
      },
      after,
    );
    expect(move.refusal?.rule).toBe("000 l.628, l.667");
  });

  it("a medium tank ramming a heavy tank rolls on the heavy weapons table, the heavy tank on small arms (l.678)", () => {
    const r = ram("unit-sherman", "unit-panther", [4, 1, 1], ctxWith("v1", charging("unit-sherman")));
    expect(r.refused).toBeUndefined();
    expect(reasons(r)[0]).toBe("ramming test: sherman (4+)");
    expect(reasons(r).some((x) => x.startsWith("damage: sherman") && x.endsWith("(heavy-weapons)"))).toBe(true);
    expect(reasons(r).some((x) => x.startsWith("damage: panther") && x.endsWith("(small-arms)"))).toBe(true);
    expect(rules(r)).toContain("000 l.678–680");
  });

  it("two medium tanks both roll on the heavy weapons table (l.680)", () => {
    const r = ram("unit-sherman", "unit-ptank", [7, 1, 1], ctxWith("v1", charging("unit-sherman")));
    expect(reasons(r).filter((x) => x.endsWith("(heavy-weapons)"))).toHaveLength(2);
  });

  it("a rammed motorbike takes no ramming test: it tests to evade, equal to its training losing the machine (l.682–693)", () => {
    const profiles = OW2_TABLES.data.profiles;
    const bike = { ...profiles.models["ger-panzer-iv"]!, type: "motorbike" as const, armour: undefined };
    const tables = { ...OW2_TABLES, data: { ...OW2_TABLES.data, profiles: { ...profiles, models: { ...profiles.models, "ger-panzer-iv": bike } } } };
    const r = ram("unit-sherman", "unit-ptank", [4], ctxWith("v1", charging("unit-sherman"), { tables }));
    expect(reasons(r)).toEqual(["evade test: ptank (above 4)"]);
    expect(r.outcomes.map((o) => [o.model, o.effect])).toEqual([["ptank", "destroyed"]]);
    expect(ram("unit-sherman", "unit-ptank", [5], ctxWith("v1", charging("unit-sherman"), { tables })).outcomes).toEqual([]);
    // v2.0 keeps the evade test for a motorbike collided into (004 l.141).
    expect(rules(ram("unit-sherman", "unit-ptank", [5], ctxWith("v2.0", {}, { tables })))).toEqual(["004 l.141, 000 l.689–693"]);
  });
});

describe("v2.0 collisions (004 l.108–141)", () => {
  it("an accident: no order or ramming test; the armour modifiers on each roll (front for the driver, the side hit for the other)", () => {
    const r = ram("unit-sherman", "unit-ptank", [1, 1], ctxWith("v2.0"));
    expect(r.refused).toBeUndefined();
    expect(rules(r)).toEqual(expect.arrayContaining(["004 l.110–112", "004 l.122–126"]));
    const steps = JSON.stringify(r.details);
    // The Sherman's medium front −1, the Panzer IV's light side +1 (l.131, l.133).
    expect(steps).toContain("medium armour on the front");
    expect(steps).toContain("light armour on the side");
  });

  it("a medium tank crushes a car unharmed: the car explodes (l.126)", () => {
    // The jeep's catastrophe rolls its explosion's reach and whether the wreck burns.
    const r = ram("unit-ptank", "unit-jeep", [1, 1, 1, 1, 1], ctxWith("v2.0"));
    expect(rules(r)).toContain("004 l.126");
    expect(r.outcomes.find((o) => o.model === "jeep")?.effect).toBe("destroyed");
    expect(r.outcomes.some((o) => o.model === "ptank")).toBe(false);
  });
});
