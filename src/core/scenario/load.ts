/**
 * Loading a battlefield: JSON text → validated Scenario, or every problem at once, each naming the JSON path
 * and the reason. Never throws on bad input.
 */
import type { z } from "zod";
import type { ModelCatalog } from "../modelDefinition";
import { checkReferences } from "./references";
import { Scenario } from "./schema";

export interface ScenarioIssue {
  /** JSON path such as `forces[1].units[3].models[0].position` ("" for the whole file). */
  readonly path: string;
  readonly message: string;
}

export type ScenarioResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}

function describeValue(value: unknown): string {
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  if (value === undefined) return "nothing";
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

function toIssue(issue: z.core.$ZodIssue): ScenarioIssue {
  const path = formatPath(issue.path);
  if (issue.code === "invalid_union" && "discriminator" in issue) {
    const options = (issue as { options?: unknown[] }).options ?? [];
    return { path, message: `unknown ${String(issue.discriminator)} ${describeValue(issue.input && (issue.input as Record<string, unknown>)[String(issue.discriminator)])}; expected one of ${options.map(String).join(", ")}` };
  }
  const got = "input" in issue ? `, got ${describeValue(issue.input)}` : "";
  return { path, message: `${issue.message}${issue.code === "invalid_type" || issue.code === "too_small" || issue.code === "too_big" || issue.code === "invalid_value" ? got : ""}` };
}

export function parseScenario(input: unknown, catalog: ModelCatalog): ScenarioResult {
  const parsed = Scenario.safeParse(input, { reportInput: true });
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map(toIssue) };
  const issues = checkReferences(parsed.data, catalog);
  return issues.length ? { ok: false, issues } : { ok: true, scenario: parsed.data };
}

export function parseScenarioJson(text: string, catalog: ModelCatalog): ScenarioResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ path: "", message: `not valid JSON: ${(error as Error).message}` }] };
  }
  return parseScenario(data, catalog);
}

export function formatIssues(issues: readonly ScenarioIssue[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("\n");
}
