/** UI state that is not the game: the active tool, selection, hover, units and view toggles. */
import { create } from "zustand";
import type { Placement } from "../core/game/events";
import type { Point } from "../core/scenario/schema";
import type { LengthUnit } from "../core/units";

export type Tool = "select" | "los" | "measure" | "template" | "forces";

export interface TemplateSettings {
  readonly kind: "blast" | "teardrop";
  /** Blast radii in cm, innermost first. */
  readonly radii: readonly number[];
  readonly length: number;
  readonly narrowWidth: number;
  readonly wideWidth: number;
}

export interface UiStore {
  readonly tool: Tool;
  /** Selected model ids (a click selects a model, a double click its whole unit). */
  readonly selection: readonly string[];
  readonly hovered?: string;
  /** LOS tool: the model whose sight is shown. */
  readonly shooter?: string;
  readonly weapon?: string;
  /** LOS tool: the target whose full report and rays are shown. */
  readonly target?: string;
  /** Counts the player's target clicks: each one is a line-of-sight check for the game log. */
  readonly checks: number;
  /** Measure tool: the models measured between. */
  readonly measured: readonly string[];
  readonly unit: LengthUnit;
  readonly showRoofs: boolean;
  readonly viewshed: boolean;
  readonly eyeView: boolean;
  readonly template: TemplateSettings;
  /** A model being dragged: where it would stand now, and the path so far (recorded for replays). */
  readonly drag?: {
    readonly model: string;
    readonly placement: Placement;
    readonly path: readonly Point[];
    /** From the point grabbed to the model's centre. */
    readonly offset: readonly [number, number];
    /** The rest of the selection, moved by the same amount as the dragged model. */
    readonly followers: ReadonlyArray<{ readonly model: string; readonly from: Placement }>;
  };
  set(patch: Partial<Omit<UiStore, "set">>): void;
}

export const useUi = create<UiStore>()((set) => ({
  tool: "select",
  selection: [],
  checks: 0,
  measured: [],
  unit: "cm",
  showRoofs: true,
  viewshed: false,
  eyeView: false,
  template: { kind: "blast", radii: [5], length: 15, narrowWidth: 2, wideWidth: 6 },
  set: (patch) => set(patch),
}));
