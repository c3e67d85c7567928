/**
 * Replay files: a recorded game survives export and import whole (state and dice), its state hashes
 * reproduce, an edited event is named as the divergence, a truncated file plays up to where it breaks,
 * and the shipped sample replay is a real game that loads cleanly.
 */

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serializeGame } from "../../src/core/game/gameFile";
import { currentState } from "../../src/core/game/gameLog";
import { applyEvent, byId, initialState } from "../../src/core/game/state";
import { sharedJsonText } from "../../src/core/hash";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { isReplayText, parseReplay, serializeReplay, stateHasher, stateHashes } from "../../src/replay/replayFile";
import { RULESETS } from "../../src/rules/registry";
import { defaultScenario, playedGame } from "../helpers/playedGame";

const KNOWN = { rulesets: RULESETS };
const load = (text: string) => {
  const result = parseReplay(text, scenarioCatalog, KNOWN);
  if (!result.ok) throw new Error(result.error);
  return result.replay;
};
const dice = (log: ReturnType<typeof playedGame>) => log.events.flatMap((e) => (e.type === "fire-resolved" ? e.rolls : []));

describe("replay files", () => {
  const log = playedGame();
  const notes = [{ event: 2, text: "the decisive shot" }];
  const text = serializeReplay({ log, notes });

  it("record → export → import → replay gives the identical final state, dice and notes, and the hashes match", () => {
    const replay = load(text);
    expect(replay.warning).toBeUndefined();
    expect(replay.divergence).toBeUndefined();
    expect(currentState(replay.log)).toEqual(currentState(log));
    expect(dice(replay.log)).toEqual(dice(log));
    expect(dice(log).length).toBe(4);
    expect(replay.notes).toEqual(notes);
    const file = JSON.parse(text) as { hashes: string[]; hashEvery: number };
    expect(file.hashes).toHaveLength(log.events.length);
    expect(stateHashes(replay.log, file.hashEvery)).toEqual(file.hashes);
    // Exported again, the same bytes.
    expect(serializeReplay(replay)).toBe(text);
  });

  it("names the event an edited file diverges at", () => {
    const file = JSON.parse(text) as { events: Array<Record<string, unknown>> };
    // Event 17 is one of the rifleman's small steps: move it 1 cm further. Still a legal move, but not the game recorded.
    const edited = file.events[17] as { to: { position: number[] } };
    edited.to.position[0]! += 1;
    const next = file.events[18] as { from: { position: number[] } };
    next.from.position[0]! += 1;
    const replay = load(JSON.stringify(file));
    expect(replay.warning).toBeUndefined();
    expect(replay.divergence?.event).toBe(17);
    expect(replay.divergence?.message).toMatch(/diverges at event 17\b/);
  });

  it("with a hash every 10 events, names the window the divergence is in", () => {
    const file = JSON.parse(serializeReplay({ log, notes }, 10)) as { hashes: string[]; events: Array<Record<string, unknown>> };
    expect(file.hashes).toHaveLength(Math.floor(log.events.length / 10));
    // Event 3 lays the blast template: laid 2 cm further east, it stays so for the rest of the game.
    (file.events[3] as { template: { shape: { at: number[] } } }).template.shape.at[0]! += 2;
    const replay = load(JSON.stringify(file));
    expect(replay.divergence?.event).toBe(9);
    expect(replay.divergence?.message).toContain("events 0–9");
  });

  it("plays a truncated file up to the event where it breaks and says where", () => {
    const file = JSON.parse(text) as { events: unknown[] };
    const cutInside = text.indexOf(JSON.stringify(file.events[21])) + 25;
    const replay = load(text.slice(0, cutInside));
    expect(replay.log.events).toHaveLength(21);
    expect(replay.warning).toMatch(/the file breaks at line 1, column \d+: .*the replay plays up to event 21/);
    expect(replay.divergence).toBeUndefined();
    expect(currentState(replay.log)).toEqual(currentState({ ...log, cursor: 21 }));
  });

  it("plays a file damaged at an event up to it, naming the field", () => {
    const file = JSON.parse(text) as { events: Array<Record<string, unknown>> };
    (file.events[5] as { to: { position: number[] } }).to.position[0] = 5000;
    const replay = load(JSON.stringify(file));
    expect(replay.log.events).toHaveLength(5);
    expect(replay.warning).toMatch(/^events\[5\]\.to\.position\[0\]: .*the replay plays up to event 5$/);
  });

  it("refuses what is not a replay, saying what and where", () => {
    expect(parseReplay("{}", scenarioCatalog, KNOWN)).toMatchObject({ ok: false, error: expect.stringContaining("not a replay file") });
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(parseReplay(JSON.stringify({ ...file, hashEvery: 0 }), scenarioCatalog, KNOWN)).toMatchObject({
      ok: false,
      error: expect.stringContaining("hashEvery"),
    });
    const badSeed = { ...file, game: { ...(file.game as object), seed: "x" } };
    expect(parseReplay(JSON.stringify(badSeed), scenarioCatalog, KNOWN)).toMatchObject({ ok: false, error: expect.stringContaining("game.seed") });
  });
});

describe("state hashes", () => {
  it.each([1, 2])("cover the whole state (format %i): a unit's pins, the turn and a model's recorded rule state each change the hash", (version) => {
    const stateHash = stateHasher(version);
    const state = initialState(defaultScenario());
    const hash = stateHash(state);
    expect(stateHasher(version)(initialState(defaultScenario()))).toBe(hash);
    expect(stateHash({ ...state, units: byId({}, { "us-sq1": { pins: 1 } }) })).not.toBe(hash);
    expect(stateHash({ ...state, turn: 2 })).not.toBe(hash);
    expect(stateHash({ ...state, modelStates: byId({}, { "us-sq1-m1": { morale: "motivated" } }) })).not.toBe(hash);
  });

  it("format 2: each state's hash, made with the hashes kept from the states before, is the one a fresh hasher gives it", () => {
    const log = playedGame();
    const kept = stateHasher(2);
    let state = initialState(log.header.scenario);
    for (const event of log.events) {
      state = applyEvent(state, event);
      expect(kept(state)).toBe(stateHasher(2)(structuredClone(state)));
    }
  });

  it("format 1: each state's JSON text, made with the texts kept from the states before, is JSON.stringify's", () => {
    const log = playedGame();
    const json = sharedJsonText();
    let state = initialState(log.header.scenario);
    for (const event of log.events) {
      state = applyEvent(state, event);
      expect(json(state)).toBe(JSON.stringify(state));
    }
  });
});

describe("a replay file of format 1 (the state's whole JSON text hashed)", () => {
  const log = playedGame();
  const current = JSON.parse(serializeReplay({ log, notes: [] })) as { version: number; hashes: string[]; events: Array<Record<string, unknown>> };
  const v1 = { ...current, version: 1, hashes: stateHashes(log, 1, 1) };

  it("still loads, its hashes checked the old way, and is exported in the current format", () => {
    expect(v1.hashes).not.toEqual(current.hashes);
    const replay = load(JSON.stringify(v1));
    expect(replay.divergence).toBeUndefined();
    expect(currentState(replay.log)).toEqual(currentState(log));
    expect(serializeReplay(replay)).toBe(JSON.stringify(current));
  });

  it("the shipped sample as format 1 wrote it (before format 2) loads with every recorded hash matched", () => {
    const text = readFileSync(new URL("../fixtures/sample-replay-format-1.json", import.meta.url), "utf8");
    expect(JSON.parse(text).version).toBe(1);
    const replay = load(text);
    expect(replay.divergence).toBeUndefined();
    expect(replay.log.events).toHaveLength(21);
  });

  it("names the event an edited one diverges at", () => {
    const edited = structuredClone(v1);
    (edited.events[17] as { to: { position: number[] } }).to.position[0]! += 1;
    (edited.events[18] as { from: { position: number[] } }).from.position[0]! += 1;
    expect(load(JSON.stringify(edited)).divergence?.event).toBe(17);
    // Its format-2 hashes would not do: the old file is checked against its own kind of hash.
    expect(load(JSON.stringify({ ...v1, version: 2 })).divergence?.event).toBe(0);
  });
});

describe("telling a replay file from a game file", () => {
  it("by its format: from how its text starts (a byte-order mark and spaces allowed) even when cut short, else from its JSON", () => {
    const log = playedGame();
    const text = serializeReplay({ log, notes: [] });
    expect(isReplayText(text)).toBe(true);
    expect(isReplayText(`\uFEFF \n${text.slice(0, 40)}`)).toBe(true);
    expect(isReplayText(JSON.stringify(JSON.parse(text), null, 2))).toBe(true);
    expect(isReplayText(serializeGame(log))).toBe(false);
    expect(isReplayText('{"version": 1, "format": "hulldown-replay"}')).toBe(true);
    expect(isReplayText('{"version": 1, "format": "hulldown-game"}')).toBe(false);
  });
});

describe("the shipped sample replay", () => {
  const text = readFileSync(new URL("../../public/replays/sample.json", import.meta.url), "utf8");
  const replay = load(text);

  it("loads whole and reproduces its hashes", () => {
    expect(replay.warning).toBeUndefined();
    expect(replay.divergence).toBeUndefined();
  });

  it("is a short game on the default battlefield: moves, shots with casualties, a template, notes", () => {
    const events = replay.log.events;
    // Played on the default battlefield as it ships, its sample mission with it (free play: no turn steps).
    expect(replay.log.header.scenario).toEqual(defaultScenario());
    // Every advance of the script carried out (each settled clear of walls and models as the app's drop does).
    expect(events.filter((e) => e.type === "models-moved").length).toBe(7);
    const shots = events.filter((e) => e.type === "fire-resolved");
    expect(shots.length).toBeGreaterThanOrEqual(6);
    expect(shots.flatMap((s) => s.outcomes).filter((o) => o.effect === "casualty").length).toBeGreaterThan(0);
    expect(events.some((e) => e.type === "template-placed")).toBe(true);
    expect(replay.notes.length).toBeGreaterThan(0);
  });
});
