/**
 * The battlefield editor's own settings, apart from the play tools' (uiStore): the unit the Forces tool lays
 * out next, and the floor each building is edited at (the floors above it hidden).
 */
import { create } from "zustand";
import type { Formation } from "../core/formation";

export interface EditorStore {
  /** The preset id the next click lays out. */
  readonly preset?: string;
  readonly side: string;
  /** The new unit's name; empty: its default display name. */
  readonly unitName: string;
  readonly formation: Formation;
  /** Which way the new unit faces, degrees (0 faces +z). */
  readonly heading: number;
  /** Building id → the floor shown as the top one; floors above it, and the roof, are hidden. */
  readonly floorShown: Readonly<Record<string, number>>;
  set(patch: Partial<Omit<EditorStore, "set" | "showFloor">>): void;
  /** Shows a building up to `level`; undefined shows all of it. */
  showFloor(building: string, level: number | undefined): void;
}

export const useEditor = create<EditorStore>()((set) => ({
  side: "",
  unitName: "",
  formation: "line",
  heading: 0,
  floorShown: {},
  set: (patch) => set(patch),
  showFloor: (building, level) =>
    set((s) => {
      const { [building]: _old, ...rest } = s.floorShown;
      return { floorShown: level === undefined ? rest : { ...rest, [building]: level } };
    }),
}));
