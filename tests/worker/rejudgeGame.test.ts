/**
 * Re-judging a loaded game: games played on the Bolt Action farm under each of the four rule systems, made
 * the way the app makes them (commands through toEvent, shots through the sight worker's host with the fire
 * panel's answers, orders through the orders panel's helper), saved and loaded as files, then judged again
 * on a real Rapier world, the rule state derived from the log each time. An honest game re-judges clean; a
 * doctored outcome, a removed outcome, a changed pin count and a changed game state are each reported at
 * their event, a move before a shot is followed, and a shot that cannot be checked is listed.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { playedGame as fuzzGame, SHIPPED } from "../../src/cli/fuzz/cases";
import { type Command, toEvent } from "../../src/core/game/commands";
import type { GameEvent, GameEventOf } from "../../src/core/game/events";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, record } from "../../src/core/game/gameLog";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseReplay } from "../../src/replay/replayFile";
import { fireEvent, giveOrder, orderEvent } from "../../src/rules/judge";
import { RULESETS, rulesetById } from "../../src/rules/registry";
import { gameOn } from "../../src/state/game";
import { rejudgeGame } from "../../src/worker/rejudgeGame";
import { hostUnderTest } from "../helpers/sightHost";

const FARM = JSON.parse(readFileSync("src/scenarios/bolt-action-farm.json", "utf8"));
const LOAD = { rulesets: RULESETS };

/** What a player does: a command, a shot (shooter unit at a target model, as the fire panel sends them) or an order. */
type Step = { command: Command } | { fire: { shooter: string; target: string } } | { order: { unit: string; order: string } };

/**
 * What a player answers in the fire panel for each system (the rest the rule system derives from the log):
 * Flames of War's riflemen see a target platoon that moved; Operation WW2's target fired last, so it is
 * spotted at any range in sight (§5.8).
 */
const ANSWERS: Record<string, Record<string, unknown>> = {
  "flames-of-war": { targetMoved: true },
  "operation-ww2": { targetState: "firing" },
};

async function play(rulesetId: string, steps: readonly Step[], seed = 11): Promise<GameLog> {
  const ruleset = rulesetById(rulesetId)!;
  const made = gameOn(FARM, { id: ruleset.id, version: ruleset.versions[0]!, options: {} });
  if (!made.ok) throw new Error("the farm does not load");
  let log: GameLog = { ...made.log, header: { ...made.log.header, seed, created: "2026-11-22T00:00:00.000Z" } };
  const { ask } = hostUnderTest(scenarioCatalog(log.header.scenario));
  for (const step of steps) {
    if ("command" in step) {
      const state = currentState(log);
      const result = toEvent(state, scenarioCatalog(state.scenario), step.command, 0);
      if (!result.ok) throw new Error(result.error);
      log = record(log, result.event);
    } else if ("fire" in step) {
      // As the fire panel asks the sight worker: the game at its cursor, the unit at a model, the player's answers.
      const declaration = { ...step.fire, ...ANSWERS[rulesetId] };
      const answer = await ask("fire", { game: log, declaration, roll: true });
      if (!answer.result) throw new Error(`${rulesetId}: the shot is refused: ${answer.verdict.rulings.map((r) => r.reason).join("; ")}`);
      log = record(log, fireEvent(ruleset, declaration, answer.result, 0));
    } else {
      const { result } = giveOrder(log, log.cursor, step.order.unit, step.order.order);
      log = record(log, orderEvent(ruleset, result, 0));
    }
  }
  return log;
}

/** The game saved and loaded again, as a file the player opens. */
function reloaded(log: GameLog): GameLog {
  const loaded = parseGame(serializeGame(log), scenarioCatalog, LOAD);
  if (!loaded.ok || loaded.game.warning) throw new Error(`the game does not load whole: ${loaded.ok ? loaded.game.warning : loaded.error}`);
  return loaded.game.log;
}

/** A copy of the game whose event `at` (a shot) is edited by `edit`, through its file text. */
function doctored(log: GameLog, at: number, edit: (shot: GameEventOf<"fire-resolved">, log: GameLog) => GameEventOf<"fire-resolved">): GameLog {
  const shot = log.events[at]!;
  if (shot.type !== "fire-resolved") throw new Error(`event ${at} is a ${shot.type}`);
  const events = log.events.map((e, i) => (i === at ? edit(structuredClone(shot), log) : e));
  return reloaded({ ...log, events, cursor: events.length });
}

const lastShot = (log: GameLog) => log.events.findLastIndex((e) => e.type === "fire-resolved");
const removed = (o: { effect: string }) => o.effect === "casualty" || o.effect === "destroyed";

/** A model of the shot's target unit still on the table before the shot and not removed by it. */
function bystander(log: GameLog, at: number, shot: GameEventOf<"fire-resolved">): string {
  const before = currentState({ ...log, cursor: at });
  const unit = before.scenario.forces.flatMap((f) => f.units).find((u) => u.models.some((m) => m.id === shot.target) || u.id === shot.target)!;
  return unit.models.map((m) => m.id).find((id) => !shot.outcomes.some((o) => o.model === id && removed(o)))!;
}

/** Each system's two shots across the farmyard wall; Flames of War's 15 mm riflemen cannot see over it, its Sherman can. */
const RIFLES = [
  { shooter: "ger-sq1", target: "us-sq1-m5" },
  { shooter: "us-sq1", target: "ger-sq1-m5" },
] as const;
const SYSTEMS = [
  { id: "operation-ww2", seed: 11, shots: RIFLES },
  { id: "bolt-action", seed: 11, shots: RIFLES },
  { id: "battleground", seed: 11, shots: RIFLES },
  {
    id: "flames-of-war",
    seed: 8,
    shots: [
      { shooter: "us-armour", target: "ger-sq1-m5" },
      { shooter: "us-armour", target: "ger-sq1-m5" },
    ],
  },
] as const;

/** A German rifleman steps 2 cm back from the wall: the range and the sight lines of the shot after it change. */
const STEP_BACK: Command = { type: "move", model: "ger-sq1-m5", to: { position: [66.8, 74.5], heading: 180 } };

/** The last shot that did something to a model (the dice decide which; the farm's games all have one). */
const lastHit = (log: GameLog) => log.events.findLastIndex((e) => e.type === "fire-resolved" && e.outcomes.length > 0);

for (const system of SYSTEMS) {
  describe(`re-judging a ${system.id} game`, { timeout: 300_000 }, () => {
    let game: GameLog;
    beforeAll(async () => {
      const orders: Step[] = system.id === "bolt-action" ? [{ order: { unit: "ger-sq1", order: "fire" } }] : [];
      game = reloaded(await play(system.id, [...orders, { fire: system.shots[0] }, { command: STEP_BACK }, { fire: system.shots[1] }], system.seed));
    }, 300_000);

    it("finds an honest game as recorded, the same way twice, following the move before the second shot", async () => {
      const report = await rejudgeGame(game);
      expect(report).toEqual({ rejudged: game.events.filter((e) => e.type === "fire-resolved" || e.type === "order-given").length, notRejudged: [] });
      expect(await rejudgeGame(game)).toEqual(report);
      // The same shots without the move: the second is no longer what the rules give on that table.
      const moved = game.events.findIndex((e) => e.type === "model-moved");
      const unmoved = { ...game, events: game.events.filter((_, i) => i !== moved) };
      const stale = await rejudgeGame(unmoved);
      expect(stale.divergence?.event).toBe(lastShot(unmoved));
    });

    it("reports an extra casualty at its event", async () => {
      const at = lastHit(game);
      const extra = doctored(game, at, (shot, log) => ({
        ...shot,
        outcomes: [...shot.outcomes, { model: bystander(log, at, shot), effect: "casualty", detail: "" }],
      }));
      const { divergence, rejudged } = await rejudgeGame(extra);
      expect(divergence?.event).toBe(at);
      expect(divergence?.message).toMatch(
        new RegExp(
          `^events\\[${at}\\]: fire-resolved: the rules give .+ with these dice, the file says .*${bystander(game, at, game.events[at] as GameEventOf<"fire-resolved">)} casualty`,
        ),
      );
      expect(rejudged).toBe(game.events.slice(0, at).filter((e) => e.type === "fire-resolved" || e.type === "order-given").length);
    });

    it("reports a removed outcome at its event", async () => {
      const at = lastHit(game);
      const shot = game.events[at] as GameEventOf<"fire-resolved">;
      expect(shot.outcomes.length).toBeGreaterThan(0);
      const fewer = doctored(game, at, (s) => ({ ...s, outcomes: s.outcomes.slice(1) }));
      const { divergence } = await rejudgeGame(fewer);
      expect(divergence?.event).toBe(at);
      const first = shot.outcomes[0]!;
      expect(divergence?.message).toContain(`the rules give ${first.model} ${first.effect}`);
    });

    it("reports a changed unit pin count at its event", async () => {
      const at = lastHit(game);
      const unit = (game.events[at] as GameEventOf<"fire-resolved">).units?.[0];
      const pinned = doctored(game, at, (s) => ({
        ...s,
        units: unit ? [{ ...unit, pins: (unit.pins ?? 0) + 1 }, ...s.units!.slice(1)] : [{ unit: "ger-sq1", pins: 1 }],
      }));
      const { divergence } = await rejudgeGame(pinned);
      expect(divergence?.event).toBe(at);
      expect(divergence?.message).toMatch(/the rules give (unit changes .+|no unit change) with these dice, the file says unit changes .*pin/);
    });
  });
}

describe("re-judging orders", { timeout: 300_000 }, () => {
  it("reports an order die the rules did not give", async () => {
    const game = reloaded(await play("bolt-action", [{ order: { unit: "ger-sq1", order: "fire" } }, { order: { unit: "us-sq1", order: "advance" } }]));
    expect(await rejudgeGame(game)).toEqual({ rejudged: 2, notRejudged: [] });
    const events = game.events.map((e, i): GameEvent => (i === 1 && e.type === "order-given" ? { ...e, order: "run" } : e));
    const changed = reloaded({ ...game, events, cursor: events.length });
    expect((await rejudgeGame(changed)).divergence).toEqual({
      event: 1,
      message: 'events[1]: order-given: the rules give order "advance" with these dice, the file says "run"',
    });
  });
});

describe("the game state a shot was judged in", { timeout: 300_000 }, () => {
  it("is derived from the log again: a file that says the firers did not move, when the log says they did, is reported", async () => {
    const game = reloaded(await play("battleground", [{ command: STEP_BACK }, { fire: { shooter: "ger-sq1", target: "us-sq1-m5" } }]));
    expect(await rejudgeGame(game)).toEqual({ rejudged: 1, notRejudged: [] });
    const shot = game.events[1] as GameEventOf<"fire-resolved">;
    expect((shot.details as { game: { models: Record<string, { bonusMove: boolean }> } }).game.models["ger-sq1-m5"]!.bonusMove).toBe(true);
    const edited = doctored(game, 1, (s) => {
      const details = s.details as { game: { models: Record<string, object> } };
      details.game.models["ger-sq1-m5"] = { ...details.game.models["ger-sq1-m5"], bonusMove: false };
      return s;
    });
    const { divergence } = await rejudgeGame(edited);
    expect(divergence).toEqual({
      event: 1,
      message: 'events[1]: fire-resolved: the rules give details.game.models["ger-sq1-m5"].bonusMove true with these dice, the file says false',
    });
  });
});

describe("shots the file cannot have re-judged", () => {
  it("are listed as not re-judged, never passed", async () => {
    const log = reloaded(await play("operation-ww2", [{ fire: { shooter: "ger-sq1", target: "us-sq1-m5" } }]));
    const shot = log.events[0] as GameEventOf<"fire-resolved">;
    const { game: _game, ...details } = shot.details as Record<string, unknown>;
    const stripped = reloaded({ ...log, events: [{ ...shot, details }] });
    expect(await rejudgeGame(stripped)).toEqual({
      rejudged: 0,
      notRejudged: [
        "events[0]: fire-resolved: not re-judged: the file does not record the game state the shot was judged in (details.game), to check it against the log",
      ],
    });
    const bare = reloaded({ ...log, events: [{ ...shot, details: undefined }] });
    expect((await rejudgeGame(bare)).notRejudged).toEqual([
      "events[0]: fire-resolved: not re-judged: the file does not record the shot's declaration (details.verdict.declaration)",
    ]);
    const tables = {
      ...log,
      header: { ...log.header, ruleset: { ...log.header.ruleset, tables: [{ ruleset: "operation-ww2", table: "spotting", data: { infantry: "lots" } }] } },
    };
    expect((await rejudgeGame(tables)).notRejudged[0]).toMatch(/^events\[0\]: fire-resolved: not re-judged: the game's rules tables do not load: /);
  }, 120_000);
});

describe("shipped games", { timeout: 300_000 }, () => {
  it("the sample replay re-judges clean", async () => {
    const loaded = parseReplay(readFileSync("public/replays/sample.json", "utf8"), scenarioCatalog, LOAD);
    if (!loaded.ok) throw new Error(loaded.error);
    const shots = loaded.replay.log.events.filter((e) => e.type === "fire-resolved").length;
    expect(shots).toBeGreaterThan(5);
    expect(await rejudgeGame(loaded.replay.log)).toEqual({ rejudged: shots, notRejudged: [] });
  });

  it("the fuzz suite's games on the shipped battlefields re-judge clean", async () => {
    for (const [i, name] of SHIPPED.entries()) {
      const loaded = parseGame(await fuzzGame(name, 5 + i), scenarioCatalog, LOAD);
      if (!loaded.ok) throw new Error(loaded.error);
      const report = await rejudgeGame(loaded.game.log);
      expect(report.divergence, name).toBeUndefined();
      expect(report.notRejudged, name).toEqual([]);
      expect(report.rejudged, name).toBeGreaterThan(0);
    }
  });
});

describe("through the sight worker's host", () => {
  it("answers a rejudge request with progress, then the same report as in-process, on a world of its own", async () => {
    const log = reloaded(await play("bolt-action", [{ order: { unit: "ger-sq1", order: "fire" } }, { fire: { shooter: "ger-sq1", target: "us-sq1-m5" } }]));
    const { send, ask } = hostUnderTest(scenarioCatalog(log.header.scenario));
    // The player's table is elsewhere: a sync before and a report after are the table's, not the check's.
    await ask("sync", { scenario: log.header.scenario });
    const messages = await send("rejudge", { game: { header: log.header, events: log.events } });
    const last = messages.at(-1);
    expect(last).toMatchObject({ kind: "result", request: "rejudge", result: await rejudgeGame(log) });
    for (const m of messages.slice(0, -1)) expect(m).toMatchObject({ kind: "progress", total: 2 });
    expect((await ask("report", { shooter: "ger-sq1-m1", target: "us-sq1-m5" })).shooter).toBe("ger-sq1-m1");
  }, 120_000);
});
