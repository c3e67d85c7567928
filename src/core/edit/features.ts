/**
 * The battlefield's terrain as a list the editor changes: add, replace, remove and duplicate features.
 * Pure functions on scenario data; the game log's fold and the editor's commands share them.
 */
import type { Vec2 } from "../geometry2d";
import type { Feature, Scenario } from "../scenario/schema";
import { freeId } from "./newFeatures";
import { rotateFeature, translateFeature } from "./shape";

/** Thrown when an edit refers to features that are not there or ids already taken. */
export class FeatureEditError extends Error {}

export function addFeatures(scenario: Scenario, features: readonly Feature[]): Scenario {
  const ids = new Set(scenario.features.map((f) => f.id));
  for (const f of features) {
    if (ids.has(f.id)) throw new FeatureEditError(`there is already a feature "${f.id}"`);
    ids.add(f.id);
  }
  return { ...scenario, features: [...scenario.features, ...features] };
}

/** The feature with the same id replaced, in its place in the list. */
export function replaceFeature(scenario: Scenario, feature: Feature): Scenario {
  if (!scenario.features.some((f) => f.id === feature.id)) throw new FeatureEditError(`there is no feature "${feature.id}"`);
  return { ...scenario, features: scenario.features.map((f) => (f.id === feature.id ? feature : f)) };
}

export function removeFeatures(scenario: Scenario, ids: readonly string[]): Scenario {
  for (const id of ids) if (!scenario.features.some((f) => f.id === id)) throw new FeatureEditError(`there is no feature "${id}"`);
  return { ...scenario, features: scenario.features.filter((f) => !ids.includes(f.id)) };
}

/** The features that move as one with feature `id`: its group (a church and its tower), else itself alone. */
export function groupOf(features: readonly Feature[], id: string): Feature[] {
  const feature = features.find((f) => f.id === id);
  if (!feature) return [];
  return feature.group === undefined ? [feature] : features.filter((f) => f.group === feature.group);
}

/** Features turned together by `degrees` about `pivot`, then shifted by `by`: a group keeps its shape. */
export function movedTogether<F extends Feature>(features: readonly F[], pivot: Vec2, degrees: number, by: Vec2): F[] {
  return features.map((f) => translateFeature(degrees ? rotateFeature(f, degrees, pivot) : f, by));
}

/**
 * Copies of features (or of a clipboard's), shifted by `offset`, with ids and names of their own: the
 * copy of "hedge-2" is "hedge-3" if that is free. Copies of a group make a new group (named after its first
 * copy), so the copied church's tower goes with the copied church, not the original.
 */
export function copiesOf(scenario: Scenario, features: readonly Feature[], offset: Vec2): Feature[] {
  const taken = new Set<string>();
  const groupsUsed = new Set(scenario.features.flatMap((f) => (f.group === undefined ? [] : [f.group])));
  const newGroups = new Map<string, string>();
  return features.map((f) => {
    const id = freeId(scenario, f.id.replace(/-\d+$/, ""), taken);
    taken.add(id);
    const { name, group, ...rest } = translateFeature(f, offset);
    if (group !== undefined && !newGroups.has(group)) {
      let fresh = id;
      for (let n = 2; groupsUsed.has(fresh); n++) fresh = `${id}-group-${n}`;
      groupsUsed.add(fresh);
      newGroups.set(group, fresh);
    }
    return { ...rest, id, ...(name ? { name: `${name} (copy)` } : {}), ...(group !== undefined ? { group: newGroups.get(group) } : {}) } as Feature;
  });
}
