/**
 * The app's tools (docs/tools.md): the play tools of the toolbar, and in edit mode the terrain or the forces
 * editor. Which one is active is read from the stores; choosing a tool, entering or leaving edit mode and
 * starting a drawing go through here, so the tool left is interrupted cleanly (a drag dropped, a drawing ended).
 */
import type { BuildingPreset } from "../../core/edit/newFeatures";
import type { FeatureKind } from "../../core/scenario/schema";
import { type EditPart, useEditor } from "../editorStore";
import { landing } from "../landing";
import { type Tool, useUi } from "../uiStore";
import { chooseDrawing, editTerrainTool } from "./editTerrain";
import { forcesTool } from "./forces";
import { lineOfSightTool } from "./lineOfSight";
import { createToolManager, type ToolManager } from "./machine";
import { missionTool } from "./mission";
import { rulerTool } from "./ruler";
import { type Land, selectTool } from "./select";
import { templatesTool } from "./templates";

export type ToolId = Tool | "edit-terrain" | "forces" | "mission";

/** The toolbar's tool in play; in edit mode, the editor of the part edited. */
export function activeTool(): ToolId {
  const { editing, part } = useEditor.getState();
  if (editing) return part === "terrain" ? "edit-terrain" : part;
  return useUi.getState().tool;
}

/** The tools over the app's stores; drops land where `land` says (the sight worker in the app, an in-process one in tests). */
export function createTools(land: Land): ToolManager {
  return createToolManager([selectTool(land), lineOfSightTool, rulerTool, templatesTool, editTerrainTool, forcesTool(land), missionTool], activeTool);
}

export const tools = createTools((at, heading) => landing(at, heading));

/** Edit mode on (on the terrain, or the part given) or off; play's tool goes back to selecting models. */
export function setEditing(editing: boolean, part: EditPart = useEditor.getState().part): void {
  useEditor.getState().set({ editing, part, draw: undefined, selected: undefined, vertexDrag: undefined, zoneCorner: undefined, missionDraw: undefined });
  if (useUi.getState().tool !== "select") useUi.getState().set({ tool: "select", shooter: undefined, target: undefined, measured: [] });
  tools.reset();
}

/** A play tool chosen (toolbar or key): play again, edit mode off. */
export function chooseTool(tool: Tool): void {
  if (useEditor.getState().editing) setEditing(false);
  useUi.getState().set({ tool });
  tools.reset();
}

/** The terrain editor draws a feature of `kind`, point by point. */
export function startDrawing(kind: FeatureKind): void {
  chooseDrawing({ kind });
  tools.transition("drawing");
}

/** The terrain editor places a building from a preset at each click. */
export function startPreset(preset: BuildingPreset): void {
  chooseDrawing({ preset });
  tools.transition("drawing");
}

/** The mission editor draws a deployment zone (two clicks, its corners) for the side chosen in the panel. */
export function startZone(): void {
  tools.reset();
  useEditor.getState().set({ missionDraw: "zone" });
  tools.transition("zone");
}

/** The mission editor drops an objective at each click. */
export function startObjective(): void {
  tools.reset();
  useEditor.getState().set({ missionDraw: "objective" });
  tools.transition("objective");
}

/** The model under the pointer (outlined, and its line shown by the line-of-sight tool), or none. */
export function hoverModel(model: string | undefined): void {
  if (useUi.getState().hovered !== model) useUi.getState().set({ hovered: model });
}
