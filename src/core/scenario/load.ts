/**
 * Loading a battlefield: JSON text → validated Scenario, or every problem at once, each naming the JSON path
 * and the reason. Never throws on bad input.
 */
import type { z } from "zod";
import type { ModelCatalog } from "../modelDefinition";
import { checkReferences } from "./references";
import { Scenario, type Scale } from "./schema";

export interface ScenarioIssue {
  /** JSON path such as `forces[1].units[3].models[0].position` ("" for the whole file). */
  readonly path: string;
  readonly message: string;
}

/** The catalog to check model ids against, or one per scale to use the catalog of the scenario's own scale. */
export type CatalogSource = ModelCatalog | ((scale: Scale) => ModelCatalog);

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

const plural = (n: number | bigint, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function expectedType(expected: string): string {
  switch (expected) {
    case "number":
      return "a number";
    case "int":
      return "a whole number";
    case "string":
      return "a text string";
    case "boolean":
      return "true or false";
    case "array":
    case "tuple":
      return "a list [ … ]";
    case "object":
      return "an object { … }";
    default:
      return expected;
  }
}

const UNKNOWN_FIELD = "unknown field";

/**
 * Plain-English messages for the checks the schema gives no message of its own (zod's defaults read
 * "Invalid input: expected int, received number"). Messages written in schema.ts take precedence.
 */
const plainMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${expectedType(issue.expected)}`;
    case "too_small":
      if (issue.origin === "array") return `expected at least ${plural(issue.minimum, "item")}`;
      if (issue.origin === "string") return issue.minimum === 1 ? "cannot be empty" : `expected at least ${plural(issue.minimum, "character")}`;
      return issue.inclusive ? `expected ${issue.minimum} or more` : `expected more than ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "array") return `expected at most ${plural(issue.maximum, "item")}`;
      if (issue.origin === "string") return `expected at most ${plural(issue.maximum, "character")}`;
      return issue.inclusive ? `expected ${issue.maximum} or less` : `expected less than ${issue.maximum}`;
    case "invalid_value":
      return issue.values.length === 1 ? `expected ${describeValue(issue.values[0])}` : `expected one of ${issue.values.map(describeValue).join(", ")}`;
    case "unrecognized_keys": {
      const shape = (issue.inst as z.core.$ZodObject | undefined)?._zod.def.shape;
      return shape ? `${UNKNOWN_FIELD}; the fields here are ${Object.keys(shape).join(", ")}` : UNKNOWN_FIELD;
    }
    default:
      return undefined;
  }
};

const SHOWS_INPUT = new Set(["invalid_type", "too_small", "too_big", "invalid_value"]);

function toIssues(issue: z.core.$ZodIssue): ScenarioIssue[] {
  const path = formatPath(issue.path);
  const input = "input" in issue ? issue.input : undefined;
  if (issue.code === "unrecognized_keys") {
    // One issue per key, at the key's own path: `features[2].heigth: unknown field "heigth"; …`.
    const kind = input && typeof input === "object" && "kind" in input && typeof input.kind === "string" ? input.kind : undefined;
    const message = issue.message.startsWith(UNKNOWN_FIELD) ? issue.message.slice(UNKNOWN_FIELD.length) : "";
    const where = kind ? message.replace("the fields here are", `the fields of a ${kind} are`) : message;
    return issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: `${UNKNOWN_FIELD} "${key}"${where}` }));
  }
  if (issue.code === "invalid_union" && issue.discriminator !== undefined) {
    const options = "options" in issue && issue.options ? issue.options : [];
    const value = input && typeof input === "object" ? (input as Record<string, unknown>)[issue.discriminator] : undefined;
    const what = value === undefined ? `missing ${issue.discriminator}` : `unknown ${issue.discriminator} ${describeValue(value)}`;
    return [{ path, message: `${what}; expected one of ${options.map(String).join(", ")}` }];
  }
  if (issue.code === "invalid_type" && path === "") {
    return [{ path, message: `a scenario file must be a JSON object {"format": "hulldown-scenario", "version": 1, …}, got ${describeValue(input)}` }];
  }
  if (issue.code === "invalid_type" && "input" in issue && input === undefined) return [{ path, message: `missing; ${issue.message}` }];
  return [{ path, message: SHOWS_INPUT.has(issue.code) && "input" in issue ? `${issue.message}, got ${describeValue(input)}` : issue.message }];
}

/** Validates already-parsed data (a JS object; NaN and Infinity are reported, not accepted). Never throws. */
export function parseScenario(input: unknown, catalog: CatalogSource): ScenarioResult {
  const parsed = Scenario.safeParse(input, { reportInput: true, error: plainMessages });
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.flatMap(toIssues) };
  const issues = checkReferences(parsed.data, typeof catalog === "function" ? catalog(parsed.data.scale) : catalog);
  return issues.length ? { ok: false, issues } : { ok: true, scenario: parsed.data };
}

/** Parses and validates the text of a scenario file. Never throws: bad JSON is one issue at the path "". */
export function parseScenarioJson(text: string, catalog: CatalogSource): ScenarioResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ path: "", message: `not valid JSON: ${jsonErrorWithLine(text, (error as Error).message)}` }] };
  }
  return parseScenario(data, catalog);
}

export const formatIssue = (issue: ScenarioIssue): string => (issue.path ? `${issue.path}: ${issue.message}` : issue.message);

export function formatIssues(issues: readonly ScenarioIssue[]): string {
  return issues.map(formatIssue).join("\n");
}

/** Adds the line and column to JSON.parse's "… at position 123" where the runtime leaves them out. */
export function jsonErrorWithLine(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message);
  if (!position || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(position[1]));
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return `${message} (line ${line}, column ${column})`;
}
