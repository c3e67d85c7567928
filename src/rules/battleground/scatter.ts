/**
 * Where a missed HE or smoke round lands (§4.1, §4.2): the die that missed sets the distance (odd 1",
 * even 2"; over 24" ×2, under 9" ÷2), a seeded bearing sets the direction (the die's top corner on the
 * table), and a near miss at a target with a negative DM lands so that only the template's second ring
 * touches it. Distances in cm; inches only where the sheet speaks them.
 */
import { distanceToFootprint, type Footprint } from "../../core/footprint";
import { add2, headingVector, scale2, type Vec2 } from "../../core/geometry2d";
import { cmToInches, inchesToCm } from "../../core/units";
import type { BgContext } from "./context";
import { INCH_EPSILON } from "./toHit";

/** Scatter distance in inches for the missed die at a range (cm), with the band's reason. */
export function scatterInches(ctx: BgContext, missedRoll: number, range: number): { inches: number; reason: string } {
  const t = ctx.tables.scatter;
  const base = missedRoll % 2 === 1 ? t.odd : t.even;
  const r = cmToInches(range);
  const band = t.bands.find((b) => ("over" in b ? r > b.over + INCH_EPSILON : r < b.under - INCH_EPSILON));
  const factor = band?.factor ?? 1;
  const why = band ? ("over" in band ? `over ${band.over}": ×${factor}` : `under ${band.under}": ×${factor}`) : "between the bands: ×1";
  return { inches: base * factor, reason: `missed with ${missedRoll} (${missedRoll % 2 ? "odd" : "even"}: ${base}"), range ${r.toFixed(2)}" ${why}` };
}

/** A point moved `distance` cm along a bearing (degrees, 0 towards +z, 90 towards +x), kept on the table. */
export function moved(at: Vec2, bearing: number, distance: number, table: { width: number; depth: number }): Vec2 {
  const [x, z] = add2(at, scale2(headingVector(bearing), distance));
  return [Math.min(Math.max(x, 0), table.width), Math.min(Math.max(z, 0), table.depth)];
}

/**
 * Minimal scatter: the template centre along `bearing` from the target's centre at which the footprint's
 * nearest point is midway between the first and second ring radii, so ring 2 touches it and ring 1 does not.
 */
export function minimalScatterCentre(footprint: Footprint, centre: Vec2, bearing: number, rings: readonly number[]): Vec2 {
  const [r1, r2] = [rings[0]!, rings[1]!];
  const wanted = (r1 + r2) / 2;
  const dir = headingVector(bearing);
  const at = (t: number): Vec2 => add2(centre, scale2(dir, t));
  // The distance to a convex footprint grows monotonically along a ray from inside it: bisect for `wanted`.
  let [lo, hi] = [0, wanted + 1000];
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (distanceToFootprint(footprint, at(mid)) < wanted) lo = mid;
    else hi = mid;
  }
  return at(hi);
}

export const ringRadii = (ctx: BgContext): number[] => ctx.tables.templates.rings.map(inchesToCm);
