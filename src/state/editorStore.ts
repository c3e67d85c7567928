/** The battlefield editor's state: whether the table is being edited, what is being drawn or selected. */
import { create } from "zustand";
import type { BuildingPreset } from "../core/edit/newFeatures";
import type { Feature, FeatureKind, Point } from "../core/scenario/schema";

/** What a click on the table makes: the points of a feature of a kind, or a building from a preset. */
export type DrawTool = { readonly kind: FeatureKind; readonly points: readonly Point[] } | { readonly preset: BuildingPreset };

export interface EditorStore {
  /** Edit mode: the table's terrain is edited, not played on. */
  readonly editing: boolean;
  readonly draw?: DrawTool;
  /** Where the pointer is on the table (snapped), for the drawing's next segment. */
  readonly pointer?: Point;
  /** The selected feature's id. */
  readonly selected?: string;
  readonly clipboard: readonly Feature[];
  readonly snap: {
    readonly grid: boolean;
    /** Grid spacing in the rule system's unit (inches or cm). */
    readonly gridSize: number;
    /** Catch other features' corners and edges. */
    readonly features: boolean;
  };
  /** A corner of the selected feature being dragged, and where it is now. */
  readonly vertexDrag?: { readonly index: number; readonly at: Point };
  /** The gizmo is being dragged: the camera stays still. */
  readonly gizmoDrag: boolean;
  set(patch: Partial<Omit<EditorStore, "set">>): void;
}

export const useEditor = create<EditorStore>()((set) => ({
  editing: false,
  clipboard: [],
  snap: { grid: false, gridSize: 1, features: true },
  gizmoDrag: false,
  set: (patch) => set(patch),
}));
