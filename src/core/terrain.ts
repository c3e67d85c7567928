/**
 * The ground: a flat table raised by hills. A hill rises linearly from its outline (height 0) to its crest
 * line, the outline inset by `slope`, and is flat inside it, so a crest is a sharp, known line: a tank
 * behind it is hull-down by construction. Where hills overlap the higher one wins.
 */
import { distanceToPolygonBoundary, pointInPolygon, type Vec2 } from "./geometry2d";
import type { Feature, Hill } from "./scenario/schema";

export function hillHeightAt(hill: Hill, p: Vec2): number {
  if (!pointInPolygon(p, hill.outline)) return 0;
  return hill.height * Math.min(1, distanceToPolygonBoundary(p, hill.outline) / hill.slope);
}

export interface Ground {
  heightAt(p: Vec2): number;
  /** The hill that makes the ground at p, if any (for naming what blocked a sight line). */
  hillAt(p: Vec2): Hill | undefined;
}

export function createGround(features: readonly Feature[]): Ground {
  const hills = features.filter((f): f is Hill => f.kind === "hill");
  const highest = (p: Vec2): { hill?: Hill; height: number } => {
    let best: { hill?: Hill; height: number } = { height: 0 };
    for (const hill of hills) {
      const h = hillHeightAt(hill, p);
      if (h > best.height) best = { hill, height: h };
    }
    return best;
  };
  return { heightAt: (p) => highest(p).height, hillAt: (p) => highest(p).hill };
}
