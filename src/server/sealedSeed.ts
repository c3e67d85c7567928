/**
 * The dice seed of a game played on a server, kept secret until the game ends. Players see only its
 * commitment (the SHA-256 of seed and salt) in the header from the start, so when the seed is revealed
 * anyone can check that it is the one the game began with, and the loader checks every roll against it.
 */
import { createHash, randomBytes } from "node:crypto";
import { WIDE_SEEDS } from "../core/dice";

export interface SealedSeed {
  readonly seed: number;
  readonly salt: string;
  /** Hex SHA-256 of `${seed}:${salt}`: what the header shows while the seed is secret. */
  readonly sha256: string;
}

export const commitmentOf = (seed: number, salt: string): string => createHash("sha256").update(`${seed}:${salt}`).digest("hex");

export function sealSeed(): SealedSeed {
  // A whole number past 32 bits (so the dice use 53 bits of it), from the system's secure source.
  const seed = WIDE_SEEDS + Number(randomBytes(8).readBigUInt64BE() % BigInt(Number.MAX_SAFE_INTEGER - WIDE_SEEDS));
  const salt = randomBytes(16).toString("hex");
  return { seed, salt, sha256: commitmentOf(seed, salt) };
}

/** An unguessable token for a seat link. */
export const seatToken = (): string => randomBytes(18).toString("base64url");
