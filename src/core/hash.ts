import { keptPerObject } from "./keptPerObject";

/** 32-bit FNV-1a of a text: a short, stable fingerprint (not for security). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** One 32-bit word into a running hash (MurmurHash3's block step): every bit of the word reaches the whole hash. */
function mix(hash: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
  const h = hash ^ k;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
}

/** MurmurHash3's finish: the count of words folded in, then the bits avalanched. */
function finish(hash: number, count: number): number {
  let h = hash ^ count;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

// What a value is, hashed first so that 1, "1", [1] and {"1": …} differ.
const NULL = 1;
const FALSE = 2;
const TRUE = 3;
const NUMBER = 4;
const STRING = 5;
const ARRAY = 6;
const OBJECT = 7;
const INTEGER = 8;

function textHash(kind: number, text: string): number {
  let h = mix(0x9747b28c, kind);
  for (let i = 0; i < text.length; i++) h = mix(h, text.charCodeAt(i));
  return finish(h, text.length);
}

/**
 * A hasher of JSON-like values whose hash is made from its parts' hashes (a Merkle tree): an array's from its
 * items', an object's from its keys' and values' in key order (undefined values left out, as JSON leaves them
 * out). Each object keeps its hash (`keptPerObject`), so a value that shares most of its objects with one hashed
 * before (an immutable state after one more event) costs only the objects that are new. Equal values with the
 * same key order hash alike, as their JSON texts would; the objects must not change while the hasher is in use.
 */
export function treeHasher(): (value: unknown) => number {
  const kept = keptPerObject<number>("tree hash");
  const keys = new Map<string, number>();
  const keyHash = (key: string) => {
    let h = keys.get(key);
    if (h === undefined) keys.set(key, (h = textHash(STRING, key)));
    return h;
  };
  const hash = (value: unknown): number => {
    switch (typeof value) {
      case "string":
        return textHash(STRING, value);
      case "number":
        // A small integer as itself (no text to make: the fold's counts change every event); -0 as 0, as in JSON.
        return (value | 0) === value ? mix(INTEGER, value) : textHash(NUMBER, String(value));
      case "boolean":
        return value ? TRUE : FALSE;
      case "object": {
        if (value === null) return NULL;
        const known = kept.get(value);
        if (known !== undefined) return known;
        let h: number;
        if (Array.isArray(value)) {
          h = mix(0x9747b28c, ARRAY);
          for (const item of value) h = mix(h, item === undefined ? NULL : hash(item));
          h = finish(h, value.length);
        } else {
          h = mix(0x9747b28c, OBJECT);
          let count = 0;
          for (const key of Object.keys(value)) {
            const item = (value as Record<string, unknown>)[key];
            if (item === undefined) continue;
            h = mix(mix(h, keyHash(key)), hash(item));
            count++;
          }
          h = finish(h, count);
        }
        kept.set(value, h);
        return h;
      }
      default:
        return NULL;
    }
  };
  return hash;
}

/**
 * `JSON.stringify`'s text of a JSON-like value (plain objects and arrays, no `toJSON`), each object's text kept
 * (`keptPerObject`): a value that shares most of its objects with one written before costs only the objects that
 * are new. The same bytes as `JSON.stringify`; the objects must not change while the writer is in use.
 */
export function sharedJsonText(): (value: unknown) => string {
  const kept = keptPerObject<string>("JSON text");
  const text = (value: unknown): string | undefined => {
    if (typeof value !== "object" || value === null) return JSON.stringify(value);
    const known = kept.get(value);
    if (known !== undefined) return known;
    let out: string;
    if (Array.isArray(value)) out = `[${value.map((item) => text(item) ?? "null").join(",")}]`;
    else {
      const parts: string[] = [];
      for (const key of Object.keys(value)) {
        const item = text((value as Record<string, unknown>)[key]);
        if (item !== undefined) parts.push(`${JSON.stringify(key)}:${item}`);
      }
      out = `{${parts.join(",")}}`;
    }
    kept.set(value, out);
    return out;
  };
  return (value) => text(value) ?? "undefined";
}
