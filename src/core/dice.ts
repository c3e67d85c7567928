/**
 * Seeded dice. Every roll comes from one generator whose seed is stored in the game log header,
 * and every roll is recorded with its reason, so a replay re-rolls nothing and a seed reproduces a game.
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export interface DieRoll {
  /** Sequence number of the roll within this dice stream, from 0. */
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
  readonly rolls: readonly DieRoll[];
}

export function createDice(seed: number): Dice {
  if (!Number.isSafeInteger(seed)) throw new Error(`dice seed must be an integer, got ${seed}`);
  const rng = xoroshiro128plus(seed);
  const rolls: DieRoll[] = [];
  const record = (sides: number, reason: string): number => {
    const value = uniformInt(rng, 1, sides);
    rolls.push({ index: rolls.length, sides, value, reason });
    return value;
  };
  return {
    seed,
    roll(sides, reason) {
      if (!Number.isInteger(sides) || sides < 2) throw new Error(`a die needs at least 2 sides, got ${sides}`);
      return record(sides, reason);
    },
    fraction(reason) {
      return (record(2 ** 32, reason) - 1) / 2 ** 32;
    },
    rolls,
  };
}
