/**
 * The 95 % bound of a visible share measured on jittered grids, one sample per grid cell.
 *
 * Each cell of a part's grid is a stratum holding one sample, so the estimate's variance is the sum of the
 * cells' variances, and a cell varies only where an edge crosses it: the edge of what hides the target, or
 * the edge of the part's silhouette. Neighbouring cells tell where edges are: the variance is estimated
 * from differences between horizontally and vertically adjacent cells (the successive-difference estimator
 * of systematic sampling), applied to the linearised share (a ratio of visible to total projected area,
 * both measured by the same samples). Parts whose samples all agree contribute nothing: an edge that no
 * sample straddles is not seen, and the bound cannot see it either.
 */
/** What the bound reads of a sample (visibility.ts's Sample): its grid cell, its share of the part's area, and whether it was clear. */
export interface GridSample {
  readonly cell: number;
  readonly weight: number;
  readonly clear: boolean;
}

/** One sampled part: its grid size and the samples that landed on it, each knowing its cell. */
export interface PartGrid {
  readonly grid: number;
  readonly samples: readonly GridSample[];
}

const Z95 = 1.96;

/**
 * Half-width of the 95 % interval of the visible share `fraction` of a projected `area`, from the grids of
 * the body's parts. 0 when every sample agrees; 1 when no sample landed on the body (nothing is known).
 */
export function stratifiedHalfWidth(parts: readonly PartGrid[], fraction: number, area: number): number {
  if (!(area > 0)) return 1;
  let variance = 0;
  for (const { grid, samples } of parts) {
    if (!samples.length) continue;
    const weight = samples[0]!.weight;
    // Per cell: its visible area n and its counted area a; cells whose ray met another part count 0.
    const visible = new Float64Array(grid * grid);
    const counted = new Float64Array(grid * grid);
    for (const s of samples) {
      counted[s.cell] = weight;
      if (s.clear) visible[s.cell] = weight;
    }
    // Σ over neighbour pairs of (Δz)², z = (n − fraction·a) / area: the linearised share of each cell.
    let squares = 0;
    let pairs = 0;
    const add = (a: number, b: number) => {
      const d = visible[a]! - visible[b]! - fraction * (counted[a]! - counted[b]!);
      squares += d * d;
      pairs++;
    };
    for (let i = 0; i < grid; i++) {
      for (let j = 0; j < grid; j++) {
        const k = i * grid + j;
        if (i + 1 < grid) add(k, k + grid);
        if (j + 1 < grid) add(k, k + 1);
      }
    }
    if (pairs) variance += ((grid * grid) / (2 * pairs)) * (squares / (area * area));
  }
  return Z95 * Math.sqrt(variance);
}
