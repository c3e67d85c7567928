/**
 * Replay files: a game (its header and events, checked by the game-file loader event by event), the
 * players' notes on events, and a hash of the table state every `hashEvery` events. Loading replays the
 * fold and compares the hashes, so a replay that does not reproduce (rules code changed, a file edited)
 * says at which event it diverged; a damaged or truncated file plays up to where it breaks and says where.
 */
import { z } from "zod";
import { type KnownRulesets, loadGame, serializeGame } from "../core/game/gameFile";
import type { GameLog } from "../core/game/gameLog";
import { applyEvent, type GameState, initialState } from "../core/game/state";
import { fnv1a, sharedJsonText, treeHasher } from "../core/hash";
import { describeSyntaxProblem, readJson, recoverPrefix } from "../core/json";
import { type CatalogSource, joinPath, ROOT_PATH, validate } from "../core/scenario/load";
import { formatVersion, LIMITS } from "../core/scenario/schema";
import { keepSnapshots, REPLAY_SNAPSHOT_EVERY, replayState } from "./frame";

export const REPLAY_FORMAT = "hulldown-replay";
/** Version 2 hashes the state as a tree (`stateHasher`); version 1's whole-text hashes are still read and checked. */
export const REPLAY_VERSION = 2;
const FIRST_READ_VERSION = 1;

const REPLAY_START = new RegExp(`^\\uFEFF?\\s*\\{\\s*"format"\\s*:\\s*"${REPLAY_FORMAT}"`);

/**
 * Whether a file says it is a replay ({"format": "hulldown-replay", …}), so Open… and a drop send it to the
 * replay player. Its start is enough, so a replay cut short still goes there and plays up to its break.
 */
export function isReplayText(text: string): boolean {
  if (REPLAY_START.test(text)) return true;
  const json = readJson(text);
  return json.ok && typeof json.value === "object" && json.value !== null && (json.value as { format?: unknown }).format === REPLAY_FORMAT;
}

/** A hash after every event: a divergence is named to the event. */
export const DEFAULT_HASH_EVERY = 1;
const MAX_EVENTS = 1_000_000;

export const ReplayNote = z.strictObject({
  /** The note shows while this event (0-based) plays. */
  event: z.number().int().nonnegative().max(MAX_EVENTS),
  text: z.string().min(1).max(LIMITS.textLength),
});
export type ReplayNote = z.infer<typeof ReplayNote>;

/**
 * A divergence found when the replay was loaded, written again when it is exported: the fresh hashes of the
 * export match its own fold, so without this the new file would pass for a faithful record.
 */
export const ReplayDivergence = z.strictObject({
  /** The first event after which the table was not the one recorded. */
  event: z.number().int().nonnegative().max(MAX_EVENTS),
  message: z.string().min(1).max(LIMITS.textLength),
});
export type ReplayDivergence = z.infer<typeof ReplayDivergence>;

/** Everything but the events, which are checked one by one by the game-file loader. */
const ReplayEnvelope = z.strictObject({
  format: z.literal(REPLAY_FORMAT),
  version: formatVersion(REPLAY_VERSION, FIRST_READ_VERSION),
  hashEvery: z.number().int().min(1).max(1000),
  hashes: z.array(z.string().regex(/^[0-9a-f]{8}$/, { error: "expected 8 hexadecimal digits" })).max(MAX_EVENTS),
  notes: z.array(ReplayNote).max(10_000),
  diverged: ReplayDivergence.optional(),
  game: z.record(z.string(), z.unknown()),
  events: z.array(z.unknown()).max(MAX_EVENTS),
});

export interface Replay {
  /** The game, its cursor at the end. */
  readonly log: GameLog;
  /** The players' notes, each on an event of the log (a note past its events is refused, never dropped). */
  readonly notes: readonly ReplayNote[];
  /** The first event after which the table is not the one recorded: found on loading, or said by the file. */
  readonly divergence?: ReplayDivergence;
}

export interface LoadedReplay extends Replay {
  /** Where a damaged or truncated file broke, and how far it plays. */
  readonly warning?: string;
}

export type ReplayFileResult = { ok: true; replay: LoadedReplay } | { ok: false; error: string };

const hex = (hash: number) => hash.toString(16).padStart(8, "0");

/**
 * The hash of a whole game state (the table, every model's and unit's rule state, the turn, the dice used) as
 * a replay file of `version` writes it: equal states (same fold, same key order) hash alike, and a change to any
 * of it shows. Version 1: 32-bit FNV-1a of the state's JSON text (its unchanged objects' texts kept), every byte hashed again after each event.
 * Version 2: a tree hash (`treeHasher`), each object's hash kept while the fold shares it, so an event costs
 * only what it changed. One hasher per fold: its states share their objects.
 */
export function stateHasher(version: number = REPLAY_VERSION): (state: GameState) => string {
  if (version === 1) {
    const json = sharedJsonText();
    return (state) => hex(fnv1a(json(hashedPart(state))));
  }
  const hash = treeHasher();
  return (state) => hex(hash(hashedPart(state)));
}

/**
 * What of a state a replay's hash covers: all of it but the bookkeeping the fold later learnt to keep from what
 * the hash covers already (the models fallen: from the outcomes; the orders given in a step: from the orders), so
 * that a file written before the fold kept them still matches. Keys stay in their order: format 1 hashes the text.
 */
function hashedPart(state: GameState): object {
  const part: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (key === "fallen") continue;
    if (key !== "step") part[key] = value;
    else {
      const { ordered: _ordered, orders: _orders, ...step } = value as NonNullable<GameState["step"]>;
      part[key] = step;
    }
  }
  return part;
}

/** The hash after every `every` events: entry k is the state after (k + 1) · every events. */
export function stateHashes(log: Pick<GameLog, "header" | "events">, every: number, version: number = REPLAY_VERSION): string[] {
  const hashes: string[] = [];
  const stateHash = stateHasher(version);
  let state = initialState(log.header.scenario);
  log.events.forEach((event, i) => {
    state = applyEvent(state, event);
    if ((i + 1) % every === 0) hashes.push(stateHash(state));
  });
  // Make the replay's snapshots now too, so that every seek after loading is quick.
  replayState(log, log.events.length);
  return hashes;
}

/**
 * The replay file's text: the game's events up to its cursor (an undone tail is not part of what happened),
 * its notes, and its divergence when it has one. Every note must be on one of those events: a note that would
 * not be written is the caller's to say, never dropped here.
 */
export function serializeReplay(replay: Replay, hashEvery: number = DEFAULT_HASH_EVERY): string {
  const events = replay.log.events.slice(0, replay.log.cursor);
  const played = { ...replay.log, events, cursor: events.length };
  const past = replay.notes.find((n) => n.event >= events.length);
  if (past) throw new Error(`a note on event ${past.event} is past the replay's last event (${events.length - 1}); it would be lost`);
  const { cursor: _cursor, events: numbered, ...game } = JSON.parse(serializeGame(played)) as Record<string, unknown>;
  const notes = replay.notes.map((n) => ({ event: n.event, text: n.text }));
  const diverged =
    replay.divergence && replay.divergence.event < events.length
      ? { diverged: { event: replay.divergence.event, message: unflagged(replay.divergence.message) } }
      : {};
  // The events last: a file cut short loses the fewest, and the loader keeps the whole ones.
  return JSON.stringify({
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    hashEvery,
    hashes: stateHashes(played, hashEvery),
    notes,
    ...diverged,
    game,
    events: numbered,
  });
}

/** Notes and a divergence flag past the events a whole file holds: refused, each naming its path. */
function pastTheEnd(envelope: { notes: readonly ReplayNote[]; diverged?: ReplayDivergence }, events: number): string[] {
  const last = events ? `its last is event ${events - 1}` : "it has no events";
  const notes = envelope.notes.flatMap((n, i) =>
    n.event >= events ? [`notes[${i}].event: a note on event ${n.event}, but the replay has ${events} events (${last})`] : [],
  );
  const flag = envelope.diverged && envelope.diverged.event >= events ? [`diverged.event: a divergence at event ${envelope.diverged.event}, but ${last}`] : [];
  return [...notes, ...flag];
}

/** How far a replay load is: its events checked, the table after each hashed as it goes. */
export type ReplayLoadProgress = (done: number, total: number) => void;

export function parseReplay(text: string, catalog: CatalogSource, known: KnownRulesets = {}, progress?: ReplayLoadProgress): ReplayFileResult {
  const json = readJson(text, { watch: "events" });
  let data: unknown;
  let cutShort: string | undefined;
  if (json.ok) data = json.value;
  else {
    const recovered = recoverPrefix(json.text, "events", json.itemEnds);
    if (!recovered) return { ok: false, error: `${ROOT_PATH}: not valid JSON: ${describeSyntaxProblem(json.problem)}` };
    data = recovered.value;
    cutShort = `the file breaks at ${describeSyntaxProblem(json.problem)}; the replay plays up to event ${recovered.items}`;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data) || (data as { format?: unknown }).format !== REPLAY_FORMAT) {
    return { ok: false, error: `${ROOT_PATH}: not a replay file: expected a JSON object {"format": "${REPLAY_FORMAT}", …}` };
  }
  const envelope = validate(ReplayEnvelope, data);
  if (!envelope.ok) return { ok: false, error: envelope.issues.map((i) => `${i.path}: ${i.message}`).join("; ") };
  const { version, hashEvery, hashes, notes, diverged, game, events } = envelope.data;
  const stateHash = stateHasher(version);
  // One fold: the loader checks each event against the table before it, and the table after it is hashed
  // (and kept every REPLAY_SNAPSHOT_EVERY events for seeking) as it goes.
  const actual: string[] = [];
  const snapshots: GameState[] = [];
  const afterEvent = (count: number, state: GameState) => {
    if (count % hashEvery === 0) actual.push(stateHash(state));
    if (count % REPLAY_SNAPSHOT_EVERY === 0) snapshots.push(state);
  };
  const loaded = loadGame({ ...game, events }, catalog, known, { ...(progress && { progress }), afterEvent });
  // The events' paths are the file's own; a problem of the whole (nesting, size) is the file's; the rest lie in "game".
  const inFile = (p: string) => (p.startsWith("events") || p.startsWith(`${ROOT_PATH}:`) ? p : joinPath("game", p));
  if (!loaded.ok) return { ok: false, error: loaded.problems.map(inFile).join("; ") };
  const log = { ...loaded.game.log, cursor: loaded.game.log.events.length };
  const broken = loaded.game.warning ? loaded.game.warning.replace("the game was loaded", "the replay plays") : cutShort;
  // A whole file's notes are all on its events, or it is refused; a broken one plays up to its break, and
  // the notes on events past the break are said, not silently lost.
  if (!broken) {
    const past = pastTheEnd(envelope.data, log.events.length);
    if (past.length) return { ok: false, error: past.join("; ") };
  }
  const kept = notes.filter((n) => n.event < log.events.length);
  const lost = notes.length - kept.length;
  const warning = broken && lost ? `${broken}; ${lost} note${lost === 1 ? "" : "s"} on events past it ${lost === 1 ? "is" : "are"} not kept` : broken;
  keepSnapshots(log, snapshots);
  const found = firstDivergence(actual, hashEvery, hashes);
  const said = diverged && diverged.event < log.events.length ? { event: diverged.event, message: flagged(diverged.message) } : undefined;
  const divergence = said && (!found || said.event <= found.event) ? said : found;
  return { ok: true, replay: { log, notes: kept, ...(warning ? { warning } : {}), ...(divergence ? { divergence } : {}) } };
}

const FLAGGED = "exported after it diverged: ";
/** A divergence the file says, as the player reads it; the file keeps what was first found, so every export writes the same. */
const flagged = (message: string) => (message.startsWith(FLAGGED) ? message : FLAGGED + message);
const unflagged = (message: string) => (message.startsWith(FLAGGED) ? message.slice(FLAGGED.length) : message);

/** Where the fold first differs from the recorded hashes, named by the last event of the window that differs. */
function firstDivergence(actual: readonly string[], every: number, recorded: readonly string[]): LoadedReplay["divergence"] {
  const k = actual.findIndex((hash, i) => i < recorded.length && hash !== recorded[i]);
  if (k < 0) return undefined;
  const last = (k + 1) * every - 1;
  const first = last - every + 1;
  const where = every === 1 ? `event ${last}` : `events ${first}–${last}`;
  return {
    event: last,
    message: `the replay diverges at ${where}: the table after it is not the one recorded (the file was edited or the rules code changed since it was made)`,
  };
}
