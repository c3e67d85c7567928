/**
 * npm run move -- <game-or-replay.json> [--at <n>] <model> <x,z> [--json]
 * npm run move -- <battlefield.json> <model> <x,z> [--ruleset <id>] [--version <v>] [--option <id>=<value>]... [--json]
 *
 * A rule system's verdict on a move inside a game at any point of it: the allowance of one move, what this
 * one costs (straight from where the model stands), whether it may be made, and every rule behind it; and
 * whether the table and the turn allow it (a model in the way, the other side's activation). The sibling of
 * npm run fire; it talks to rule systems only through the Ruleset interface and the registry.
 */
import { toEvent } from "../core/game/commands";
import { findModel, placementOf } from "../core/game/models";
import type { Vec2 } from "../core/geometry2d";
import { formatLength } from "../core/units";
import { NotJudgeable, rulesAt, turnRefusal } from "../rules/gameContext";
import { RULESETS } from "../rules/registry";
import type { MoveVerdict, Ruleset } from "../rules/ruleset";
import { CliError, expectPositionals, parseNumberList, print, printJson, runCommand } from "./common";
import { gameOf, list, requireRuleset } from "./gameAt";

const USAGE = `A rule system's verdict on a move inside a Hulldown game or on a battlefield.

Usage:
  npm run move -- <game-or-replay.json> [--at <n>] <model> <x,z> [--json]
  npm run move -- <battlefield.json> <model> <x,z> [--ruleset <id>] [--version <v>] [--option <id>=<value>]... [--json]

<model> (a model id) moves straight from where it stands to the point x,z of the table (cm from its
corner). In a game or replay file the move is judged in the game before event <n> (after events 0…n−1;
without --at, after the last event): the table, the unit's order and the turn as those events leave them.
The verdict gives the allowance of one move and what this move costs in the rule system's measure (inches,
Movement Points), whether it may be made, and every ruling with its rule reference; numbers from sample
tables are marked "sample". It also says whether the table allows the move (a model or wall in the way)
and whether the turn does (a game that follows its turns refuses the waiting side's moves).
Rule systems that check moves: ${RULESETS.filter((r) => r.moveVerdict)
  .map((r) => r.id)
  .join(", ")}.

Options:
  --at <n>                 judge before event n of the game or replay (0 to its number of events)
  --ruleset <id>           battlefield only: the rule system (default: the battlefield's own, else the first)
  --version <v>            battlefield only: the rules version
  --option <id>=<value>    battlefield only: one of the system's options, repeatable
  --json                   print JSON only: { verdict, table, turn }
  -h, --help               show this help

Exit codes: 0 done (also when the move is refused), 2 bad input (file, point, id, option), 1 internal error.`;

const command = {
  name: "move",
  usage: USAGE,
  options: {
    at: { type: "string" },
    ruleset: { type: "string" },
    version: { type: "string" },
    option: { type: "string", multiple: true },
    json: { type: "boolean" },
  },
} as const;

function formatMove(
  verdict: MoveVerdict | undefined,
  ruleset: Ruleset,
  facts: { model: string; to: Vec2; length: number; table?: string; turn?: string },
): string {
  const amount = (n: number) => (verdict?.measure === "in" ? `${Number(n.toFixed(2))}"` : `${Number(n.toFixed(2))} ${verdict?.measure}`);
  const lines = [`${ruleset.name}: ${facts.model} to ${facts.to.map((n) => n.toFixed(1)).join(", ")} (${formatLength(facts.length, "cm")} straight)`];
  if (verdict) {
    lines.push(`allowance ${amount(verdict.allowance)} · cost ${amount(verdict.cost)} · ${verdict.allowed ? "allowed" : "refused"}`);
    for (const r of verdict.rulings) lines.push(`  ${r.reason}  [${r.rule}]${r.sample ? ` (sample ${r.sample.table} table)` : ""}`);
  } else lines.push(`${ruleset.name} checks no movement allowance yet: the move is not judged`);
  lines.push(`table: ${facts.table ?? "the model fits where it goes"}`);
  lines.push(`turn: ${facts.turn ?? "in turn"}`);
  return lines.join("\n");
}

await runCommand(command, async ({ values, positionals }) => {
  const [file, model, point] = expectPositionals(positionals, ["game-or-battlefield.json", "model", "x,z"]) as [string, string, string];
  const [x, z] = parseNumberList(point, "point", "60,45", { count: 2 }) as [number, number];
  const to: [number, number] = [x, z];
  const { log, at } = await gameOf(file, values);
  const ruleset = requireRuleset(log.header.ruleset.id);
  try {
    const { context, history, battlefield } = rulesAt(log, at);
    const standing = findModel(history.state.scenario, model);
    if (!standing)
      throw new CliError(`no model "${model}" on the table at event ${at} of ${file}; its models are ${list([...battlefield.models.keys()].slice(0, 12))}…`);
    const { width, depth } = history.state.scenario.table;
    if (to[0] < 0 || to[0] > width || to[1] < 0 || to[1] > depth) throw new CliError(`bad point "${point}": off the ${width} × ${depth} cm table`);
    const path: [number, number][] = [[...standing.position], to];
    const verdict = ruleset.moveVerdict?.({ model, path }, context);
    const made = toEvent(history.state, battlefield.catalog, { type: "move", model, to: { ...placementOf(standing), position: to }, path }, 0);
    const table = made.ok ? undefined : made.error;
    const turn = made.ok ? turnRefusal(log.header, history.state, made.event) : undefined;
    const length = Math.hypot(to[0] - standing.position[0], to[1] - standing.position[1]);
    if (values.json) printJson({ verdict: verdict ?? null, table: table ?? null, turn: turn ?? null });
    else print(formatMove(verdict, ruleset, { model, to, length, ...(table ? { table } : {}), ...(turn ? { turn } : {}) }));
  } catch (error) {
    if (error instanceof NotJudgeable) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
});
