/**
 * A rule system's verdict on a declared shot, and its resolution, as a referee's note for the command
 * line: every ruling with its rule, each firer's number to hit with its modifiers, every die with its
 * meaning, who was hit and what happened, and which numbers are sample data. Speaks only the Ruleset
 * interface's types, so every rule system prints the same way. Pure functions from data to text.
 */

import { type FireResult, type FirerVerdict, type Modifier, needPhrase, type Ruleset, type Ruling, type SampleTable } from "../rules/ruleset";
import type { FireAnswer } from "../worker/fire";
import { columns } from "./formatReport";

const INDENT = "  ";

const sampleNote = (sample: SampleTable | undefined): string => (sample ? ` · sample ${sample.table} table` : "");
const ruling = (r: Ruling): string => `${r.reason} [${r.rule}]${sampleNote(r.sample)}`;
const signed = (v: number): string => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "±0");
const modifier = (m: Modifier): string => `${signed(m.value)} ${m.roll}: ${ruling(m)}`;

function firerLines(f: FirerVerdict, die: number): string[] {
  const weapon = f.weapon ? ` (${f.weapon.id})` : "";
  const shot = f.shots.find((s) => s.group === f.group);
  if (!f.canFire || !shot) {
    const why = [...f.rulings, ...f.shots.flatMap((s) => s.rulings.slice(-1).map((r) => ({ ...r, reason: `at "${s.group}": ${r.reason}` })))];
    return [`${f.model}${weapon}: cannot fire`, ...why.map((r) => `${INDENT}${ruling(r)}`)];
  }
  const need = shot.need === undefined ? "no roll to hit" : `${needPhrase(shot, die)} on a d${die}`;
  return [
    `${f.model}${weapon}: ${f.dice} ${f.dice === 1 ? "die" : "dice"}${sampleNote(f.sample)} at "${shot.group}", ${need}${sampleNote(shot.sample)}`,
    ...shot.modifiers.map((m) => `${INDENT}${modifier(m)}`),
    ...[...f.rulings, ...shot.rulings].map((r) => `${INDENT}${ruling(r)}`),
  ];
}

function resultLines(result: FireResult, seed: number): string[] {
  const { dice, allocation, steps } = result.details;
  const die = (i: number) => `#${i}`;
  return [
    "",
    `Roll (seed ${seed}): ${result.summary}`,
    "",
    "Dice",
    ...columns(
      dice.map((d) => [
        `${INDENT}${die(d.index)}`,
        `d${d.sides}`,
        `${d.value}`,
        d.total !== undefined && d.total !== d.value ? `(${d.total})` : "",
        `${d.meaning}${d.model ? ` (${d.model})` : ""}`,
        `[${d.rule}]${sampleNote(d.sample)}`,
      ]),
    ),
    "",
    "Allocation",
    ...(allocation.length
      ? columns(
          allocation.map((a) => [
            `${INDENT}${a.model}`,
            a.effect,
            a.result,
            `by ${a.by}`,
            a.rolls.length ? `(dice ${a.rolls.map(die).join(", ")})` : "",
            a.allocatedBy ? `allocated: ${a.allocatedBy.reason} [${a.allocatedBy.rule}]` : "",
          ]),
        )
      : [`${INDENT}nobody was hit`]),
    "",
    "Steps",
    ...steps.map((s) => `${INDENT}${s.text} [${s.rule}]${s.rolls.length ? ` (dice ${s.rolls.map(die).join(", ")})` : ""}`),
  ];
}

/** The verdict (and the resolved shot, when one was rolled) as text. */
export function formatFire(answer: FireAnswer, ruleset: Pick<Ruleset, "name" | "die">, setup: { readonly version: string; readonly seed?: number }): string {
  const v = answer.verdict;
  const d = v.declaration;
  const lines = [
    `${ruleset.name} ${setup.version}: ${d.shooter} fires ${d.weapon ? `its ${d.weapon} ` : ""}at ${d.target}`,
    v.valid ? "CAN FIRE" : "CANNOT FIRE",
    "",
    "Rulings",
    ...v.rulings.map((r, i) => `${INDENT}${i + 1}. ${ruling(r)}`),
    "",
    "Firers",
    ...v.firers.flatMap((f) => firerLines(f, ruleset.die).map((l) => `${INDENT}${l}`)),
  ];
  if (v.sampleTables.length) {
    lines.push("", "Sample data (not the source's numbers; load your own table to replace one)");
    lines.push(...v.sampleTables.map((t) => `${INDENT}${t.table}: ${t.title}`));
  }
  if (answer.result && setup.seed !== undefined) lines.push(...resultLines(answer.result, setup.seed));
  else if (setup.seed !== undefined) lines.push("", `Not rolled: the shot is not allowed.`);
  return lines.join("\n");
}
