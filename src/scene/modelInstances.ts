/**
 * Miniatures drawn as instances: every model's part solids are grouped by shape and colour, and each group
 * becomes one InstancedMesh. Infantry figures share their shapes across definitions, so two hundred figures
 * cost a handful of draw calls.
 */
import { Matrix4, Quaternion, Vector3 } from "three";
import { type Battlefield, figureScale, type ModelEntry, modelPose, poseRotation } from "../core/battlefield";
import { modelFrameSolids } from "../core/solids/battlefieldSolids";
import type { SolidShape } from "../core/solids/solid";
import { shapeKey } from "./geometry";

export interface InstanceGroup {
  readonly key: string;
  readonly shape: SolidShape;
  readonly color: string;
  /** One matrix per instance (model pose × part pose), and the model each instance belongs to. */
  readonly matrices: Matrix4[];
  readonly models: string[];
}

export type PartColor = (entry: ModelEntry, part: string) => string;

export function modelMatrix(battlefield: Battlefield, entry: ModelEntry): Matrix4 {
  const pose = modelPose(battlefield, entry.model, entry.def);
  return new Matrix4().compose(new Vector3(pose.x, pose.y, pose.z), new Quaternion(...poseRotation(pose)), new Vector3(1, 1, 1));
}

/** A pinned figure lies face down: turned forward about its feet. Drawing only; its colliders stay upright. */
const LAID_DOWN = new Matrix4()
  .makeTranslation(0, 0.5, 0)
  .multiply(new Matrix4().makeRotationX(Math.PI / 2))
  .multiply(new Matrix4().makeTranslation(0, -0.3, 0));

/** Whether a model is drawn lying down: a pinned infantryman or crew (a vehicle stays as it is). */
export const liesDown = (entry: ModelEntry, pinned: ReadonlySet<string>): boolean => pinned.has(entry.model.id) && !entry.def.vehicle;

/**
 * The middle of a model's figure as drawn, where a user would click it: over its base at 0.6 of its figure's
 * height (a vehicle's hull 2.5 cm up), carried down with the figure when it lies.
 */
export function drawnMiddle(battlefield: Battlefield, entry: ModelEntry, lies: boolean): Vector3 {
  const height = entry.def.vehicle ? 2.5 : (entry.def.figureHeight ?? 3) * figureScale(entry.def, entry.model) * 0.6;
  const figure = lies ? modelMatrix(battlefield, entry).multiply(LAID_DOWN) : modelMatrix(battlefield, entry);
  return new Vector3(0, height, 0).applyMatrix4(figure);
}

export function instanceGroups(battlefield: Battlefield, colorOf: PartColor, pinned: ReadonlySet<string> = new Set()): InstanceGroup[] {
  const groups = new Map<string, InstanceGroup>();
  for (const entry of battlefield.models.values()) {
    const pose = modelMatrix(battlefield, entry);
    const lies = liesDown(entry, pinned);
    for (const solid of modelFrameSolids(entry)) {
      const color = colorOf(entry, solid.part);
      const key = `${shapeKey(solid.shape)}|${color}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { key, shape: solid.shape, color, matrices: [], models: [] }));
      const local = new Matrix4().compose(new Vector3(...solid.position), new Quaternion(...solid.rotation), new Vector3(1, 1, 1));
      const figure = solid.part === "figure" || solid.part === "crew";
      group.matrices.push(lies && figure ? pose.clone().multiply(LAID_DOWN).multiply(local) : pose.clone().multiply(local));
      group.models.push(entry.model.id);
    }
  }
  return [...groups.values()];
}
