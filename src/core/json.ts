/**
 * Reading JSON a user hands us: a size and nesting limit before JSON.parse builds anything, a syntax error
 * placed by line and column, a UTF-8 byte-order mark accepted, and keys that reach into JavaScript's object
 * machinery (`__proto__`, `constructor`, `prototype`) refused wherever they appear.
 */

/** Generous limits for a hand-written or saved file: a 10,000-model battlefield is about 3 MB. */
export const JSON_LIMITS = { maxChars: 64 * 1024 * 1024, maxDepth: 64 } as const;

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
  | { readonly ok: false; readonly problem: JsonSyntaxProblem; readonly text: string };

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

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

/**
 * A linear, non-recursive syntax check of JSON text: finds the first error (with a reason a person
 * understands) and refuses nesting deeper than `maxDepth` before any object is built. `watch` names a
 * top-level key whose array items are tracked, so a truncated game file can keep its whole events.
 */
function scan(text: string, maxDepth: number, watch?: string): Scan {
  const itemEnds: number[] = [];
  // Each open container: its kind, and for the top-level object the key being read.
  const stack: { kind: "{" | "["; watched: boolean }[] = [];
  let i = 0;
  let lastKey: string | undefined;
  const fail = (reason: string, at = i): Scan => ({ problem: { offset: at, reason }, itemEnds });
  const skipSpace = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };
  const readString = (): string | undefined => {
    const start = i;
    STRING_BODY.lastIndex = i + 1;
    STRING_BODY.exec(text);
    const end = STRING_BODY.lastIndex;
    if (text[end] !== '"') {
      i = end;
      return undefined;
    }
    i = end + 1;
    return text.slice(start + 1, end);
  };
  // After a value: where we are decides what may follow.
  let expect: "value" | "after-value" | "key-or-end" | "key" | "value-or-end" = "value";
  for (;;) {
    skipSpace();
    if (i >= text.length) {
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
      } else return fail(top.kind === "{" ? `expected , or } after a field, found ${JSON.stringify(c)}` : `expected , or ] after an item, found ${JSON.stringify(c)}`);
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
      const start = i;
      const key = readString();
      if (key === undefined) return fail("a field name is not closed with a double quote", start);
      skipSpace();
      if (text[i] !== ":") return fail(`expected : after the field name "${key.slice(0, 40)}"`);
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
      const start = i;
      if (readString() === undefined) return fail(i >= text.length ? "the text ends inside a string (cut short?)" : "a string is not closed, or holds a character JSON does not allow unescaped", start);
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      if (!NUMBER.exec(text)) return fail("a number is malformed");
      i = NUMBER.lastIndex;
    } else if (text.startsWith("true", i)) i += 4;
    else if (text.startsWith("false", i)) i += 5;
    else if (text.startsWith("null", i)) i += 4;
    else return fail(`expected a value, found ${JSON.stringify(text.slice(i, i + 12))}${/^(NaN|-?Infinity)/.test(text.slice(i)) ? " (JSON has no NaN or Infinity)" : ""}`);
    expect = "after-value";
  }
}

/** Parses JSON text within the limits, or says where and why it is not JSON. Never throws. */
export function readJson(raw: string, limits: { maxDepth?: number; maxChars?: number } = {}): JsonReadResult {
  const text = stripByteOrderMark(raw);
  const maxChars = limits.maxChars ?? JSON_LIMITS.maxChars;
  if (text.length > maxChars) return { ok: false, text, problem: { ...locate(text, maxChars), reason: `the file is longer than ${maxChars} characters` } };
  const scanned = scan(text, limits.maxDepth ?? JSON_LIMITS.maxDepth);
  if (scanned.problem) return { ok: false, text, problem: { ...locate(text, scanned.problem.offset), reason: scanned.problem.reason } };
  return { ok: true, value: JSON.parse(text) };
}

/**
 * The longest prefix of a damaged file that still reads as JSON, found by closing the top-level array
 * `key` after its last complete item (a game file cut short keeps its whole events). Undefined when the
 * damage is not inside that array.
 */
export function recoverPrefix(text: string, key: string, maxDepth: number = JSON_LIMITS.maxDepth): { value: unknown; items: number } | undefined {
  const { itemEnds } = scan(text, maxDepth, key);
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
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v !== "object" || v === null || path.length > maxDepth) return;
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i]));
    else
      for (const key of Object.keys(v)) {
        if (FORBIDDEN_KEYS.has(key)) found.push([...path, key]);
        else walk((v as Record<string, unknown>)[key], [...path, key]);
      }
  };
  walk(value, []);
  return found;
}

/** How deep a value nests (objects and lists), counting no further than `limit + 1`. */
export function nestingDepth(value: unknown, limit: number = JSON_LIMITS.maxDepth): number {
  const depth = (v: unknown, level: number): number => {
    if (typeof v !== "object" || v === null || level > limit) return level;
    let deepest = level + 1;
    for (const child of Array.isArray(v) ? v : Object.values(v)) deepest = Math.max(deepest, depth(child, level + 1));
    return deepest;
  };
  return depth(value, 0);
}
