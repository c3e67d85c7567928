/**
 * The dice streams: a seed within 32 bits rolls exactly as pure-rand's xoroshiro128+ seeded with it always
 * did (so saved games keep their dice), and a wider seed, as a game server draws to keep it secret, uses its
 * high bits too: seeds that share their low 32 bits roll differently.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { expect, it } from "vitest";
import { createDice, WIDE_SEEDS } from "../../src/core/dice";

const twenty = (seed: number) => {
  const dice = createDice(seed);
  return Array.from({ length: 20 }, () => dice.roll(6, "test"));
};

it("rolls a 32-bit seed as pure-rand's own seeding does", () => {
  for (const seed of [0, 1944, -5, 2 ** 31 + 3, WIDE_SEEDS - 1]) {
    const rng = xoroshiro128plus(seed);
    expect(twenty(seed)).toEqual(Array.from({ length: 20 }, () => uniformInt(rng, 1, 6)));
  }
});

it("rolls seeds past 32 bits by all their bits, and resumes their stream where it stopped", () => {
  const low = 7;
  const streams = [low, WIDE_SEEDS * 256 + low, WIDE_SEEDS * 512 + low, Number.MAX_SAFE_INTEGER - (WIDE_SEEDS - low - 1)].map(twenty);
  expect(new Set(streams.map((s) => s.join(""))).size).toBe(4);
  const wide = WIDE_SEEDS * 256 + low;
  const resumed = createDice(wide, Array(5).fill(6));
  expect(Array.from({ length: 15 }, () => resumed.roll(6, "test"))).toEqual(twenty(wide).slice(5));
});
