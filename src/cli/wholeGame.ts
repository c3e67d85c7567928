/**
 * `npm run sample-game -- --ruleset <id> [--seed N] [--battlefield file] [--out file]`: plays a whole game
 * headless under a rule system (sampleGame.ts: every move, order and shot through the app's checks, the turn
 * moved on by the turn engine) from the deployment to the mission's result, writes its replay and prints what
 * happened, every refusal included.
 */
import { writeFile } from "node:fs/promises";
import { currentState } from "../core/game/gameLog";
import { missionTitle } from "../core/mission/samples";
import { serializeReplay } from "../replay/replayFile";
import { RULESETS } from "../rules/registry";
import { missionOutcome } from "../rules/turn";
import { CliError, describeFsError, loadScenario, print, runCommand } from "./common";
import { list, parseSeed, requireRuleset } from "./gameAt";
import { playWholeGame, SAMPLE_SEED } from "./sampleGame";

const BATTLEFIELD = "src/scenarios/bolt-action-farm.json";

const USAGE = `Plays a whole game headless under a rule system, from the deployment to the result, and writes its replay.
Both sides are played by a simple scripted player: each unit in its turn takes an Advance order where the
system gives orders, moves towards the nearest objective its side may score and (a team, gun or vehicle)
fires at the nearest enemy unit, a shot a side a turn. Every move, order and shot goes through the app's own
checks (the table, the rule system's move and fire verdicts, the turn); each refusal is counted and printed.
The battlefield's own mission is played, or the rule system's first sample mission where it has none.

Usage:
  npm run sample-game -- --ruleset <id> [--seed N] [--battlefield <file.json>] [--out <replay.json>]

Options:
  --ruleset ID          the rule system: ${list(RULESETS.map((r) => r.id))}
  --seed N              the game's seed (default ${SAMPLE_SEED})
  --battlefield FILE    a battlefield file (default ${BATTLEFIELD})
  --out FILE            where the replay goes (default public/replays/<ruleset>.json)
  -h, --help            show this help`;

const command = {
  name: "sample-game",
  usage: USAGE,
  options: { ruleset: { type: "string" }, seed: { type: "string" }, battlefield: { type: "string" }, out: { type: "string" } },
} as const;

await runCommand(command, async ({ values, positionals }) => {
  if (positionals.length) throw new CliError(`unexpected argument "${positionals[0]}" (see --help)`);
  if (!values.ruleset) throw new CliError(`missing --ruleset <id>: one of ${list(RULESETS.map((r) => r.id))}`);
  const ruleset = requireRuleset(values.ruleset);
  const seed = values.seed === undefined ? SAMPLE_SEED : parseSeed(values.seed);
  const battlefield = await loadScenario(values.battlefield ?? BATTLEFIELD);
  const out = values.out ?? `public/replays/${ruleset.id}.json`;
  const { log, notes, refusals } = await playWholeGame(ruleset, seed, battlefield);
  const text = serializeReplay({ log, notes });
  try {
    await writeFile(out, text);
  } catch (error) {
    throw new CliError(`cannot write ${out}: ${describeFsError(error)}`);
  }
  const scenario = log.header.scenario;
  const count = (type: string) => log.events.filter((e) => e.type === type).length;
  const casualties = log.events
    .flatMap((e) => (e.type === "fire-resolved" ? e.outcomes : []))
    .filter((o) => o.effect === "casualty" || o.effect === "destroyed");
  const end = log.events.at(-1);
  const outcome = missionOutcome(currentState(log).scenario);
  const by = (kind: string) => refusals.filter((r) => r.by === kind).length;
  print(
    [
      `${out}: ${ruleset.name} on ${scenario.name}, ${scenario.mission ? missionTitle(scenario.mission) : "no mission"}, seed ${seed}; ${text.length} bytes`,
      `  ${log.events.length} events: ${count("turn-advanced")} turn steps, ${count("models-moved")} moves, ${count("order-given")} orders, ${count("fire-resolved")} shots (${casualties.length} casualties)`,
      `  result: ${end?.type === "game-ended" ? `${end.reason}${end.winner !== undefined ? `; ${end.winner} win` : "; no winner"}` : "the game did not end"}`,
      ...(outcome ? [`  score: ${outcome.scores.map((s) => `${s.side} ${s.points}`).join(", ")}`] : []),
      `  refused: ${refusals.length} tries (the table ${by("table")}, the rules ${by("rules")}, the turn ${by("turn")})`,
      ...refusals.map((r) => `    ${r.what}: [${r.by}] ${r.reason}`),
    ].join("\n"),
  );
});
