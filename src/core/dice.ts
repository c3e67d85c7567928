/**
 * Seeded dice. Every roll comes from one generator whose seed is stored in the game log header, and every
 * roll is recorded with its reason, so a replay re-rolls nothing and a seed reproduces a game.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

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

/**
 * A dice stream from `seed`. `previous` lists the sides of the rolls already made in this game, in order:
 * they are rolled again silently, so the next roll is the one the game would have made.
 */
export function createDice(seed: number, previous: readonly number[] = []): Dice {
  if (!Number.isSafeInteger(seed)) throw new Error(`dice seed must be an integer, got ${seed}`);
  const rng = xoroshiro128plus(seed);
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
