/**
 * What the line-of-sight tool currently knows, fetched once from the sight worker by `useLosFeed` and read
 * by both the 3D overlay and the panel (two readers must not ask twice: the newer request would cancel the
 * older).
 */
import { create } from "zustand";
import type { MatrixEntry } from "../sight/matrix";
import type { SightReport } from "../sight/sightReport";

export interface LosStore {
  /** Every enemy of the shooter and how much of it shows. */
  readonly targets: readonly MatrixEntry[];
  /** Share of the targets measured so far, while measuring. */
  readonly progress?: number;
  readonly report?: SightReport;
  readonly error?: string;
}

export const useLos = create<LosStore>()(() => ({ targets: [] }));

/** The colour class of a visible share: all, part or none of the target seen. */
export function visibilityTone(fraction: number): "clear" | "partial" | "blocked" {
  return fraction >= 0.995 ? "clear" : fraction > 0 ? "partial" : "blocked";
}
