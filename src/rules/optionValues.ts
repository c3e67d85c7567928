/** A game header's options checked against a rule system's option specs, over the system's defaults. */
import type { OptionSpec } from "./ruleset";

export type OptionsResult<O> = { ok: true; options: O } | { ok: false; errors: string[] };

/** Options from a game header (unknown keys and wrong values are rejected with a reason). */
export function parseOptionValues<O extends object>(specs: readonly OptionSpec[], defaults: O, raw: Readonly<Record<string, unknown>> = {}): OptionsResult<O> {
  const errors: string[] = [];
  const options: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(raw)) {
    const spec = specs.find((s) => s.id === key);
    if (!spec) errors.push(`unknown option "${key}"; the options are ${specs.map((s) => s.id).join(", ")}`);
    else if (!spec.choices.includes(value as string | boolean))
      errors.push(`option "${key}" must be one of ${spec.choices.map((c) => JSON.stringify(c)).join(", ")}, got ${JSON.stringify(value)}`);
    else options[key] = value;
  }
  return errors.length ? { ok: false, errors } : { ok: true, options: options as unknown as O };
}
