/**
 * Reading JSON a user hands us: a size and nesting limit before JSON.parse builds anything, a syntax error
 * placed by line and column, a UTF-8 byte-order mark accepted, and keys that reach into JavaScript's object
 * machinery (`__proto__`, `constructor`, `prototype`) refused wherever they appear.
 */

/**
 * Generous limits for a hand-written or saved file: a 10,000-model battlefield is about 3 MB, so a scenario
 * file may have 16 MiB; a game file, with every shot's ruling kept, 64 MiB.
 */
export const JSON_LIMITS = { maxChars: 64 * 1024 * 1024, scenarioChars: 16 * 1024 * 1024, maxDepth: 64 } as const;

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export interface JsonLocation {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

export interface JsonSyntaxProblem extends JsonLocation {
  /** "expected , or ] after an item", "the text ends inside a string"… */
  readonly reason: string;
}

export type JsonReadResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: JsonSyntaxProblem; readonly text: string; readonly itemEnds: readonly number[] };

export function locate(text: string, offset: number): JsonLocation {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1 };
}

export const describeSyntaxProblem = (p: JsonSyntaxProblem): string => `line ${p.line}, column ${p.column}: ${p.reason}`;

export const stripByteOrderMark = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** What the scanner saw: the first problem, and where each item of the watched top-level array ended. */
interface Scan {
  readonly problem?: { offset: number; reason: string };
  /** Offsets just past each complete item of the top-level array named by `watch`. */
  readonly itemEnds: number[];
}

const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;
const RETURN = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const isSpace = (c: number) => c === SPACE || c === NEWLINE || c === RETURN || c === TAB;
const isDigit = (c: number) => c >= 48 && c <= 57;
const HEX = /^[0-9a-fA-F]{4}$/;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * A linear, non-recursive syntax check of JSON text: finds the first error (with a reason a person
 * understands) and refuses nesting deeper than `maxDepth` before any object is built. `watch` names a
 * top-level key whose array items are tracked, so a truncated game file can keep its whole events.
 * Character codes, not regular expressions, in the loops: tens of megabytes scan in well under a second.
 */
function scan(text: string, maxDepth: number, watch?: string): Scan {
  const itemEnds: number[] = [];
  // Each open container: its kind, and whether it is the watched top-level array.
  const stack: { kind: "{" | "["; watched: boolean }[] = [];
  const length = text.length;
  let i = 0;
  let lastKey: string | undefined;
  const fail = (reason: string, at = i): Scan => ({ problem: { offset: at, reason }, itemEnds });
  /** Reads the string starting at i (a quote); returns its end (after the closing quote) or a problem. */
  const readString = (): number | string => {
    for (let j = i + 1; j < length; j++) {
      const c = text.charCodeAt(j);
      if (c === QUOTE) return j + 1;
      if (c < 32) return "a string holds a control character JSON does not allow unescaped (a line break?)";
      if (c === BACKSLASH) {
        const e = text[j + 1];
        if (e === "u" ? !HEX.test(text.slice(j + 2, j + 6)) : e === undefined || !ESCAPES.has(e)) return `a string holds a bad escape "\\${e ?? ""}"`;
        j += e === "u" ? 5 : 1;
      }
    }
    return "the text ends inside a string (cut short?)";
  };
  // What may come next.
  let expect: "value" | "after-value" | "key-or-end" | "key" | "value-or-end" = "value";
  for (;;) {
    while (i < length && isSpace(text.charCodeAt(i))) i++;
    if (i >= length) {
      if (stack.length === 0 && expect === "after-value") return { itemEnds };
      // Cut right after an item of the watched list: that item is whole.
      if (expect === "after-value" && stack.at(-1)?.watched) itemEnds.push(i);
      return fail(stack.length ? `the text ends inside ${stack.at(-1)!.kind === "{" ? "an object" : "a list"} (cut short?)` : "the text is empty");
    }
    const c = text[i]!;
    if (expect === "after-value") {
      const top = stack.at(-1);
      if (!top) return fail(`unexpected ${JSON.stringify(c)} after the end of the data`);
      if (top.watched) itemEnds.push(i);
      if (c === ",") {
        i++;
        expect = top.kind === "{" ? "key" : "value";
      } else if (c === (top.kind === "{" ? "}" : "]")) {
        i++;
        stack.pop();
        expect = "after-value";
      } else
        return fail(
          top.kind === "{" ? `expected , or } after a field, found ${JSON.stringify(c)}` : `expected , or ] after an item, found ${JSON.stringify(c)}`,
        );
      continue;
    }
    if (expect === "key" || expect === "key-or-end") {
      if (c === "}" && expect === "key-or-end") {
        i++;
        stack.pop();
        expect = "after-value";
        continue;
      }
      if (c !== '"') return fail(`expected a field name in double quotes, found ${JSON.stringify(c)}`);
      const end = readString();
      if (typeof end === "string") return fail(end);
      const key = text.slice(i + 1, end - 1);
      i = end;
      while (i < length && isSpace(text.charCodeAt(i))) i++;
      if (text[i] !== ":") return fail(`expected : after the field name ${JSON.stringify(key.slice(0, 40))}`);
      i++;
      lastKey = key;
      expect = "value";
      continue;
    }
    if (c === "]" && expect === "value-or-end") {
      i++;
      stack.pop();
      expect = "after-value";
      continue;
    }
    // A value.
    if (c === "{" || c === "[") {
      if (stack.length >= maxDepth) return fail(`nested deeper than ${maxDepth} levels`);
      const watched = c === "[" && watch !== undefined && stack.length === 1 && stack[0]!.kind === "{" && lastKey === watch;
      stack.push({ kind: c, watched });
      i++;
      expect = c === "{" ? "key-or-end" : "value-or-end";
      continue;
    }
    if (c === '"') {
      const end = readString();
      if (typeof end === "string") return fail(end);
      i = end;
    } else if (c === "-" || isDigit(text.charCodeAt(i))) {
      NUMBER.lastIndex = i;
      if (!NUMBER.exec(text)) return fail("a number is malformed");
      i = NUMBER.lastIndex;
    } else if (text.startsWith("true", i)) i += 4;
    else if (text.startsWith("false", i)) i += 5;
    else if (text.startsWith("null", i)) i += 4;
    else
      return fail(
        `expected a value, found ${JSON.stringify(text.slice(i, i + 12))}${/^(NaN|-?Infinity)/.test(text.slice(i, i + 9)) ? " (JSON has no NaN or Infinity)" : ""}`,
      );
    expect = "after-value";
  }
}

/**
 * Parses JSON text within the limits, or says where and why it is not JSON. Never throws. `watch` names a
 * top-level list whose whole items a failure reports (for recoverPrefix).
 */
export function readJson(raw: string, limits: { maxDepth?: number; maxChars?: number; watch?: string } = {}): JsonReadResult {
  const text = stripByteOrderMark(raw);
  const maxChars = limits.maxChars ?? JSON_LIMITS.maxChars;
  if (text.length > maxChars)
    return { ok: false, text, itemEnds: [], problem: { ...locate(text, maxChars), reason: `the file is longer than ${maxChars} characters` } };
  const scanned = scan(text, limits.maxDepth ?? JSON_LIMITS.maxDepth, limits.watch);
  if (scanned.problem)
    return { ok: false, text, itemEnds: scanned.itemEnds, problem: { ...locate(text, scanned.problem.offset), reason: scanned.problem.reason } };
  return { ok: true, value: JSON.parse(text) };
}

/**
 * The longest prefix of a damaged file that still reads as JSON, found by closing the top-level array
 * `key` after its last complete item (a game file cut short keeps its whole events); `itemEnds` is what
 * readJson reported with `watch: key`. Undefined when the damage is not inside that array.
 */
export function recoverPrefix(text: string, key: string, itemEnds: readonly number[]): { value: unknown; items: number } | undefined {
  const keyAt = text.indexOf(`"${key}"`);
  if (keyAt < 0) return undefined;
  for (const end of [...itemEnds].reverse().concat([text.indexOf("[", keyAt) + 1])) {
    if (end <= 0) continue;
    try {
      const value: unknown = JSON.parse(`${text.slice(0, end)}]}`);
      const items = (value as Record<string, unknown[]>)[key]?.length ?? 0;
      return { value, items };
    } catch {
      // The damage is before this point too; try an earlier item.
    }
  }
  return undefined;
}

/** Paths of keys that could reach Object.prototype (`__proto__`, `constructor`, `prototype`), nesting bounded. */
export function forbiddenKeyPaths(value: unknown, maxDepth: number = JSON_LIMITS.maxDepth): (string | number)[][] {
  const found: (string | number)[][] = [];
  const path: (string | number)[] = [];
  const walk = (v: unknown) => {
    if (typeof v !== "object" || v === null || path.length > maxDepth) return;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        walk(v[i]);
        path.pop();
      }
      return;
    }
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      path.push(key);
      if (FORBIDDEN_KEYS.has(key)) found.push([...path]);
      else walk((v as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  walk(value);
  return found;
}

/** How deep a value nests (objects and lists), counting no further than `limit + 1`. */
export function nestingDepth(value: unknown, limit: number = JSON_LIMITS.maxDepth): number {
  const depth = (v: unknown, level: number): number => {
    if (typeof v !== "object" || v === null || level > limit) return level;
    let deepest = level + 1;
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) deepest = Math.max(deepest, depth(v[i], level + 1));
    else for (const key in v) if (Object.hasOwn(v, key)) deepest = Math.max(deepest, depth((v as Record<string, unknown>)[key], level + 1));
    return deepest;
  };
  return depth(value, 0);
}
