/**
 * `npm run fire -- <game> --at <n>` run for real: a shot judged inside a saved game, in the state before event
 * n, with the rule system's game state derived from the events before it. For each of the four systems a
 * game is played with the app's commands and shots (judgeShotInGame, the sight worker's function) and saved;
 * then the same shot is asked at points around a moved unit, a pinned unit and an ordered one, and the
 * verdict follows the log: a move (Battleground's OM2 and Flames of War's halved ROF this turn, Operation
 * WW2's sight beyond a hedge, Bolt Action's Advance order), pins from a shot (a pinned Operation WW2 rifleman only
 * stands up, Bolt Action's pin marker, Battleground's Pinned, Flames of War's Pinned Down), and orders or
 * what a player recorded or declared (Bolt Action's order die, Operation WW2's Covering Fire, Battleground's
 * camouflage mark, Flames of War's At Double). The shipped sample replay's first shot is asked as recorded;
 * bad input (a point the game lacks, a model not on the table there, a file that does not load) exits 2.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Command, toEvent } from "../../src/core/game/commands";
import { serializeGame } from "../../src/core/game/gameFile";
import { currentState, type GameLog, newGame, record } from "../../src/core/game/gameLog";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseScenario } from "../../src/core/scenario/load";
import type { Scenario } from "../../src/core/scenario/schema";
import { fireEvent, giveOrder, orderEvent } from "../../src/rules/judge";
import { rulesetById } from "../../src/rules/registry";
import type { FireVerdict } from "../../src/rules/ruleset";
import { gameTabletop, judgeShotInGame } from "../../src/worker/fire";
import { mgTeam, scenario } from "../helpers/scene";
import { expectOneLineError, run, SPAWN_TIMEOUT } from "./run";

const farm = (): Scenario => {
  const parsed = parseScenario(JSON.parse(readFileSync("src/scenarios/bolt-action-farm.json", "utf8")), scenarioCatalog);
  if (!parsed.ok) throw new Error("the farm does not load");
  return parsed.scenario;
};

/** Two platoons of MG teams 35 cm apart in the open: Flames of War's 5 hits that pin come easily. */
const mgTeams = (): Scenario => {
  return scenario(
    [],
    [
      mgTeam("us-1", 40, 40, "A"),
      mgTeam("us-2", 40, 55, "A"),
      mgTeam("us-3", 40, 70, "A"),
      mgTeam("ger-1", 75, 40, "B"),
      mgTeam("ger-2", 75, 55, "B"),
      mgTeam("ger-3", 75, 70, "B"),
    ],
  );
};

/** What a player does: a command, a shot with the panel's answers, an order, the end of a turn. */
type Step =
  | { readonly command: (log: GameLog) => Command }
  | { readonly fire: Record<string, unknown> & { shooter: string; target: string } }
  | { readonly order: { unit: string; order: string } }
  | { readonly endTurn: true };

/** Every model of `unit` one step along (dx, dz) cm, as a unit dragged together. */
const stepUnit =
  (unit: string, dx: number, dz: number) =>
  (log: GameLog): Command => {
    const models = currentState(log)
      .scenario.forces.flatMap((f) => f.units)
      .find((u) => u.id === unit)!.models;
    return { type: "move-group", moves: models.map((m) => ({ model: m.id, to: { position: [m.position[0] + dx, m.position[1] + dz], heading: m.heading } })) };
  };

async function play(battlefield: Scenario, rulesetId: string, seed: number, steps: readonly Step[]): Promise<GameLog> {
  const ruleset = rulesetById(rulesetId)!;
  let log = newGame(battlefield, { seed, ruleset: { id: ruleset.id, version: ruleset.versions[0]!, options: {} }, created: "2026-11-25T00:00:00.000Z" });
  const table = gameTabletop();
  try {
    for (const step of steps) {
      if ("command" in step) {
        const state = currentState(log);
        const made = toEvent(state, scenarioCatalog(state.scenario), step.command(log), 0);
        if (!made.ok) throw new Error(made.error);
        log = record(log, made.event);
      } else if ("fire" in step) {
        const answer = await judgeShotInGame(table, { game: log, declaration: step.fire, roll: true });
        if (!answer.result) throw new Error(`${rulesetId}: the shot is refused: ${answer.verdict.rulings.map((r) => r.reason).join("; ")}`);
        log = record(log, fireEvent(ruleset, step.fire, answer.result, 0));
      } else if ("order" in step) {
        const { result } = giveOrder(log, log.cursor, step.order.unit, step.order.order);
        log = record(log, orderEvent(ruleset, result, 0));
      } else log = record(log, { type: "turn-ended", kept: [...ruleset.turn.keptAtTurnEnd], time: 0 });
    }
  } finally {
    table.dispose();
  }
  return log;
}

/** The first seed from 1 whose game pins what the test needs (the dice decide; the search is short). */
async function pinningGame(make: (seed: number) => Promise<GameLog>, pinned: (log: GameLog) => boolean): Promise<GameLog> {
  for (let seed = 1; seed <= 60; seed++) {
    const log = await make(seed);
    if (pinned(log)) return log;
  }
  throw new Error("no seed from 1 to 60 pins");
}

interface Check {
  /** What the check shows, for the test's name. */
  readonly what: string;
  /** The command line after the game file. */
  readonly args: readonly string[];
  /** In the verdict's text there, and not at `before`. */
  readonly shows: RegExp;
  readonly before?: readonly string[];
}

interface System {
  readonly id: string;
  readonly game: () => Promise<GameLog>;
  readonly checks: readonly Check[];
}

const pinnedModels = (log: GameLog, prefix: string) => Object.entries(currentState(log).status).filter(([id, s]) => id.startsWith(prefix) && s.pinned);

const SYSTEMS: readonly System[] = [
  {
    id: "operation-ww2",
    // The Americans fire at the Germans, whose unit fired last (§5.8), then step 10 cm back from their hedge.
    game: () =>
      pinningGame(
        (seed) =>
          play(farm(), "operation-ww2", seed, [
            { fire: { shooter: "us-sq1", target: "ger-sq1-m5", targetState: "firing" } },
            { command: stepUnit("us-sq1", 0, -10) },
          ]),
        (log) => pinnedModels(log, "ger-sq1").length > 0,
      ),
    checks: [
      {
        what: "pinned: a pinned rifleman can only stand up",
        args: ["--at", "1", "ger-sq1", "us-sq1-m5"],
        shows: /ger-sq1-m\d+ is pinned: it can only stand up/,
        before: ["--at", "0", "ger-sq1", "us-sq1-m5"],
      },
      {
        what: "moved: the Americans stepped back out of sight beyond their hedge",
        args: ["--at", "2", "ger-sq1", "us-sq1-m5", "--declare", "targetState=firing"],
        shows: /cannot see us-sq1-m5: the target is [\d.]+ cm beyond the low hedge/,
        before: ["--at", "1", "ger-sq1", "us-sq1-m5", "--declare", "targetState=firing"],
      },
      {
        what: "ordered: a Covering Fire order fires at a target in sight that is not spotted",
        args: ["--at", "0", "ger-sq1", "us-sq1-m5", "--declare", "order=covering-fire"],
        shows: /^CAN FIRE$/m,
        before: ["--at", "0", "ger-sq1", "us-sq1-m5"],
      },
    ],
  },
  {
    id: "bolt-action",
    // The Germans are given Advance; the Americans, given Fire, fire at them and leave a pin.
    game: () =>
      pinningGame(
        (seed) =>
          play(farm(), "bolt-action", seed, [
            { order: { unit: "ger-sq1", order: "advance" } },
            { order: { unit: "us-sq1", order: "fire" } },
            { fire: { shooter: "us-sq1", target: "ger-sq1-m5" } },
          ]),
        (log) => (currentState(log).units["ger-sq1"]?.pins ?? 0) > 0,
      ),
    checks: [
      {
        what: "ordered: the order die in the log is the firing unit's",
        args: ["--at", "1", "ger-sq1", "us-sq1-m5"],
        shows: /ger-sq1 \(advance order\) fires at us-sq1/,
        before: ["--at", "0", "ger-sq1", "us-sq1-m5"],
      },
      {
        what: "moved: Advance fires on the move",
        args: ["--at", "1", "ger-sq1", "us-sq1-m5"],
        shows: /firing on the move \(Advance order\)/,
        before: ["--at", "0", "ger-sq1", "us-sq1-m5"],
      },
      {
        what: "pinned: the pin marker the shot left",
        args: ["--at", "3", "ger-sq1", "us-sq1-m5"],
        shows: /\d+ pin markers? on the firing unit/,
        before: ["--at", "2", "ger-sq1", "us-sq1-m5"],
      },
    ],
  },
  {
    id: "battleground",
    // A German rifleman steps back; one American rifleman fires at him; a player marks the American camouflaged.
    game: () =>
      pinningGame(
        (seed) =>
          play(farm(), "battleground", seed, [
            { command: () => ({ type: "move", model: "ger-sq1-m5", to: { position: [66.8, 74.5], heading: 180 } }) },
            { fire: { shooter: "us-sq1-m3", target: "ger-sq1-m5" } },
            { command: () => ({ type: "set-model-state", ruleset: "battleground", model: "us-sq1-m5", state: { camouflaged: true } }) },
          ]),
        (log) => {
          const m5 = currentState(log).status["ger-sq1-m5"];
          return m5?.pinned === true && m5.markers.length === 0;
        },
      ),
    checks: [
      {
        what: "moved: his move this turn is the Bonus Move",
        args: ["--at", "1", "ger-sq1-m5", "us-sq1-m5"],
        shows: /ger-sq1-m5 moved \(as OM2\)/,
        before: ["--at", "0", "ger-sq1-m5", "us-sq1-m5"],
      },
      {
        what: "pinned: the shot left him Pinned",
        args: ["--at", "2", "ger-sq1-m5", "us-sq1-m5"],
        shows: /ger-sq1-m5 is Pinned/,
        before: ["--at", "1", "ger-sq1-m5", "us-sq1-m5"],
      },
      {
        what: "ordered: a player's camouflage mark on the target",
        args: ["--at", "3", "ger-sq1-m5", "us-sq1-m5"],
        shows: /us-sq1-m5 is camouflaged/,
        before: ["--at", "2", "ger-sq1-m5", "us-sq1-m5"],
      },
    ],
  },
  {
    id: "flames-of-war",
    // The German MG platoon steps aside; the Americans fire at it (it moved: not Gone to Ground) and pin it; the turn ends.
    game: () =>
      pinningGame(
        (seed) =>
          play(mgTeams(), "flames-of-war", seed, [
            { command: stepUnit("unit-ger", 0, 1) },
            { fire: { shooter: "unit-us", target: "ger-2", targetMoved: true } },
            { endTurn: true },
          ]),
        (log) => pinnedModels(log, "ger-").length > 0,
      ),
    checks: [
      {
        what: "moved: the firing platoon moved this turn, ROF halved",
        args: ["--at", "1", "unit-ger", "us-2"],
        shows: /moved: ROF halved, rounded down, to 1/,
        before: ["--at", "0", "unit-ger", "us-2"],
      },
      {
        what: "pinned: Pinned Down in the next turn, ROF halved",
        args: ["--at", "3", "unit-ger", "us-2"],
        shows: /Pinned Down: ROF halved, rounded down, to 1/,
        before: ["--at", "0", "unit-ger", "us-2"],
      },
      {
        what: "ordered: the target declared At Double",
        args: ["--at", "3", "unit-ger", "us-2", "--declare", "targetAtDouble"],
        shows: /us-\d moved At Double: double dice/,
        before: ["--at", "3", "unit-ger", "us-2"],
      },
    ],
  },
];

let dir: string;
const files = new Map<string, string>();
/** One run per command line: checks that share a point share its run. */
const runs = new Map<string, ReturnType<typeof run>>();
const fire = (args: readonly string[]) => {
  const key = JSON.stringify(args);
  if (!runs.has(key)) runs.set(key, run("fire", args));
  return runs.get(key)!;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hulldown-fire-at-"));
  for (const system of SYSTEMS) {
    const file = join(dir, `${system.id}.json`);
    await writeFile(file, serializeGame(await system.game()));
    files.set(system.id, file);
  }
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

for (const system of SYSTEMS) {
  describe(`fire --at in a ${system.id} game`, { timeout: SPAWN_TIMEOUT * 2 }, () => {
    for (const check of system.checks) {
      it(check.what, async () => {
        const file = files.get(system.id)!;
        const [at, before] = await Promise.all([fire([file, ...check.args]), check.before ? fire([file, ...check.before]) : undefined]);
        expect(at.code, at.stderr).toBe(0);
        expect(at.stdout).toMatch(check.shows);
        if (before) {
          expect(before.code, before.stderr).toBe(0);
          expect(before.stdout).not.toMatch(check.shows);
        }
      });
    }
  });
}

describe("fire --at in the shipped sample replay", { timeout: SPAWN_TIMEOUT }, () => {
  it("gives the verdict its first recorded shot was judged under", async () => {
    const replay = JSON.parse(readFileSync("public/replays/sample.json", "utf8"));
    const shot = replay.events[2];
    expect(shot).toMatchObject({ type: "fire-resolved", shooter: "ger-sq3", target: "us-sq2" });
    const r = await run("fire", ["public/replays/sample.json", "--at", "2", "ger-sq3", "us-sq2", "--weapon", "small-arms", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const { verdict } = JSON.parse(r.stdout) as { verdict: FireVerdict & { pairs?: unknown } };
    // The recorded ruling is the verdict less its sight-line detail (Operation WW2 keeps `pairs` out of the log), and the
    // weapon was each firer's usual one: small arms, the weapon named here.
    const { pairs: _pairs, declaration, ...ruling } = verdict;
    const { declaration: recorded, ...recordedRuling } = shot.details.verdict;
    expect(declaration).toEqual({ ...recorded, weapon: "small-arms" });
    expect(ruling).toEqual(recordedRuling);
    expect(verdict.firers.every((f) => f.weapon?.id === "small-arms")).toBe(true);
  });
});

describe("fire --at: bad input exits 2 with one line", { timeout: SPAWN_TIMEOUT }, () => {
  it("names a point the game lacks, a model not on the table there, and a file that does not load", async () => {
    const game = files.get("bolt-action")!;
    const broken = join(dir, "broken.json");
    await writeFile(broken, readFileSync(game, "utf8").slice(0, 200));
    const cases: Array<[string[], string[]]> = [
      [
        [game, "--at", "9", "ger-sq1", "us-sq1-m5"],
        ['bad --at "9"', "has 3 events, so a point from 0 (before the first) to 3 (after the last)"],
      ],
      [[game, "--at=-1", "ger-sq1", "us-sq1-m5"], ['bad --at "-1"']],
      [
        [game, "--at", "1", "ger-sq1", "us-sq1-m99"],
        ['the target "us-sq1-m99" is neither a model nor a unit on the table before event 1', "us-sq1 ("],
      ],
      [[broken, "ger-sq1", "us-sq1-m5"], [`${broken} does not load`]],
      [
        [game, "--at", "1", "ger-sq1", "us-sq1-m5", "--ruleset", "battleground"],
        ["--ruleset applies to a battlefield file", "names its own rule system"],
      ],
    ];
    const runs = await Promise.all(cases.map(([args]) => run("fire", args)));
    runs.forEach((r, i) => expectOneLineError(r, "fire", ...cases[i]![1]));
  });
});
