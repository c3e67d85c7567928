/**
 * Seeded mutations of a file, as a hostile or careless user would make them: numbers pushed to extremes,
 * wrong types, fields removed or added, lists emptied, repeated or inflated, ids clashing with JavaScript's
 * own names, junk nested deep, events deleted, repeated or swapped, and text cut short or garbled.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export interface Random {
  /** A whole number from 0 to n − 1. */
  below(n: number): number;
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: number): Random {
  const rng = xoroshiro128plus(seed);
  const below = (n: number) => (n <= 1 ? 0 : uniformInt(rng, 0, n - 1));
  return { below, pick: (items) => items[below(items.length)]! };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Container = Json[] | { [key: string]: Json };

const EXTREME_NUMBERS = [1e308, -1e308, 1e9, -1e9, 1e6, 0, -1, -0.5, 1e-9, 0.3, 7, 359.9, 360, 720, -90, 2 ** 53, 4.2e15, 15, 101, 501, 601];
const ODD_VALUES: Json[] = ["", "x", "toString", "__proto__", "constructor", null, true, [], {}, [1], [[1, 2]], { a: 1 }];
const ODD_KEYS = ["heigth", "__proto__", "constructor", "toString", "extra", "prototype"];

/** Every container in the value with the path to it, parents before children. */
function containers(root: Json): Container[] {
  const out: Container[] = [];
  const stack: Json[] = [root];
  while (stack.length) {
    const v = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    out.push(v);
    // Long lists (outlines, events) are sampled, not walked whole, to keep a case quick.
    const children = Array.isArray(v) ? v.slice(0, 50) : Object.values(v);
    for (const child of children) stack.push(child);
  }
  return out;
}

const keysOf = (c: Container): (string | number)[] => (Array.isArray(c) ? c.map((_, i) => i) : Object.keys(c));

function set(c: Container, key: string | number, value: Json): void {
  if (Array.isArray(c)) c[key as number] = value;
  else Object.defineProperty(c, key, { value, enumerable: true, writable: true, configurable: true });
}

function deepJunk(depth: number): Json {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** One structural mutation of a parsed file, in place. */
function mutateJson(root: Json, random: Random, focus?: string): void {
  const inFocus = focus !== undefined && random.below(2) === 0 && typeof root === "object" && root !== null && !Array.isArray(root) ? root[focus] : undefined;
  const all = containers(inFocus ?? root);
  const target = random.pick(all);
  const keys = keysOf(target);
  const key = keys.length ? random.pick(keys) : 0;
  const current = (target as Record<string | number, Json>)[key];
  switch (random.below(11)) {
    case 0:
    case 1:
      set(target, key, random.pick(EXTREME_NUMBERS));
      break;
    case 2:
      set(target, key, typeof current === "number" ? current * random.pick([1e6, 1e300, -1, 0, 1.5]) : random.pick(ODD_VALUES));
      break;
    case 3:
      if (Array.isArray(target)) target.splice(key as number, 1);
      else delete target[key as string];
      break;
    case 4:
      if (!Array.isArray(target)) set(target, random.pick(ODD_KEYS), random.pick(ODD_VALUES));
      else target.push(random.pick(ODD_VALUES));
      break;
    case 5:
      // Repeat an item: coincident buildings, duplicated events, duplicated ids.
      if (Array.isArray(target) && target.length) {
        // The same object repeated: JSON.stringify writes each copy out in full.
        const copies = new Array<Json>(random.pick([1, 2, 50, 3000])).fill(target[key as number]!);
        target.splice(key as number, 0, ...copies);
      }
      break;
    case 6:
      // Inflate a list of points (outlines, paths) far past any sane size.
      if (Array.isArray(target) && target.length && Array.isArray(target[0])) {
        const size = random.pick([1000, 5001, 200_000]);
        const pts = target as Json[];
        for (let i = pts.length; i < size; i++) pts.push([(i * 7) % 180, (i * 13) % 120]);
      }
      break;
    case 7:
      // Past the 64-level limit; deeper junk comes as text (below), where repeating it cannot make a
      // gigabyte of JSON.
      set(target, key, deepJunk(random.pick([65, 70, 200])));
      break;
    case 8:
      // Swap two items (reordered events, reversed outlines).
      if (Array.isArray(target) && target.length > 1) {
        const other = random.below(target.length);
        [target[key as number], target[other]] = [target[other]!, target[key as number]!];
      }
      break;
    case 9:
      if (typeof current === "string") set(target, key, random.pick(["toString", "constructor", "", current + current, "x".repeat(300)]));
      else if (typeof current === "number") set(target, key, Math.round(current) + random.pick([-1, 1, 5, 100]));
      break;
    default:
      if (Array.isArray(target)) target.length = random.below(target.length + 1);
      break;
  }
}

/** One mutation of the text itself: cut short, a character garbled, a BOM, NaN where a number was. */
function mutateText(text: string, random: Random): string {
  const at = random.below(text.length + 1);
  switch (random.below(6)) {
    case 0:
      return text.slice(0, at);
    case 5:
      return text.slice(0, at) + "[".repeat(random.pick([100, 3000, 100_000])) + text.slice(at);
    case 1:
      return text.slice(0, at) + random.pick(["}", "]", ",", '"', "x", "\u0000", "{", "NaN", "1e999"]) + text.slice(at);
    case 2:
      return text.slice(0, at) + text.slice(at + 1 + random.below(20));
    case 3:
      return `\uFEFF${text}`;
    default:
      return text.replace(/-?\d+(\.\d+)?/, random.pick(["NaN", "Infinity", "1e400", "-0", "0x10"]));
  }
}

/**
 * A mutated copy of `text` (JSON): one to three mutations, one in five at the level of the text. Half the
 * structural ones land inside the top-level field `focus` when given (a game file's events).
 */
export function mutate(text: string, random: Random, focus?: string): string {
  if (random.below(5) === 0) return mutateText(text, random);
  const root = JSON.parse(text) as Json;
  const count = 1 + random.below(3);
  for (let i = 0; i < count; i++) mutateJson(root, random, focus);
  return JSON.stringify(root);
}

type Shot = { type: string; outcomes: Array<{ model: string; effect: string; detail: string }>; units?: Array<{ unit: string; pins?: number }> };
const EFFECTS = ["no-effect", "pinned", "unpinned", "casualty", "damaged", "destroyed", "cleared"];

/**
 * A game file with one resolved shot's result doctored, its dice left as the seed rolled them: an extra
 * casualty, an effect changed ("pinned" made "destroyed"), an outcome taken out, or a unit's pins changed.
 * Returns the text and the event doctored.
 */
export function doctorOutcome(text: string, random: Random): { text: string; doctored: number } {
  const game = JSON.parse(text) as { events: Shot[]; scenario: { forces: Array<{ units: Array<{ id: string; models: Array<{ id: string }> }> }> } };
  const shots = game.events.flatMap((e, i) => (e.type === "fire-resolved" ? [i] : []));
  if (!shots.length) throw new Error("the game has no shot to doctor");
  const at = random.pick(shots);
  const shot = game.events[at]!;
  const units = game.scenario.forces.flatMap((f) => f.units);
  const kind = shot.outcomes.length ? random.below(4) : 0;
  if (kind === 0) shot.outcomes.push({ model: random.pick(units.flatMap((u) => u.models)).id, effect: "casualty", detail: "" });
  else if (kind === 1) {
    const outcome = random.pick(shot.outcomes);
    outcome.effect = random.pick(EFFECTS.filter((e) => e !== outcome.effect));
  } else if (kind === 2) shot.outcomes.splice(random.below(shot.outcomes.length), 1);
  else shot.units = [...(shot.units ?? []), { unit: random.pick(units).id, pins: 1 + random.below(3) }];
  return { text: JSON.stringify(game), doctored: at };
}

type Part = { name: string; convex: boolean; vertices: number[]; indices: number[] };
type StoredMiniature = { id: string; figureHeight: number; eye: number[]; parts: Part[] };
type ModelEntry = { id: string; model: string; figureHeight?: number; eyeHeight?: number };
type Battlefield = { miniatures?: StoredMiniature[]; forces?: Array<{ units?: Array<{ models?: ModelEntry[] }> }> };

const FAR = [100, -100, 99.999, 1e30, -1e30, 1e-9, 0];

/** One mutation of a stored miniature: what a careless exporter or a hand edit makes of its parts and eye. */
function mutateMiniature(field: Battlefield, random: Random): void {
  const mini = field.miniatures?.length ? random.pick(field.miniatures) : undefined;
  if (!mini?.parts?.length) return;
  const part = random.pick(mini.parts);
  const vertices = Array.isArray(part.vertices) ? part.vertices : [];
  const users = (field.forces ?? []).flatMap((f) => (f.units ?? []).flatMap((u) => u.models ?? [])).filter((m) => m.model === mini.id);
  switch (random.below(9)) {
    case 0:
      // Collapsed to a line: every vertex slid onto the diagonal through its x.
      for (let i = 0; i + 2 < vertices.length; i += 3) vertices[i + 1] = vertices[i + 2] = vertices[i]!;
      break;
    case 1:
      // All one point.
      vertices.fill(random.pick([0, 1, 0.001]));
      break;
    case 2:
      // A vertex flung far from the rest (an STL's stray point).
      vertices[random.below(vertices.length)] = random.pick(FAR);
      break;
    case 3:
      // One axis squashed: the part made flat, or nearly a line with a second squash.
      for (let i = random.below(3); i < vertices.length; i += 3) vertices[i]! *= random.pick([0, 1e-6, 1e-3, 0.01]);
      break;
    case 4:
      mini.eye = [random.pick([0, 5, -50]), random.pick([100, mini.figureHeight * 2, mini.figureHeight, -1, 0]), random.pick([0, 5, 100])];
      break;
    case 5:
      mini.figureHeight = random.pick([1e-9, 0.05, 0.1, 100, 1e6]);
      break;
    case 6:
      // A model of it stretched or squashed by its own figure height, its eye set high.
      if (users.length) {
        const model = random.pick(users);
        model.figureHeight = random.pick([1e-9, 0.1, 0.5, 100]);
        if (random.below(2)) model.eyeHeight = random.pick([0.05, 3, 100]);
      }
      break;
    case 7:
      part.convex = !part.convex;
      break;
    default:
      // Nearly collinear: a line with one point nudged off it by a sliver.
      for (let i = 0; i + 2 < vertices.length; i += 3) vertices[i + 1] = vertices[i + 2] = vertices[i]!;
      if (vertices.length >= 3) vertices[vertices.length - 1]! += random.pick([1e-4, 1e-3, 0.01, 0.1]);
      break;
  }
}

/**
 * A battlefield with stored miniatures, mutated: one to three mutations of its miniatures (parts collapsed
 * to a line or a point, a vertex flung far, an axis squashed, the eye raised, the figure made tiny), and one
 * case in three a structural mutation inside them as well.
 */
export function mutateMiniatureScenario(text: string, random: Random): string {
  const root = JSON.parse(text) as Battlefield & Record<string, Json>;
  const count = 1 + random.below(3);
  for (let i = 0; i < count; i++) mutateMiniature(root, random);
  if (random.below(3) === 0) mutateJson(root, random, "miniatures");
  return JSON.stringify(root);
}

const JS_NAMES = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__"];

/** Every object in the value with an `id` field, sampled as `containers` samples. */
const withIds = (root: Json): Array<{ [key: string]: Json }> =>
  containers(root).filter((c): c is { [key: string]: Json } => !Array.isArray(c) && typeof c.id === "string");

/**
 * Ids made JavaScript's own names (`__proto__`, `toString`…) at one to three places of a battlefield, game or
 * replay: a unit, a model, a template, a smoke cloud; a reference to the id changed with it one time in two.
 */
export function mutateIds(text: string, random: Random): string {
  const root = JSON.parse(text) as Json;
  const count = 1 + random.below(3);
  for (let i = 0; i < count; i++) {
    const objects = withIds(root);
    if (!objects.length) break;
    const target = random.pick(objects);
    const before = target.id as string;
    const name = random.pick(JS_NAMES);
    set(target, "id", name);
    // The references too (a model's unit, a shot's target), so the file still hangs together.
    if (random.below(2)) return JSON.stringify(root).split(JSON.stringify(before)).join(JSON.stringify(name));
  }
  return JSON.stringify(root);
}

type ReplayJson = { notes: Array<{ event: number; text: string }>; hashes: string[]; events: unknown[]; diverged?: unknown };

/**
 * A replay file with its notes and flags mutated: notes past the last event, on the same event twice, on a
 * negative or fractional event; the last events cut (their notes left behind); a hash edited (a divergence);
 * a divergence flag added, moved or removed. One case in four a structural mutation of the whole file too.
 */
export function mutateReplay(text: string, random: Random): string {
  const replay = JSON.parse(text) as ReplayJson & Record<string, Json>;
  const count = 1 + random.below(3);
  for (let i = 0; i < count; i++) {
    const events = replay.events.length;
    switch (random.below(7)) {
      case 0:
        replay.notes.push({ event: events + random.below(3), text: "a note past the end" });
        break;
      case 1:
        replay.notes.push({ event: random.pick([-1, 0.5, events - 1, 1e9]), text: random.pick(["", "again", "\u001b]0;title\u0007"]) });
        break;
      case 2: {
        // The game cut short after its notes were written.
        const keep = random.below(events + 1);
        replay.events.length = keep;
        replay.hashes.length = Math.min(replay.hashes.length, keep);
        break;
      }
      case 3:
        if (replay.hashes.length) replay.hashes[random.below(replay.hashes.length)] = "00000000";
        break;
      case 4:
        replay.diverged = { event: random.pick([0, events - 1, events + 5, -1]), message: "diverged" };
        break;
      case 5:
        delete replay.diverged;
        break;
      default:
        replay.notes = [...replay.notes, ...replay.notes];
        break;
    }
  }
  if (random.below(4) === 0) mutateJson(replay, random, random.pick(["notes", "events"]));
  return JSON.stringify(replay);
}
