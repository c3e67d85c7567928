/**
 * npm run fire -- <game-or-replay.json> [--at <n>] <shooter> <target> [--weapon <id>] [--declare <id>[=<value>]]...
 *                 [--roll [--seed <n>]] [--json]
 * npm run fire -- <battlefield.json> <shooter> <target> [--ruleset <id>] [--version <v>] [--option <id>=<value>]...
 *                 [--weapon <id>] [--declare <id>[=<value>]]... [--roll --seed <n>] [--json]
 *
 * A rule system's verdict on a declared shot inside a game at any point of it, and with --roll its
 * resolution, by the same function the app's sight worker, a re-judged file and the game server use
 * (judgeShotInGame). A battlefield file is a new game on it. Talks to rule systems only through the Ruleset
 * interface and the registry, so every system added there works here unchanged.
 */
import { NotJudgeable, rulesAt } from "../rules/gameContext";
import { parseAnswer } from "../rules/questions";
import { DEFAULT_RULESET, RULESETS } from "../rules/registry";
import type { Ruleset } from "../rules/ruleset";
import { gameTabletop, judgeShotInGame } from "../worker/fire";
import { CliError, expectPositionals, print, printJson, runCommand } from "./common";
import { formatFire } from "./formatFire";
import { gameOf, list, parseSeed, requireRuleset } from "./gameAt";

const USAGE = `A rule system's verdict on a shot, and its dice, inside a Hulldown game or on a battlefield.

Usage:
  npm run fire -- <game-or-replay.json> [--at <n>] <shooter> <target> [--weapon <id>]
                  [--declare <id>[=<value>]]... [--roll [--seed <n>]] [--json]
  npm run fire -- <battlefield.json> <shooter> <target> [--ruleset <id>] [--version <v>]
                  [--option <id>=<value>]... [--weapon <id>] [--declare <id>[=<value>]]... [--roll --seed <n>] [--json]

<shooter> fires at <target>. Each is a model id or a unit id: a unit fires with every model; a model
named as the target is the aiming point and its unit is the target. In a game or replay file the shot is
judged in the game before event <n> (after events 0…n−1; without --at, after the last event): the table as
those events leave it, and the rule system's game state derived from them (moves this turn, pins, order dice,
marks, last targets, smoke), as the app judges it at that point. A battlefield file is a new game on it.
The verdict lists every ruling with its rule reference (§ of the rule system's digest), and for each firer
the dice, the part of the target it fires at, the number it needs and every modifier. Numbers from sample
tables (stand-ins for tables the source does not print) are marked "sample". With --roll the shot is
resolved as the app's game log would: every die with its meaning, who was hit and what happened.

Options:
  --at <n>                 judge before event n of the game or replay (0 to its number of events)
  --weapon <id>            the firers' weapon (default: each firer's usual weapon)
  --declare <id>[=<value>] an answer to the rule system's questions before a shot, repeatable: a flag alone
                           is yes (Bolt Action: --declare he; Flames of War: --declare targetAtDouble),
                           a choice or number takes its value (Battleground: --declare ammunition=HE)
  --roll                   resolve the shot: in a game with its own seed, at its place in the dice stream
  --seed <n>               the dice seed, a whole number (needed with --roll on a battlefield; in a game it
                           replaces the game's seed)
  --ruleset <id>           battlefield only: the rule system (default: the battlefield's own "ruleset", else
                           ${DEFAULT_RULESET}; known: ${RULESETS.map((r) => r.id).join(", ")})
  --version <v>            battlefield only: the rules version (default: the battlefield's own, else the system's first)
  --option <id>=<value>    battlefield only: one of the system's options, repeatable
  --json                   print JSON only: { verdict, result? } as the sight worker answers
  -h, --help               show this help

Exit codes: 0 done (also when the shot is not allowed), 2 bad input (file, point, id, option, answer), 1 internal error.`;

const command = {
  name: "fire",
  usage: USAGE,
  options: {
    at: { type: "string" },
    weapon: { type: "string" },
    ruleset: { type: "string" },
    version: { type: "string" },
    option: { type: "string", multiple: true },
    declare: { type: "string", multiple: true },
    roll: { type: "boolean" },
    seed: { type: "string" },
    json: { type: "boolean" },
  },
} as const;

/** `--declare id[=value]` answers, each checked against the system's questions before a shot. */
function parseDeclared(ruleset: Ruleset, given: readonly string[]): Record<string, string | number | boolean> {
  const answers: Record<string, string | number | boolean> = {};
  for (const text of given) {
    const eq = text.indexOf("=");
    const [id, value] = eq < 0 ? [text, undefined] : [text.slice(0, eq), text.slice(eq + 1)];
    const question = ruleset.declaration.find((q) => q.id === id);
    if (!question)
      throw new CliError(
        `${ruleset.name} asks no "${id}" before a shot; ${ruleset.declaration.length ? `it asks ${list(ruleset.declaration.map((q) => q.id))}` : "it asks nothing"}`,
      );
    try {
      answers[id] = parseAnswer(question, value);
    } catch (error) {
      throw new CliError(`bad --declare "${text}": ${(error as Error).message}`);
    }
  }
  return answers;
}

await runCommand(command, async ({ values, positionals }) => {
  const [file, shooter, target] = expectPositionals(positionals, ["game-or-battlefield.json", "shooter", "target"]) as [string, string, string];
  if (!values.roll && values.seed !== undefined) throw new CliError("--seed applies only with --roll");
  const { log, at, inGame } = await gameOf(file, values);
  if (values.roll && !inGame && values.seed === undefined) throw new CliError("--roll needs --seed <n> on a battlefield: the dice come from a game's seed");
  const ruleset = requireRuleset(log.header.ruleset.id);
  const answers = parseDeclared(ruleset, values.declare ?? []);

  const table = gameTabletop();
  try {
    if (values.weapon !== undefined) {
      const { context, battlefield } = rulesAt(log, at);
      const firers = battlefield.models.has(shooter) ? [shooter] : [...battlefield.models.values()].filter((e) => e.unitId === shooter).map((e) => e.model.id);
      const weapons = [...new Set(firers.flatMap((m) => ruleset.weaponsOf(m, context)))];
      if (firers.length && !weapons.includes(values.weapon))
        throw new CliError(`${shooter} has no weapon "${values.weapon}" under ${ruleset.name}; its weapons are ${list(weapons) || "none"}`);
    }
    // On a battlefield the new game's seed is --seed; in a game --seed rolls another stream from the same point.
    const seed = values.seed === undefined ? log.header.seed : parseSeed(values.seed);
    const answer = await judgeShotInGame(table, {
      game: log,
      at,
      declaration: { shooter, target, ...(values.weapon !== undefined ? { weapon: values.weapon } : {}), ...answers },
      ...(values.roll ? { roll: { seed } } : {}),
    });
    if (values.json) printJson(answer);
    else print(formatFire(answer, ruleset, { version: log.header.ruleset.version, ...(values.roll ? { seed } : {}) }));
  } catch (error) {
    if (error instanceof NotJudgeable) throw new CliError(`${file}: ${error.message}`);
    throw error;
  } finally {
    table.dispose();
  }
});
