/**
 * `npm run sample-game`: a whole game played headless from the deployment to the mission's result. The shipped
 * replay of each rule system is what the command makes (same seed, same bytes), loads whole, follows its turn
 * sequence from the deployment to the game's end at the mission's turn limit, and is judged again clean (every
 * order, shot and turn step as the rules give it now); bad input exits 2.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseReplay } from "../../src/replay/replayFile";
import { RULESETS } from "../../src/rules/registry";
import { rejudgeGame } from "../../src/worker/rejudgeGame";
import { expectOneLineError, run, SPAWN_TIMEOUT } from "./run";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hulldown-sample-game-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("npm run sample-game", { timeout: SPAWN_TIMEOUT }, () => {
  it("plays Operation WW2 from the deployment to the result and writes the shipped replay, byte for byte", async () => {
    const out = join(dir, "ow2.json");
    const r = await run("wholeGame", ["--ruleset", "operation-ww2", "--seed", "1944", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    expect(await readFile(out, "utf8")).toBe(readFileSync("public/replays/operation-ww2.json", "utf8"));
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(/^.*ow2\.json: Operation WW2 on Ferme Lebrun, July 1944 \(Bolt Action\), Hold the crossroads \(sample\), seed 1944; \d+ bytes$/);
    expect(lines[2]).toMatch(/^ {2}result: turn 6 of 6 played: /);
    // Every refusal counted is printed, each with what refused it.
    const [, total, table, rules, turn] = /refused: (\d+) tries \(the table (\d+), the rules (\d+), the turn (\d+)\)/.exec(r.stdout)!.map(Number);
    expect(table! + rules! + turn!).toBe(total);
    expect(lines.filter((l) => /^ {4}(deployment|turn \d+): .*: \[(table|rules|turn)\] /.test(l))).toHaveLength(total!);
    // The deployment zones refuse what the sample mission's zones leave out.
    expect(r.stdout).toMatch(/deployment: .*\[turn\] (USA|Germany) deploy in (USA|Germany)'s deployment zone \(Hold the crossroads \(sample\)\)/);
  });

  it("npm run sample-replay makes the shipped sample replay byte for byte, every advance of its script carried out", async () => {
    const out = join(dir, "sample.json");
    const r = await run("sampleReplay", [out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/skipped/);
    expect(await readFile(out, "utf8")).toBe(readFileSync("public/replays/sample.json", "utf8"));
  });

  it("refuses an unknown rule system and a missing one, naming the systems", async () => {
    expectOneLineError(await run("wholeGame", ["--ruleset", "chess"]), "sample-game", 'unknown rule system "chess"', "bolt-action");
    expectOneLineError(await run("wholeGame", []), "sample-game", "missing --ruleset", "flames-of-war");
    expectOneLineError(await run("wholeGame", ["--ruleset", "bolt-action", "--seed", "1.5"]), "sample-game", "--seed");
  });
});

describe("the shipped whole-game replays", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset.id}: loads whole, goes from the deployment to the mission's last turn, and is judged again clean`, { timeout: 120_000 }, async () => {
      const loaded = parseReplay(readFileSync(`public/replays/${ruleset.id}.json`, "utf8"), scenarioCatalog, { rulesets: RULESETS });
      if (!loaded.ok) throw new Error(loaded.error);
      const { log } = loaded.replay;
      expect(loaded.replay.warning).toBeUndefined();
      expect(loaded.replay.divergence).toBeUndefined();
      expect(log.header.ruleset.id).toBe(ruleset.id);
      const mission = log.header.scenario.mission!;
      expect(mission.sample).toBe(true);
      expect(log.events[0]).toMatchObject({ type: "turn-advanced", turn: 0, phase: "deployment" });
      const end = log.events.at(-1)!;
      expect(end.type === "game-ended" && end.reason).toMatch(new RegExp(`^turn ${mission.turns} of ${mission.turns} played: `));
      expect(log.events.filter((e) => e.type === "models-moved").length).toBeGreaterThan(5);
      expect(log.events.filter((e) => e.type === "fire-resolved").length).toBeGreaterThan(5);
      const report = await rejudgeGame(log);
      expect(report.divergence).toBeUndefined();
      expect(report.notRejudged).toEqual([]);
    });
  }

  it("bolt-action: the scripted player orders by the rules' ranking (OrderSystem.scripted): Advance, Run, Rally and Down asked, and a morale check taken", () => {
    const loaded = parseReplay(readFileSync("public/replays/bolt-action.json", "utf8"), scenarioCatalog, { rulesets: RULESETS });
    if (!loaded.ok) throw new Error(loaded.error);
    const events = loaded.replay.log.events;
    const asked = new Set(events.flatMap((e) => (e.type === "order-given" ? [e.asked] : [])));
    expect([...asked].sort()).toEqual(expect.arrayContaining(["advance", "down", "rally", "run"]));
    expect(events.some((e) => e.type === "action-taken" && e.action === "morale-check")).toBe(true);
  });
});
