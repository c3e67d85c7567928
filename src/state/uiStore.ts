/** UI state that is not the game: the active tool, selection, hover, units and view toggles. */
import { create } from "zustand";
import type { PlacedTemplate, Placement } from "../core/game/events";
import type { Point } from "../core/scenario/schema";
import type { LengthUnit } from "../core/units";

export type Tool = "select" | "los" | "measure" | "template";

export interface TemplateSettings {
  readonly kind: "blast" | "teardrop";
  /** The teardrop's template in the rules' table ("L12"), which gives its length and widths. */
  readonly name: string;
  /** Blast radii in cm, innermost first. */
  readonly radii: readonly number[];
  readonly length: number;
  readonly narrowWidth: number;
  readonly wideWidth: number;
}

/** One end of the ruler: a model (measured from its base's edge) or a point of the table [x, y, z]. */
export type RulerEnd = { readonly model: string } | { readonly point: readonly [number, number, number] };

/** A laid template being dragged: its shape where the pointer has it, and the grab's offset from its anchor. */
export interface TemplateDrag {
  readonly id: string;
  readonly shape: PlacedTemplate["shape"];
  readonly offset: readonly [number, number];
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
  /** Ruler: the two ends measured between (the last two clicked), each a model or a point of the table. */
  readonly measured: readonly RulerEnd[];
  readonly unit: LengthUnit;
  readonly showRoofs: boolean;
  readonly viewshed: boolean;
  readonly eyeView: boolean;
  /** Imported miniatures drawn as their colliders (what blocks sight) instead of as the file shapes them. */
  readonly showColliders: boolean;
  readonly template: TemplateSettings;
  /** Panels folded to their title bar. */
  readonly folded: { readonly side: boolean; readonly log: boolean };
  /** Which side of the screen the tool's panel is on (the game log takes the other); it moves away from the model worked on. */
  readonly dock: "left" | "right";
  /** Heights (px) the tool's panel and the log are kept within, to end short of the model worked on. */
  readonly panelLimits: { readonly side?: number; readonly log?: number };
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
  readonly templateDrag?: TemplateDrag;
  /** One screen: the side whose player holds the device (the hand-over last confirmed). */
  readonly handedOver?: string;
  set(patch: Partial<Omit<UiStore, "set">>): void;
}

/** The panels' folds outlive a reload: kept in the browser's localStorage (absent in Node, where nothing is kept). */
const FOLDS = "hulldown/folded";

function storedFolds(): UiStore["folded"] {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(FOLDS) ?? "null") as Partial<UiStore["folded"]> | null;
    return { side: stored?.side === true, log: stored?.log === true };
  } catch {
    return { side: false, log: false };
  }
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
  showColliders: false,
  template: { kind: "blast", radii: [5], name: "L12", length: 12, narrowWidth: 2, wideWidth: 5 },
  folded: storedFolds(),
  dock: "right",
  panelLimits: {},
  set: (patch) => set(patch),
}));

useUi.subscribe((now, before) => {
  if (now.folded !== before.folded) globalThis.localStorage?.setItem(FOLDS, JSON.stringify(now.folded));
});
