/**
 * Loading a battlefield: JSON text → validated Scenario, or every problem at once, each naming the JSON path
 * and the reason. Never throws on bad input.
 */
import type { z } from "zod";
import { describeSyntaxProblem, forbiddenKeyPaths, JSON_LIMITS, nestingDepth, readJson } from "../json";
import type { ModelCatalog } from "../modelDefinition";
import type { ScenarioIssue } from "./issue";
import { checkReferences } from "./references";
import { describeValue, Scenario } from "./schema";

/** The path of a problem with the file as a whole (not JSON, not an object, nested too deep). */
export const ROOT_PATH = "(file)";

/** The catalog to check model ids against, or a function giving the scenario's own (its scale's and its miniatures). */
export type CatalogSource = ModelCatalog | ((scenario: Scenario) => ModelCatalog);

export type ScenarioResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

/** A path below another: `scenario` + `features[0]`, `events[3]` + `["odd key"]`; the child's root is the parent. */
export const joinPath = (parent: string, child: string): string =>
  child === ROOT_PATH ? parent : child.startsWith("[") ? `${parent}${child}` : `${parent}.${child}`;

/** A key that reads unambiguously after a dot; any other is written ["quoted"]. */
const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

/** A JSON path as a user reads it: `forces[1].units[3]`, `table["odd key"]`; ROOT_PATH for the whole file. */
export function formatPath(path: readonly PropertyKey[]): string {
  const text = path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    const name = String(key);
    if (!PLAIN_KEY.test(name)) return `${out}[${JSON.stringify(name)}]`;
    return out ? `${out}.${name}` : name;
  }, "");
  return text || ROOT_PATH;
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
  if (issue.code === "invalid_type" && path === ROOT_PATH) {
    return [{ path, message: `a scenario file must be a JSON object {"format": "hulldown-scenario", "version": 1, …}, got ${describeValue(input)}` }];
  }
  if (issue.code === "invalid_type" && "input" in issue && input === undefined) return [{ path, message: `missing; ${issue.message}` }];
  // Messages written in schema.ts that quote the value already ("1e+308 cm is more than …") get no ", got".
  const quoted = issue.message.includes(describeValue(input));
  return [{ path, message: SHOWS_INPUT.has(issue.code) && "input" in issue && !quoted ? `${issue.message}, got ${describeValue(input)}` : issue.message }];
}

/** Validates with any schema of the file formats, problems in the words and paths of a scenario's. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): { ok: true; data: z.output<T> } | { ok: false; issues: ScenarioIssue[] } {
  const parsed = schema.safeParse(input, { reportInput: true, error: plainMessages });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, issues: parsed.error.issues.flatMap(toIssues) };
}

/**
 * Problems with the shape of parsed JSON before any schema looks at it: nesting deeper than JSON_LIMITS
 * allows, and keys that reach into JavaScript's object machinery. Shared with the game file loader.
 */
export function checkJsonShape(input: unknown): ScenarioIssue[] {
  if (nestingDepth(input) > JSON_LIMITS.maxDepth) return [{ path: ROOT_PATH, message: `nested deeper than ${JSON_LIMITS.maxDepth} levels` }];
  return forbiddenKeyPaths(input).map((path) => ({
    path: formatPath(path),
    message: `the key "${String(path.at(-1))}" is not allowed anywhere in a Hulldown file`,
  }));
}

/** Validates already-parsed data (a JS object; NaN and Infinity are reported, not accepted). Never throws. */
export function parseScenario(input: unknown, catalog: CatalogSource): ScenarioResult {
  const shape = checkJsonShape(input);
  if (shape.length) return { ok: false, issues: shape };
  const parsed = validate(Scenario, input);
  if (!parsed.ok) return parsed;
  const issues = checkReferences(parsed.data, typeof catalog === "function" ? catalog(parsed.data) : catalog);
  return issues.length ? { ok: false, issues } : { ok: true, scenario: parsed.data };
}

/** Parses and validates the text of a scenario file. Never throws: bad JSON is one issue at ROOT_PATH with its line and column. */
export function parseScenarioJson(text: string, catalog: CatalogSource): ScenarioResult {
  const json = readJson(text, { maxChars: JSON_LIMITS.scenarioChars });
  if (!json.ok) return { ok: false, issues: [{ path: ROOT_PATH, message: `not valid JSON: ${describeSyntaxProblem(json.problem)}` }] };
  return parseScenario(json.value, catalog);
}

export const formatIssue = (issue: ScenarioIssue): string => (issue.path ? `${issue.path}: ${issue.message}` : issue.message);

export function formatIssues(issues: readonly ScenarioIssue[]): string {
  return issues.map(formatIssue).join("\n");
}
