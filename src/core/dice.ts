/**
 * Seeded dice. Every roll comes from one generator whose seed is stored in the game log header, and every
 * roll is recorded with its reason, so a replay re-rolls nothing and a seed reproduces a game.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";

export interface DieRoll {
  /** Sequence number of the roll in the game's stream, from 0. */
  readonly index: number;
  readonly sides: number;
  readonly value: number;
  /** Why it was rolled, e.g. "to hit: MG42 vs rifleman-3". */
  readonly reason: string;
}

export interface Dice {
  readonly seed: number;
  roll(sides: number, reason: string): number;
  /** A uniformly random real in [0, 1) from the same stream (recorded as a roll of 2^32 sides). */
  fraction(reason: string): number;
  /** The rolls made with this object (not the ones it resumed after). */
  readonly rolls: readonly DieRoll[];
}

const FRACTION_SIDES = 2 ** 32;

/** Seeds past 32 bits: a server's secret seeds (src/server/sealedSeed.ts) are drawn there. */
export const WIDE_SEEDS = 2 ** 32;

/**
 * The generator for a seed. pure-rand seeds xoroshiro128+ from 32 bits (`seed | 0`): fine for a seed written
 * in the file, too few for one kept secret, which a player who saw a few rolls could find by trying them all.
 * A seed beyond 32 bits also fills the high word of the state; one within keeps the stream it always had, so
 * every saved game rolls as it did.
 */
function generatorOf(seed: number) {
  if (seed >= -(2 ** 31) && seed < WIDE_SEEDS) return xoroshiro128plus(seed);
  return xoroshiro128plusFromState([-1, ~seed, seed | 0, Math.floor(seed / WIDE_SEEDS) | 0]);
}

/**
 * A dice stream from `seed`. `previous` lists the sides of the rolls already made in this game, in order:
 * they are rolled again silently, so the next roll is the one the game would have made.
 */
export function createDice(seed: number, previous: readonly number[] = []): Dice {
  if (!Number.isSafeInteger(seed)) throw new Error(`dice seed must be an integer, got ${seed}`);
  const rng = generatorOf(seed);
  for (const sides of previous) uniformInt(rng, 1, sides);
  const rolls: DieRoll[] = [];
  const record = (sides: number, reason: string): number => {
    const value = uniformInt(rng, 1, sides);
    rolls.push({ index: previous.length + rolls.length, sides, value, reason });
    return value;
  };
  return {
    seed,
    roll(sides, reason) {
      if (!Number.isInteger(sides) || sides < 2) throw new Error(`a die needs a whole number of sides, at least 2, got ${sides}`);
      return record(sides, reason);
    },
    fraction(reason) {
      return (record(FRACTION_SIDES, reason) - 1) / FRACTION_SIDES;
    },
    rolls,
  };
}
