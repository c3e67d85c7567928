/**
 * Flames of War's player turn from the game log (003 l.55, 62–63, 119, 272): what a platoon did in its own
 * player turn (stayed, moved, moved At Double, charged) comes from its moves and feeds the shooting without a
 * question, and lasts into the other side's turn until its own next Starting Step; a move is checked against
 * the step it is made in: the At Double distance over the whole Movement Step (l.234, Truscott Trot's 16"/40
 * cm), a charge's 8"/20 cm within Command Distance of the command team (l.63, 109), Hen and Chicks (l.75–76).
 */
import { describe, expect, it } from "vitest";
import { currentState, type GameLog, newGame, nextDice, record } from "../../../src/core/game/gameLog";
import type { Vec2 } from "../../../src/core/geometry2d";
import { tableContext } from "../../../src/rules/context";
import type { FowContext } from "../../../src/rules/flames-of-war";
import { flamesOfWar } from "../../../src/rules/flames-of-war";
import { rulesAt } from "../../../src/rules/gameContext";
import { judgeFire } from "../../../src/rules/judge";
import { type GameHistory, sightOptionsOf } from "../../../src/rules/ruleset";
import { nextStep } from "../../../src/rules/turn";
import { sightReport } from "../../../src/sight/lineOfSight";
import { type Placed, scenario, world } from "../../helpers/scene";
import { scriptedDice } from "../operation-ww2/fakes";

const us = (id: string, x: number, z: number, unit = "us"): Placed => ({ id, model: "us-rifleman", position: [x, z], side: "A", unit });
const ger = (id: string, x: number, z: number): Placed => ({ id, model: "ger-rifleman", position: [x, z], side: "B", unit: "ger" });
const PLACED: Placed[] = [us("u1", 40, 30), us("u2", 40, 40), ger("g1", 95, 30), ger("g2", 95, 40)];

const start = (models = PLACED, options: Record<string, unknown> = {}): GameLog =>
  newGame(scenario([], models), { seed: 7, ruleset: { id: flamesOfWar.id, version: "2015", options }, created: "2026-11-27T00:00:00Z" });
const history = (log: GameLog): GameHistory => ({ events: log.events, state: currentState(log) });

/** The game moved on by the turn engine until it stands in `phase` of `side`'s player turn. */
function advanceTo(log: GameLog, phase: string, side: string): GameLog {
  for (let i = 0; i < 40; i++) {
    const step = currentState(log).step;
    if (step?.phase === phase && step.side === side) return log;
    log = record(log, nextStep(flamesOfWar.turn, currentState(log), nextDice(log)));
  }
  throw new Error(`never reached ${side}'s ${phase}`);
}

/** Each model moved `by` (cm) in one group move, straight. */
function moved(log: GameLog, ids: readonly string[], by: Vec2): GameLog {
  const models = currentState(log).scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models));
  const moves = ids.map((id) => {
    const m = models.find((x) => x.id === id)!;
    const to: [number, number] = [m.position[0] + by[0], m.position[1] + by[1]];
    return { model: id, from: { position: m.position, heading: m.heading }, to: { position: to, heading: m.heading }, path: [m.position, to] };
  });
  return record(log, { type: "models-moved", moves });
}

async function verdictIn(log: GameLog, declaration: { shooter: string; target: string }) {
  const w = await world(
    [],
    PLACED.map((p) => ({
      ...p,
      position: currentState(log)
        .scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models))
        .find((m) => m.id === p.id)!.position,
    })),
  );
  const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { game: flamesOfWar.gameState(history(log)) });
  const situation = flamesOfWar.situation(declaration, ctx, history(log), { shooter: "u1", target: "g1" });
  return { situation, verdict: judgeFire(flamesOfWar, declaration, ctx, (r) => sightReport(w, r.shooter, r.target, sightOptionsOf(r))) };
}

describe("what a platoon did in its player turn feeds the shooting (003 l.55, 62; §1.3)", () => {
  it("a platoon that moved At Double is shot at with double dice in the other side's turn, without being asked", async () => {
    let log = advanceTo(advanceTo(start(), "movement", "B"), "movement", "B");
    // The Germans move 25 cm: past infantry's Tactical 15 cm (sample), within its At Double 30 cm (l.234).
    log = moved(log, ["g1", "g2"], [0, 0]);
    log = moved(log, ["g1", "g2"], [-10, 0]);
    log = moved(log, ["g1", "g2"], [-15, 0]);
    expect(flamesOfWar.gameState(history(log)).models).toMatchObject({ g1: { moved: true, distance: 25 } });
    log = advanceTo(log, "shooting", "A");
    const { situation, verdict } = await verdictIn(log, { shooter: "unit-us", target: "unit-ger" });
    expect(situation.fromGame).toEqual({ firersMoved: false, targetMoved: true, targetAtDouble: true, targetDugIn: false });
    // A stationary rifle: ROF 1; the target At Double: two dice (§1.3 rule 6).
    expect(verdict.firers.map((f) => f.dice)).toEqual([2, 2]);
    expect(verdict.firers[0]!.rulings.map((r) => r.reason).join("\n")).toMatch(/At Double/);
  });

  it("a platoon that moved in its Movement Step shoots at its halved rate in its Shooting Step without being asked", async () => {
    const mg: Placed[] = [{ id: "u1", model: "us-30cal-team", position: [40, 30], side: "A", unit: "us" }, ger("g1", 75, 30)];
    let log = advanceTo(start(mg), "movement", "A");
    log = moved(log, ["u1"], [5, 0]);
    log = advanceTo(log, "shooting", "A");
    const w = await world([], [{ ...mg[0]!, position: [45, 30] }, mg[1]!]);
    const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { game: flamesOfWar.gameState(history(log)) });
    const verdict = judgeFire(flamesOfWar, { shooter: "unit-us", target: "unit-ger" }, ctx, (r) => sightReport(w, r.shooter, r.target, sightOptionsOf(r)));
    // The MG's ROF 3 halved, rounded down: 1 (003 l.481).
    expect(verdict.firers[0]).toMatchObject({ dice: 1 });
    expect(verdict.firers[0]!.rulings.map((r) => r.reason)).toContain("moved: ROF halved, rounded down, to 1");
  });

  it("moves in free play are no player turn's: the first turn starts clean", () => {
    const log = advanceTo(moved(start(), ["u1"], [5, 0]), "movement", "A");
    expect(flamesOfWar.gameState(history(log)).models?.u1).toBeUndefined();
  });

  it("a rule action taken is read back for the rest of the player turn: a due test is due once", () => {
    const pinned = record(advanceTo(start(), "assault", "B"), {
      type: "fire-resolved",
      ruleset: flamesOfWar.id,
      shooter: "unit-ger",
      weapon: "rifle",
      target: "unit-us",
      rolls: [],
      outcomes: [{ model: "u1", effect: "pinned", detail: "Pinned Down" }],
      summary: "",
    });
    let log = advanceTo(pinned, "starting", "A");
    const due = () => flamesOfWar.actions!.due!(rulesAt(log, log.events.length).context as FowContext, "A");
    expect(due().map((d) => d.request)).toEqual([{ action: "unpin", unit: "unit-us" }]);
    log = record(log, {
      type: "action-taken",
      ruleset: flamesOfWar.id,
      action: "unpin",
      unit: "unit-us",
      answers: {},
      rolls: [],
      outcomes: [],
      units: [],
      summary: "unit-us stays Pinned Down",
    });
    expect(due()).toEqual([]);
    expect(flamesOfWar.gameState(history(log)).taken).toEqual([{ action: "unpin", unit: "unit-us" }]);
  });

  it("a platoon that passed its test to dig in is Dug In until a team moves; Bogged Down is a mark the player records", async () => {
    let log = advanceTo(start(), "movement", "A");
    const dig = flamesOfWar.actions!.takeAction(
      { action: "dig-in", unit: "unit-us" },
      scriptedDice([4]),
      rulesAt(log, log.events.length).context as FowContext,
      {} as never,
    );
    expect(dig.summary).toBe("unit-us digs in");
    log = record(log, {
      type: "action-taken",
      ruleset: flamesOfWar.id,
      action: "dig-in",
      unit: "unit-us",
      answers: {},
      rolls: [...dig.rolls],
      outcomes: [],
      units: [],
      summary: dig.summary,
      details: dig.details,
    });
    log = advanceTo(log, "shooting", "B");
    const { situation } = await verdictIn(log, { shooter: "unit-ger", target: "unit-us" });
    expect(situation.fromGame.targetDugIn).toBe(true);
    log = moved(log, ["u2"], [0, 0]);
    log = record(advanceTo(log, "movement", "A"), { type: "model-state-set", ruleset: flamesOfWar.id, model: "u1", from: {}, to: { boggedDown: true } });
    log = moved(log, ["u2"], [1, 0]);
    expect(flamesOfWar.gameState(history(log)).models).toMatchObject({ u1: { dugIn: true, boggedDown: true } });
    expect(flamesOfWar.gameState(history(log)).models?.u2?.dugIn).toBeUndefined();
  });

  it("the platoon's own next Starting Step forgets what it did; the other side's turn does not", () => {
    let log = advanceTo(start(), "movement", "A");
    log = moved(log, ["u1"], [5, 0]);
    log = advanceTo(log, "assault", "B");
    expect(flamesOfWar.gameState(history(log)).models?.u1).toMatchObject({ moved: true, distance: 5 });
    log = advanceTo(log, "starting", "A");
    expect(flamesOfWar.gameState(history(log)).models?.u1).toBeUndefined();
    expect(flamesOfWar.gameState(history(log)).step).toEqual({ phase: "starting", side: "A" });
  });
});

const verdictOf = (log: GameLog, model: string, path: Vec2[], others: { model: string; path: Vec2[] }[] = []) =>
  flamesOfWar.moveVerdict!({ model, path, ...(others.length ? { with: others } : {}) }, rulesAt(log, log.events.length).context as FowContext);

describe("moves in the Movement Step (003 l.234, 75–76)", () => {
  it("the At Double distance counts the whole step: 20 cm then 10 cm allowed, then 0.5 cm more refused", () => {
    let log = advanceTo(start(), "movement", "A");
    expect(
      verdictOf(log, "u1", [
        [40, 30],
        [40, 50],
      ]),
    ).toMatchObject({ allowed: true, allowance: 30, cost: 20 });
    expect(
      verdictOf(log, "u1", [
        [40, 30],
        [40, 50],
      ]).rulings.map((r) => r.reason),
    ).toContain('the move is 8"/20 cm of 12"/30 cm: past Tactical 6"/15 cm, At Double');
    log = moved(log, ["u1"], [0, 20]);
    expect(
      verdictOf(log, "u1", [
        [40, 50],
        [40, 60],
      ]),
    ).toMatchObject({ allowed: true, cost: 30 });
    log = moved(log, ["u1"], [0, 10]);
    const over = verdictOf(log, "u1", [
      [40, 60],
      [40, 60.5],
    ]);
    expect(over).toMatchObject({ allowed: false, refusal: { rule: "§5.1 (003 l.234)" } });
    expect(over.refusal!.reason).toMatch(/30\.5 cm in all this step of 12"\/30 cm: .* too far/);
  });

  it('Truscott Trot: US infantry At Double 16"/40 cm instead of 12"/30 cm (l.234)', () => {
    const log = advanceTo(start(PLACED, { truscottTrot: true }), "movement", "A");
    const verdict = verdictOf(log, "u1", [
      [40, 30],
      [40, 68],
    ]);
    expect(verdict).toMatchObject({ allowed: true, allowance: 40 });
    expect(verdict.rulings[0]!).toMatchObject({ rule: "§6.3 (003 l.234)" });
  });

  it("Command Distance from the command team (the platoon's first team) is measured to where both end", () => {
    const log = advanceTo(start(), "movement", "A");
    // u2 is 10 cm from u1 (centres), so within the sample 15 cm edge to edge; 20 cm further on alone it is not.
    const alone = verdictOf(log, "u2", [
      [40, 40],
      [40, 60],
    ]);
    expect(alone.rulings.find((r) => r.rule.startsWith("§0.1"))!.reason).toMatch(/^ends .* from its command team u1: outside Command Distance/);
    const together = verdictOf(
      log,
      "u2",
      [
        [40, 40],
        [40, 60],
      ],
      [
        {
          model: "u1",
          path: [
            [40, 30],
            [40, 50],
          ],
        },
      ],
    );
    expect(together.rulings.find((r) => r.rule.startsWith("§0.1"))!.reason).toMatch(/within Command Distance/);
    expect(alone.allowed).toBe(true);
  });

  it("Hen and Chicks: a tank that began within Command Distance moves only if its command team moves (l.75–76)", () => {
    const tanks: Placed[] = [
      { id: "t1", model: "us-sherman-m4", position: [40, 30], heading: 90, side: "A", unit: "tanks" },
      { id: "t2", model: "us-sherman-m4", position: [40, 42], heading: 90, side: "A", unit: "tanks" },
      ger("g1", 150, 30),
    ];
    const log = advanceTo(start(tanks, { henAndChicks: true }), "movement", "A");
    const still = verdictOf(log, "t2", [
      [40, 42],
      [60, 42],
    ]);
    expect(still).toMatchObject({ allowed: false, refusal: { rule: "§6.1 (003 l.76)" } });
    const led = verdictOf(
      log,
      "t2",
      [
        [40, 42],
        [60, 42],
      ],
      [
        {
          model: "t1",
          path: [
            [40, 30],
            [60, 30],
          ],
        },
      ],
    );
    expect(led.allowed).toBe(true);
    expect(led.rulings.map((r) => r.rule)).toContain("§6.1 (003 l.75)");
  });
});

describe("charging in the Assault Step (003 l.63, 109)", () => {
  it('a charge is 8"/20 cm at most, and ends within Command Distance of the command team', () => {
    const log = advanceTo(start(), "assault", "A");
    expect(
      verdictOf(log, "u1", [
        [40, 30],
        [60, 30],
      ]),
    ).toMatchObject({ allowed: true, allowance: 20 });
    expect(
      verdictOf(log, "u1", [
        [40, 30],
        [61, 30],
      ]),
    ).toMatchObject({ allowed: false, refusal: { rule: "§5.2 (003 l.63)" } });
    const strays = verdictOf(log, "u2", [
      [40, 40],
      [40, 60],
    ]);
    expect(strays).toMatchObject({ allowed: false, refusal: { rule: "§5.2 (003 l.109)" } });
  });

  it("Carry on, Sergeant!: British teams charge free of Command Distance (l.109)", () => {
    const log = advanceTo(start(PLACED, { carryOnSergeant: true }), "assault", "A");
    const strays = verdictOf(log, "u2", [
      [40, 40],
      [40, 60],
    ]);
    expect(strays.allowed).toBe(true);
    expect(strays.rulings.map((r) => r.rule)).toContain("§6.2 (003 l.109)");
  });
});
