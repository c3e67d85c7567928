/**
 * The battlefield editor's state: whether the table is being edited (edit mode) and which part of it (the
 * terrain or the forces), what is being drawn or selected; and the editor's own settings, apart from the
 * play tools' (uiStore): the unit the Forces tab lays out next, and the floor each building is edited at
 * (the floors above it hidden).
 */
import { create } from "zustand";
import type { BuildingPreset } from "../core/edit/newFeatures";
import type { Formation } from "../core/formation";
import type { Feature, FeatureKind, Point } from "../core/scenario/schema";

/** What edit mode works on: the terrain (features, buildings), the forces (units and their models) or the mission (zones, objectives). */
export type EditPart = "terrain" | "forces" | "mission";

/** What a click on the table makes: the points of a feature of a kind, or a building from a preset. */
export type DrawTool = { readonly kind: FeatureKind; readonly points: readonly Point[] } | { readonly preset: BuildingPreset };

export interface EditorStore {
  /** Edit mode: the table's terrain is edited, not played on. */
  readonly editing: boolean;
  readonly part: EditPart;
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
  /** Forces tab: the preset id the next click lays out. */
  readonly preset?: string;
  readonly side: string;
  /** The new unit's name; empty: its default display name. */
  readonly unitName: string;
  readonly formation: Formation;
  /** Which way the new unit faces, degrees (0 faces +z). */
  readonly heading: number;
  /** Mission tab: the side the next deployment zone is drawn for. */
  readonly missionSide: string;
  /** Mission tab: what a click on the table makes, a deployment zone or an objective. */
  readonly missionDraw?: "zone" | "objective";
  /** Mission tab: the first corner of the deployment zone being drawn (the pointer is the other). */
  readonly zoneCorner?: Point;
  /** Building id → the floor shown as the top one; floors above it, and the roof, are hidden. */
  readonly floorShown: Readonly<Record<string, number>>;
  set(patch: Partial<Omit<EditorStore, "set" | "showFloor">>): void;
  /** Shows a building up to `level`; undefined shows all of it. */
  showFloor(building: string, level: number | undefined): void;
}

export const useEditor = create<EditorStore>()((set) => ({
  editing: false,
  part: "terrain",
  clipboard: [],
  snap: { grid: false, gridSize: 1, features: true },
  gizmoDrag: false,
  side: "",
  unitName: "",
  formation: "line",
  heading: 0,
  missionSide: "",
  floorShown: {},
  set: (patch) => set(patch),
  showFloor: (building, level) =>
    set((s) => {
      const { [building]: _old, ...rest } = s.floorShown;
      return { floorShown: level === undefined ? rest : { ...rest, [building]: level } };
    }),
}));
