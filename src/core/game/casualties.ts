/**
 * Casualties by side: the models each side has had on the table over the game less those standing now.
 * Shot down, destroyed (a wreck is no longer a model) or taken off by a player, each counts once.
 */
import type { Scenario } from "../scenario/schema";

export interface SideCasualties {
  readonly side: string;
  /** Models the side has ever had on the table. */
  readonly fielded: number;
  readonly lost: number;
}

/** `ever`: every model the game has had (everPlaced.ts); `now`: the table now. In the order the sides were first named. */
export function casualtiesBySide(ever: Scenario, now: Scenario): SideCasualties[] {
  const standing = new Set(now.forces.flatMap((f) => f.units.flatMap((u) => u.models.map((m) => m.id))));
  const bySide = new Map<string, { fielded: number; lost: number }>();
  for (const force of ever.forces) {
    const tally = bySide.get(force.side) ?? { fielded: 0, lost: 0 };
    for (const model of force.units.flatMap((u) => u.models)) {
      tally.fielded++;
      if (!standing.has(model.id)) tally.lost++;
    }
    bySide.set(force.side, tally);
  }
  return [...bySide].map(([side, t]) => ({ side, ...t }));
}
