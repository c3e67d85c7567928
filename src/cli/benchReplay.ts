/**
 * The replay section of `npm run bench`: a game of N events on a battlefield (moves along paths, turret
 * traverses, templates laid and lifted, shots rolled from the game's seed with casualties), exported and
 * loaded as a replay file (which makes the replay's snapshots), then seeks to random replay times, each one
 * the whole frame the table draws (the fold's state plus the event in motion); and, for comparison, one seek
 * to the end of a copy without snapshots (the whole fold). Each seek is timed twice: wall time, and the CPU
 * time the process spent on it — on a shared machine the wall time's worst cases are the process waiting for
 * a core (a 0.4 ms seek measured 77 ms of wall time), which the CPU time leaves out. And the shipped sample
 * replay's shots judged again from its seed (what the app does when a replay is opened).
 */
import { readFile } from "node:fs/promises";
import { createDice } from "../core/dice";
import { type Command, toEvent } from "../core/game/commands";
import type { GameEvent } from "../core/game/events";
import { currentState, type GameLog, newGame } from "../core/game/gameLog";
import { applyEvent } from "../core/game/state";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { catalogFor } from "../core/scale";
import type { Point, Scenario } from "../core/scenario/schema";
import { replayFrame } from "../replay/frame";
import { parseReplay, serializeReplay } from "../replay/replayFile";
import { buildTimeline } from "../replay/timeline";
import { RULESETS } from "../rules/registry";
import { rejudgeGame } from "../worker/rejudgeGame";

export const SAMPLE_REPLAY = "public/replays/sample.json";

export interface ReplayBench {
  readonly events: number;
  readonly fileBytes: number;
  readonly loadMs: number;
  readonly coldSeekMs: number;
  readonly seeks: number;
  readonly seekMedianMs: number;
  readonly seekP95Ms: number;
  readonly seekMaxMs: number;
  /** The seeks' own cost: CPU time (garbage collection included), not time spent waiting for a core. */
  readonly seekCpuMedianMs: number;
  readonly seekCpuP95Ms: number;
  readonly seekCpuMaxMs: number;
}

/**
 * A game of `count` events on `scenario`, from the app's commands and a seeded stream of choices. The state is
 * carried from event to event (not folded again from the start for each), so a 100,000-event game is made in
 * seconds.
 */
export function syntheticGame(scenario: Scenario, count: number, seed = 500): GameLog {
  const catalog = catalogFor(scenario.scale);
  const choices = createDice(seed);
  const dice = createDice(seed);
  const start = newGame(scenario, {
    seed,
    ruleset: { id: RULESETS[0]!.id, version: RULESETS[0]!.versions[0]!, options: {} },
    created: "2026-01-01T00:00:00.000Z",
  });
  const events: GameEvent[] = [];
  let state = currentState(start);
  const { width, depth } = scenario.table;
  const add = (event: GameEvent) => {
    state = applyEvent(state, event);
    events.push(event);
  };
  const perform = (command: Command) => {
    const result = toEvent(state, catalog, command, 0);
    if (result.ok) add(result.event);
  };
  while (events.length < count) {
    const models = state.scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models));
    const model = models[Math.floor(choices.fraction("model") * models.length)]!;
    const kind = events.length % 10;
    if (kind === 3 && catalog.get(model.model)?.parts.some((p) => p.turret))
      perform({ type: "traverse", model: model.id, turretHeading: choices.fraction("turret") * 360 });
    else if (kind === 5) {
      const id = `t${events.length}`;
      perform({ type: "place-template", template: { id, shape: { kind: "blast", at: model.position, radii: [5] }, from: "above", label: "" } });
    } else if (kind === 6 && Object.keys(state.templates).length) perform({ type: "remove-template", id: Object.keys(state.templates)[0]! });
    else if (kind === 8) {
      const before = dice.rolls.length;
      const hit = dice.roll(10, "to hit");
      add({
        type: "fire-resolved",
        ruleset: RULESETS[0]!.id,
        shooter: model.id,
        weapon: "rifle",
        target: model.id,
        rolls: dice.rolls.slice(before).map((r) => ({ ...r })),
        // Casualties while the table keeps ten models: a long game goes on moving, not an empty table.
        outcomes: [{ model: model.id, effect: hit > 8 && models.length > 10 ? "casualty" : "pinned", detail: "" }],
        summary: "bench shot",
      });
    } else {
      const step: Point = [(choices.fraction("dx") - 0.5) * 12, (choices.fraction("dz") - 0.5) * 12];
      const to: Point = [Math.min(width - 1, Math.max(1, model.position[0] + step[0])), Math.min(depth - 1, Math.max(1, model.position[1] + step[1]))];
      const mid: Point = [(model.position[0] + to[0]) / 2 + 1, (model.position[1] + to[1]) / 2];
      perform({ type: "move", model: model.id, to: { position: to, heading: model.heading }, path: [model.position, mid, to] });
    }
  }
  return { ...start, events, cursor: events.length };
}

const quantile = (xs: readonly number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export function benchReplay(scenario: Scenario, count: number, seeks = 500): ReplayBench {
  const text = serializeReplay({ log: syntheticGame(scenario, count), notes: [] });
  let t = performance.now();
  const loaded = parseReplay(text, scenarioCatalog, { rulesets: RULESETS });
  const loadMs = performance.now() - t;
  if (!loaded.ok) throw new Error(`the bench's own replay does not load: ${loaded.error}`);
  const log = loaded.replay.log;
  const timeline = buildTimeline(log.events);
  const times = createDice(7);
  // The same events in a new list have no snapshots yet: the whole fold, as for a log that was not loaded from a file.
  const cold = { ...log, events: [...log.events] };
  t = performance.now();
  replayFrame(cold, timeline, timeline.total - 1);
  const coldSeekMs = performance.now() - t;
  const ms: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < seeks; i++) {
    const at = times.fraction("seek") * timeline.total;
    const cpu = process.cpuUsage();
    t = performance.now();
    replayFrame(log, timeline, at);
    ms.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return {
    events: log.events.length,
    fileBytes: Buffer.byteLength(text),
    loadMs,
    coldSeekMs,
    seeks,
    seekMedianMs: quantile(ms, 0.5),
    seekP95Ms: quantile(ms, 0.95),
    seekMaxMs: Math.max(...ms),
    seekCpuMedianMs: quantile(cpuMs, 0.5),
    seekCpuP95Ms: quantile(cpuMs, 0.95),
    seekCpuMaxMs: Math.max(...cpuMs),
  };
}

export interface ReplayLoadBench {
  readonly events: number;
  readonly fileBytes: number;
  /** Each load's CPU time (the process's, garbage collection included) and wall time, ms. */
  readonly cpuMs: readonly number[];
  readonly wallMs: readonly number[];
}

/**
 * Loading a long replay file as the app's loader worker does (parseReplay: every event checked against its
 * state and the game's dice, the table after each hashed and compared, the snapshots made), `rounds` times.
 */
export function benchReplayLoad(scenario: Scenario, count: number, rounds: number): ReplayLoadBench {
  const text = serializeReplay({ log: syntheticGame(scenario, count), notes: [{ event: count - 1, text: "the end" }] });
  const cpuMs: number[] = [];
  const wallMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const loaded = parseReplay(text, scenarioCatalog, { rulesets: RULESETS });
    wallMs.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    if (!loaded.ok || loaded.replay.log.events.length !== count)
      throw new Error(`the bench's long replay does not load whole: ${loaded.ok ? loaded.replay.warning : loaded.error}`);
  }
  return { events: count, fileBytes: Buffer.byteLength(text), cpuMs, wallMs };
}

/** Judges the sample replay's shots again; the number of shots judged (it must judge clean). */
export async function rejudgeSampleReplay(): Promise<number> {
  const loaded = parseReplay(await readFile(SAMPLE_REPLAY, "utf8"), scenarioCatalog, { rulesets: RULESETS });
  if (!loaded.ok) throw new Error(`${SAMPLE_REPLAY} does not load: ${loaded.error}`);
  const report = await rejudgeGame(loaded.replay.log);
  const problem = report.divergence?.message ?? report.notRejudged[0];
  if (problem) throw new Error(`${SAMPLE_REPLAY} does not judge clean: ${problem}`);
  return report.rejudged;
}
