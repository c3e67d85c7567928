/**
 * The seeded fuzz suite, a few hundred cases per run (npm run fuzz runs thousands): every mutated
 * battlefield is refused with a path or builds a world that answers with finite numbers; every mutated
 * game is refused with a path, played up to a break it names, or loaded whole and saved byte for byte; a
 * game with a doctored shot is played up to that shot, named; every mutated replay is refused with a path,
 * or keeps every note and its divergence flag when saved again.
 * The seed changes each day, so CI walks new cases while any failure is reproducible from the seed printed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CaseResult,
  checkCase,
  FAILURES,
  type FuzzCase,
  gameCase,
  playedGame,
  playedReplay,
  replayCase,
  SHIPPED,
  scenarioCase,
} from "../../src/cli/fuzz/cases";

const SEED = Math.floor(Date.now() / 86_400_000);
const SCENARIO_CASES = 150;
const GAME_CASES = 120;
const REPLAY_CASES = 80;
/** Per case, as npm run fuzz's watchdog allows. */
const CASE_LIMIT_MS = 5000;

async function runAll(cases: FuzzCase[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const c of cases) {
    const began = performance.now();
    const result: CaseResult = await checkCase(c);
    const ms = performance.now() - began;
    const where = `${c.kind} case ${c.index} of seed ${SEED} (rerun: npm run fuzz -- --seed ${SEED})`;
    expect(FAILURES, `${where}: ${result.outcome}: ${result.detail}`).not.toContain(result.outcome);
    expect(ms, `${where} took ${Math.round(ms)} ms`).toBeLessThan(CASE_LIMIT_MS);
    counts.set(result.outcome, (counts.get(result.outcome) ?? 0) + 1);
  }
  return counts;
}

describe(`fuzzing the file loaders (seed ${SEED})`, { timeout: 600_000 }, () => {
  let games: string[] = [];
  beforeAll(async () => {
    games = await Promise.all(SHIPPED.map((name, i) => playedGame(name, SEED + i)));
  }, 300_000);

  it(`${SCENARIO_CASES} mutated battlefields: refused with a path, or a world with finite answers`, async () => {
    const counts = await runAll(Array.from({ length: SCENARIO_CASES }, (_, n) => scenarioCase(SEED, n)));
    // The mutations must reach both sides of the loader, or the suite tests nothing.
    expect(counts.get("refused")).toBeGreaterThan(0);
    expect(counts.get("accepted")).toBeGreaterThan(0);
  });

  it(`${GAME_CASES} mutated games: refused with a path, partly played with the break named (a doctored shot too), or saved byte for byte`, async () => {
    const cases = Array.from({ length: GAME_CASES }, (_, n) => gameCase(SEED, n, games));
    const counts = await runAll(cases);
    // Doctored shots are among them, each caught at its event (runAll fails a "not-caught").
    expect(cases.filter((c) => c.doctored !== undefined).length).toBeGreaterThan(0);
    expect(counts.get("refused")).toBeGreaterThan(0);
    expect(counts.get("partial")).toBeGreaterThan(0);
    expect(counts.get("accepted")).toBeGreaterThan(0);
  });

  it(`${REPLAY_CASES} mutated replays: refused with a path, or no note and no flag lost on saving again`, async () => {
    const replays = games.map(playedReplay);
    for (const text of replays) expect(await checkCase({ kind: "replay", index: -1, text })).toEqual({ outcome: "accepted" });
    const counts = await runAll(Array.from({ length: REPLAY_CASES }, (_, n) => replayCase(SEED, n, replays)));
    expect(counts.get("refused")).toBeGreaterThan(0);
    expect(counts.get("partial")).toBeGreaterThan(0);
    expect(counts.get("accepted")).toBeGreaterThan(0);
  });

  it("the played games hold every kind of event and load whole", async () => {
    for (const text of games) expect(await checkCase({ kind: "game", index: -1, text })).toEqual({ outcome: "accepted" });
    const types = new Set(games.flatMap((text) => (JSON.parse(text) as { events: { type: string }[] }).events.map((e) => e.type)));
    expect([...types].sort()).toEqual([
      "fire-resolved",
      "los-checked",
      "model-moved",
      "models-moved",
      "template-placed",
      "template-removed",
      "turret-traversed",
    ]);
  });
});
