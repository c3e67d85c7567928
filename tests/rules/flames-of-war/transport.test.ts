/**
 * Mounting and dismounting (seed 003): teams do so in the Movement Step (l.173) or in a passed Stormtroopers
 * move (l.276); passengers do not shoot (l.510) and are hit only through their vehicle (l.435–442); the riders
 * of a tank hit dismount under fire (l.442, 448). The source gives no boarding distance or capacity: a team
 * boards the vehicle it touches, and rides at its vehicle's rates. Through the game log, as the app plays it.
 */
import { describe, expect, it } from "vitest";
import { currentState, type GameLog, newGame, nextDice, record } from "../../../src/core/game/gameLog";
import { tableContext } from "../../../src/rules/context";
import { type FowContext, flamesOfWar } from "../../../src/rules/flames-of-war";
import { rulesAt } from "../../../src/rules/gameContext";
import { judgeFire } from "../../../src/rules/judge";
import { type ActionRequest, type ActionResult, type GameHistory, sightOptionsOf } from "../../../src/rules/ruleset";
import { nextStep } from "../../../src/rules/turn";
import { sightReport } from "../../../src/sight/lineOfSight";
import { type Placed, scenario, world } from "../../helpers/scene";
import { scriptedDice } from "../operation-ww2/fakes";

// The half-track (3.75 cm wide) at (100, 60) facing +z; g1's 2.5 cm base touches its right flank, g2 stands
// 6.9 cm off; the US riflemen watch from 35 cm north.
const PLACED: Placed[] = [
  { id: "ht", model: "ger-sdkfz-251", position: [100, 60], side: "B", unit: "ht" },
  { id: "g1", model: "ger-rifleman", position: [103.125, 60], side: "B", unit: "ger" },
  { id: "g2", model: "ger-rifleman", position: [110, 60], side: "B", unit: "ger" },
  { id: "u1", model: "us-rifleman", position: [100, 95], side: "A", unit: "us" },
];

const start = (options: Record<string, unknown> = {}): GameLog =>
  newGame(scenario([], PLACED), { seed: 7, ruleset: { id: flamesOfWar.id, version: "2015", options }, created: "2026-11-27T00:00:00Z" });
const history = (log: GameLog): GameHistory => ({ events: log.events, state: currentState(log) });
const contextOf = (log: GameLog) => rulesAt(log, log.events.length).context as FowContext;

function advanceTo(log: GameLog, phase: string, side: string): GameLog {
  for (let i = 0; i < 40; i++) {
    const step = currentState(log).step;
    if (step?.phase === phase && step.side === side) return log;
    log = record(log, nextStep(flamesOfWar.turn, currentState(log), nextDice(log)));
  }
  throw new Error(`never reached ${side}'s ${phase}`);
}

/** The action taken and recorded as the worker does; its result too. */
function taken(log: GameLog, request: ActionRequest, dice: number[] = []): { log: GameLog; result: ActionResult } {
  const result = flamesOfWar.actions!.takeAction(request, scriptedDice(dice), contextOf(log), {} as never);
  if (result.refused) return { log, result };
  const event = {
    type: "action-taken" as const,
    ruleset: flamesOfWar.id,
    action: request.action,
    ...(request.unit ? { unit: request.unit } : {}),
    ...(request.target ? { target: request.target } : {}),
    answers: {},
    rolls: [...result.rolls],
    outcomes: [...result.outcomes],
    units: [],
    summary: result.summary,
    details: result.details,
  };
  return { log: record(log, event), result };
}

const mounted = () => taken(advanceTo(start(), "movement", "B"), { action: "mount", unit: "unit-ger", target: "unit-ht" });

describe("mounting and dismounting (003 l.173, 276, 435–442, 510)", () => {
  it("in the Movement Step the team touching the half-track boards it; the one 6.9 cm off is told to move into contact", () => {
    const { log, result } = mounted();
    expect(result.summary).toBe("unit-ger mounts: g1 into ht");
    const text = (result.details as { steps: { text: string }[] }).steps.map((s) => s.text);
    expect(text[0]).toBe("g2 is 6.9 cm from ht: move it into contact to board (the source gives no boarding distance)");
    expect(flamesOfWar.gameState(history(log)).models?.ht?.passengers).toEqual(["g1"]);
  });

  it("is refused when no team touches a vehicle, saying how far each is", () => {
    const apart = PLACED.map((p) => (p.id === "g1" ? { ...p, position: [120, 60] as [number, number] } : p));
    const log = advanceTo(
      newGame(scenario([], apart), { seed: 7, ruleset: { id: flamesOfWar.id, version: "2015", options: {} }, created: "2026-11-27T00:00:00Z" }),
      "movement",
      "B",
    );
    expect(taken(log, { action: "mount", unit: "unit-ger", target: "unit-ht" }).result.refused?.[0]?.reason).toBe(
      "no team of unit-ger touches a vehicle of unit-ht: g1 is 16.9 cm from ht: move it into contact to board (the source gives no boarding distance); " +
        "g2 is 6.9 cm from ht: move it into contact to board (the source gives no boarding distance)",
    );
  });

  it("is refused outside the Movement Step (l.173, 276) and with no vehicle to carry", () => {
    const shooting = advanceTo(start(), "shooting", "B");
    expect(taken(shooting, { action: "mount", unit: "unit-ger", target: "unit-ht" }).result.refused).toEqual([
      { reason: "teams mount in the Movement Step (or in a passed Stormtroopers move)", rule: "§5.1 (003 l.173, 276)" },
    ]);
    const movement = advanceTo(start(), "movement", "B");
    expect(taken(movement, { action: "mount", unit: "unit-ger", target: "unit-ger" }).result.refused?.[0]?.reason).toBe(
      "unit-ger has no transport or tank to carry them",
    );
  });

  it("a passenger does not shoot (l.510) and is no target of its own: it is hit through its vehicle (l.435–442)", async () => {
    const { log } = mounted();
    const w = await world([], PLACED);
    const ctx = flamesOfWar.createContext(tableContext(w.battlefield), { game: flamesOfWar.gameState(history(log)) });
    const sight = (r: Parameters<typeof sightOptionsOf>[0]) => sightReport(w, r.shooter, r.target, sightOptionsOf(r));
    const atThem = judgeFire(flamesOfWar, { shooter: "unit-us", target: "unit-ger" }, ctx, sight);
    expect(atThem.firers[0]!.shots.map((s) => s.group)).toEqual(["g2"]);
    expect(atThem.rulings[0]).toEqual({ reason: "g1 (in ht): Passengers, hit only through their vehicle", rule: "§4.9 (003 l.435–442)" });
    const theirs = judgeFire(flamesOfWar, { shooter: "unit-ger", target: "unit-us" }, ctx, sight);
    expect(theirs.firers.find((f) => f.model === "g1")!.rulings).toEqual([{ reason: "g1 is a passenger: passengers do not shoot", rule: "§1.3" }]);
  });

  it("a passenger moves with its vehicle at the vehicle's rates: 45 cm, past the 30 cm infantry may go (l.234)", () => {
    const { log } = mounted();
    const ctx = contextOf(log);
    const ride = flamesOfWar.moveVerdict!(
      {
        model: "g1",
        path: [
          [103.125, 60],
          [103.125, 105],
        ],
      },
      ctx,
    );
    expect(ride.allowed).toBe(true);
    expect(ride.rulings[0]!.reason).toMatch(
      /^g1 rides in ht, a armoured-transport team: Tactical 12"\/30 cm, At Double 24"\/60 cm, the most it moves: it moves with it$/,
    );
    expect(
      flamesOfWar.moveVerdict!(
        {
          model: "g2",
          path: [
            [110, 60],
            [110, 105],
          ],
        },
        ctx,
      ).allowed,
    ).toBe(false);
  });

  it("dismounts in the Movement Step, where the figures stand; not in the Shooting Step", () => {
    let { log } = mounted();
    const shooting = advanceTo(log, "shooting", "B");
    expect(taken(shooting, { action: "dismount", unit: "unit-ger" }).result.refused?.[0]?.rule).toBe("§5.1 (003 l.173, 276)");
    log = advanceTo(log, "movement", "B");
    const off = taken(log, { action: "dismount", unit: "unit-ger" });
    expect(off.result.summary).toBe("unit-ger dismounts: g1");
    expect(flamesOfWar.gameState(history(off.log)).models?.ht?.passengers).toBeUndefined();
    expect(taken(off.log, { action: "dismount", unit: "unit-ger" }).result.refused?.[0]?.reason).toBe("no team of unit-ger is a passenger");
  });

  it("a Stormtroopers move passed lets a platoon dismount in the Assault Step (l.276)", () => {
    let { log } = mounted();
    log = advanceTo(log, "assault", "B");
    expect(taken(log, { action: "dismount", unit: "unit-ger" }).result.refused).toBeDefined();
    const storm = taken(advanceTo(mountedWith({ stormtroopers: true }), "assault", "B"), { action: "stormtroopers", unit: "unit-ger" }, [6]);
    expect(taken(storm.log, { action: "dismount", unit: "unit-ger" }).result.summary).toBe("unit-ger dismounts: g1");
  });

  it("a passenger that dismounted under fire rides no more (l.448)", () => {
    const { log } = mounted();
    const hit = record(log, {
      type: "fire-resolved",
      ruleset: flamesOfWar.id,
      shooter: "unit-us",
      weapon: "rifle",
      target: "unit-ht",
      rolls: [],
      outcomes: [{ model: "g1", effect: "pinned", detail: "Pinned Down: dismounted under fire" }],
      summary: "",
    });
    expect(flamesOfWar.gameState(history(hit)).models?.ht?.passengers).toBeUndefined();
  });
});

function mountedWith(options: Record<string, unknown>): GameLog {
  return taken(advanceTo(start(options), "movement", "B"), { action: "mount", unit: "unit-ger", target: "unit-ht" }).log;
}
