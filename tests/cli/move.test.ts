/**
 * `npm run move -- <game> --at <n> <model> <x,z>` run for real: a Bolt Action game on the farm saved with its
 * turn steps; the same Advance measured within and past the 6" (001 l.25, 54–60), the waiting side's move
 * refused by the turn; bad input (a point off the table, an unknown model, a point the game lacks) exits 2.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeGame } from "../../src/core/game/gameFile";
import { currentState, newGame, nextDice, record } from "../../src/core/game/gameLog";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { parseScenario } from "../../src/core/scenario/load";
import { boltAction } from "../../src/rules/bolt-action";
import { nextStep } from "../../src/rules/turn";
import { expectOneLineError, run, SPAWN_TIMEOUT } from "./run";

let dir: string;
let file: string;
/** The side holding the first order die drawn in turn 1. */
let holder: string;
beforeAll(async () => {
  const parsed = parseScenario(JSON.parse(readFileSync("src/scenarios/bolt-action-farm.json", "utf8")), scenarioCatalog);
  if (!parsed.ok) throw new Error("the farm does not load");
  let log = newGame(parsed.scenario, {
    seed: 1944,
    ruleset: { id: "bolt-action", version: boltAction.versions[0]!, options: {} },
    created: "2026-11-27T00:00:00Z",
  });
  // Deployment, then the first order die of turn 1.
  for (let n = 0; n < 2; n++) log = record(log, { ...nextStep(boltAction.turn, currentState(log), nextDice(log)), time: 0 });
  holder = currentState(log).step!.side!;
  dir = await mkdtemp(join(tmpdir(), "hulldown-move-"));
  file = join(dir, "game.json");
  await writeFile(file, serializeGame(log));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("npm run move", { timeout: SPAWN_TIMEOUT * 3 }, () => {
  it("gives the allowance, the cost and the verdict with the rules behind them", async () => {
    // us-sq1-m1 stands at 25, 38.5: 13.5 cm (5.31") north is within the Advance, 21.5 cm (8.46") is not.
    const within = await run("move", [file, "--at", "0", "us-sq1-m1", "25,52"]);
    expect(within.code, within.stderr).toBe(0);
    expect(within.stdout).toContain('allowance 6" · cost 5.31" · allowed');
    expect(within.stdout).toContain('no order die yet: measured at the Advance rate, 6"  [001 l.25]');
    const past = await run("move", [file, "--at", "0", "us-sq1-m1", "25,60", "--json"]);
    expect(past.code, past.stderr).toBe(0);
    const answer = JSON.parse(past.stdout) as { verdict: { allowed: boolean; allowance: number; cost: number }; table: null; turn: null };
    expect(answer.verdict).toMatchObject({ allowed: false, allowance: 6 });
    expect(answer.verdict.cost).toBeCloseTo(21.5 / 2.54, 6);
    expect(answer.turn).toBeNull();
  });

  it("says when the turn refuses the move: the drawn die is the other side's", async () => {
    const waiting = holder === "USA" ? "ger-sq1-m1" : "us-sq1-m1";
    const at = holder === "USA" ? "46,75" : "25,40";
    const r = await run("move", [file, waiting, at]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`turn: the order die drawn is ${holder === "USA" ? "USA's" : "Germany's"} (001 l.9–15)`);
  });

  it("exits 2 on a point off the table, an unknown model and a point the game lacks", async () => {
    expectOneLineError(await run("move", [file, "us-sq1-m1", "500,20"]), "move", "off the", "table");
    expectOneLineError(await run("move", [file, "nobody", "20,20"]), "move", 'no model "nobody"');
    expectOneLineError(await run("move", [file, "--at", "9", "us-sq1-m1", "20,20"]), "move", "--at");
  });
});
