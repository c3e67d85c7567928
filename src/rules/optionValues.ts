/** A game's option values (as its header stores them) checked against a rule system's option specs. */
import type { OptionSpec } from "./ruleset";

/** The defaults with `raw` applied; unknown keys and values outside a spec's choices are rejected with a reason. */
export function parseOptionValues<T extends object>(specs: readonly OptionSpec[], defaults: T, raw: Readonly<Record<string, unknown>> = {}): { ok: true; options: T } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const options: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(raw)) {
    const spec = specs.find((s) => s.id === key);
    if (!spec) errors.push(`unknown option "${key}"; the options are ${specs.map((s) => s.id).join(", ")}`);
    else if (!spec.choices.includes(value as string | boolean)) errors.push(`option "${key}" must be one of ${spec.choices.map((c) => JSON.stringify(c)).join(", ")}, got ${JSON.stringify(value)}`);
    else options[key] = value;
  }
  return errors.length ? { ok: false, errors } : { ok: true, options: options as T };
}
