/**
 * What a replay file can still lose (issue 19 B, points 4 and 5): notes past the last event are refused in a
 * whole file, said in a broken one, never dropped in silence on the way to a re-save; a replay flagged as
 * diverging keeps its flag when it is exported again with fresh hashes, in the file and in the app.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseReplay, serializeReplay } from "../../src/replay/replayFile";
import { RULESETS } from "../../src/rules/registry";
import { useGame } from "../../src/state/game";
import { replayText, useReplay } from "../../src/state/replayStore";
import { playedGame } from "../helpers/playedGame";

const KNOWN = { rulesets: RULESETS };
const log = playedGame();
const last = log.events.length - 1;
const text = serializeReplay({ log, notes: [{ event: 2, text: "the decisive shot" }] });
type File = { notes: { event: number; text: string }[]; events: Array<{ to?: { position: number[] }; from?: { position: number[] } }>; diverged?: unknown };
const edit = (change: (file: File) => void) => {
  const file = JSON.parse(text) as File;
  change(file);
  return JSON.stringify(file);
};

describe("replay notes past the last event", () => {
  it("a whole file with two notes past its last event is refused, each note named", () => {
    const withPast = edit((f) => f.notes.push({ event: last + 1, text: "lost one" }, { event: last + 7, text: "lost two" }));
    expect(parseReplay(withPast, scenarioCatalog, KNOWN)).toEqual({
      ok: false,
      error: `notes[1].event: a note on event ${last + 1}, but the replay has ${last + 1} events (its last is event ${last}); notes[2].event: a note on event ${last + 7}, but the replay has ${last + 1} events (its last is event ${last})`,
    });
  });

  it("a file broken at event 5 plays up to it and says how many notes past the break are not kept", () => {
    const broken = edit((f) => {
      f.notes.push({ event: 20, text: "after the break" });
      f.events[5]!.to!.position[0] = 1e9;
    });
    const result = parseReplay(broken, scenarioCatalog, KNOWN);
    if (!result.ok) throw new Error(result.error);
    expect(result.replay.log.events).toHaveLength(5);
    expect(result.replay.notes).toEqual([{ event: 2, text: "the decisive shot" }]);
    expect(result.replay.warning).toMatch(/the replay plays up to event 5; 1 note on events past it is not kept$/);
  });

  it("a note kept on every event survives export → import → export byte for byte", () => {
    const notes = [0, 1, last].map((event) => ({ event, text: `note ${event}` }));
    const once = serializeReplay({ log, notes });
    const loaded = parseReplay(once, scenarioCatalog, KNOWN);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.replay.notes).toEqual(notes);
    expect(serializeReplay(loaded.replay)).toBe(once);
  });

  it("serializing a note past the events a replay writes is an error, not a silent loss", () => {
    expect(() => serializeReplay({ log: { ...log, cursor: 3 }, notes: [{ event: 5, text: "on an undone event" }] })).toThrow(
      "a note on event 5 is past the replay's last event (2); it would be lost",
    );
  });
});

describe("a replay flagged as diverging, exported again", () => {
  // Event 17 is one of the rifleman's small steps: 1 cm further is a legal move, but not the game recorded.
  const diverging = edit((f) => {
    f.events[17]!.to!.position[0]! += 1;
    f.events[18]!.from!.position[0]! += 1;
  });
  const first = parseReplay(diverging, scenarioCatalog, KNOWN);
  if (!first.ok) throw new Error(first.error);

  it("keeps the flag in the file, and loading the export says it diverged at the same event", () => {
    expect(first.replay.divergence?.event).toBe(17);
    const again = serializeReplay(first.replay);
    expect(JSON.parse(again).diverged).toEqual({ event: 17, message: first.replay.divergence!.message });
    const second = parseReplay(again, scenarioCatalog, KNOWN);
    if (!second.ok) throw new Error(second.error);
    expect(second.replay.divergence).toEqual({ event: 17, message: `exported after it diverged: ${first.replay.divergence!.message}` });
    // A third export reads the same: the flag is said once, however often the file is exported again.
    const third = parseReplay(serializeReplay(second.replay), scenarioCatalog, KNOWN);
    if (!third.ok) throw new Error(third.error);
    expect(third.replay.divergence).toEqual(second.replay.divergence);
    expect(serializeReplay(third.replay)).toBe(serializeReplay(second.replay));
  });

  it("a flag past the last event of a whole file is refused at diverged.event", () => {
    const flagged = edit((f) => {
      f.diverged = { event: last + 3, message: "made up" };
    });
    expect(parseReplay(flagged, scenarioCatalog, KNOWN)).toEqual({
      ok: false,
      error: `diverged.event: a divergence at event ${last + 3}, but its last is event ${last}`,
    });
  });

  describe("in the app", () => {
    beforeEach(() => useReplay.getState().close());

    it("the replay bar's export writes the flag and tells the player", () => {
      useReplay.getState().open(first.replay, "edited.json");
      const exported = replayText();
      expect(JSON.parse(exported).diverged).toMatchObject({ event: 17 });
      expect(useGame.getState().message).toMatchObject({
        kind: "error",
        text: "edited.json is exported with its flag: the file says it diverges at event 17, as loading it found",
      });
    });
  });
});
