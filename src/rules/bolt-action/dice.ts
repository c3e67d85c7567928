/** Dice as the source writes them ("D6", "2D6", "D3", "D2"), rolled one die at a time by the referee. */
import type { DiceReferee } from "../referee";

export interface DiceTotal {
  readonly total: number;
  /** RolledDie.index of each die rolled. */
  readonly rolls: readonly number[];
}

export function parseDice(text: string): { count: number; sides: number } {
  const m = /^([1-9]?)D([236])$/.exec(text);
  if (!m) throw new Error(`"${text}" is not dice like D6, 2D6, D3 or D2`);
  return { count: Number(m[1] || 1), sides: Number(m[2]) };
}

/** Rolls `text` (or counts a plain number), each die explained as `purpose` with `meaning`. */
export function rollDice(ref: DiceReferee, text: string | number, reason: string, explain: (value: number) => string, rule: string, model?: string): DiceTotal {
  if (typeof text === "number") return { total: text, rolls: [] };
  const { count, sides } = parseDice(text);
  const rolls: number[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const value = ref.roll(`${reason} (${text})`, sides);
    total += value;
    rolls.push(ref.lastRoll);
  }
  for (const index of rolls) ref.explain(index, { purpose: "count", meaning: explain(total), rule, ...(model ? { model } : {}) });
  return { total, rolls };
}

/** A test on `dice` D6 passed when the total is at most `target` (order test, morale check; §9, common practice). */
export function rollTest(
  ref: DiceReferee,
  dice: number,
  target: number,
  what: string,
  rule: string,
  sample: object,
  model?: string,
): { passed: boolean; total: number; rolls: number[]; double6: boolean } {
  const rolls: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < dice; i++) {
    values.push(ref.roll(`${what}: ${dice}D6, ${target} or less`, 6));
    rolls.push(ref.lastRoll);
  }
  const total = values.reduce((s, v) => s + v, 0);
  const double6 = dice === 2 && values.every((v) => v === 6);
  const passed = total <= target && !double6;
  for (const index of rolls)
    ref.explain(index, {
      purpose: "test",
      need: target,
      total,
      meaning: `${what}: ${total} against ${target} or less → ${double6 ? "double six" : passed ? "passed" : "failed"}`,
      rule,
      ...sample,
      ...(model ? { model } : {}),
    });
  return { passed, total, rolls, double6 };
}
