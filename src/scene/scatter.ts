/**
 * Scenery scattered by the seeded dice, seeded from the feature's id so a table looks the same at every
 * load and on every machine: a wood's trees, each canopy wholly inside the outline and each top no higher
 * than the wood's sight-blocking height, and a smoke cloud's puffs, each inside the cloud's cylinder. The
 * drawn scenery never shows more than the sight engine measures.
 */
import { createDice } from "../core/dice";
import { distanceToPolygonBoundary, pointInPolygon, signedArea, type Vec2 } from "../core/geometry2d";
import { fnv1a } from "../core/hash";
import type { AreaFeature, FeatureOf } from "../core/scenario/schema";
import type { Ground } from "../core/terrain";

export const TREE_SHAPES = ["conifer", "broadleaf", "poplar"] as const;
export type TreeShape = (typeof TREE_SHAPES)[number];

/** Canopy radius over the tree's height, per shape: the widest the drawn tree is (src/scene/Woods.tsx). */
export const CANOPY_RATIO: Record<TreeShape, number> = { conifer: 0.3, broadleaf: 0.38, poplar: 0.2 };

export interface Tree {
  readonly shape: TreeShape;
  readonly at: Vec2;
  /** Height of the ground at its foot. */
  readonly base: number;
  readonly height: number;
  /** Turn about its trunk, radians. */
  readonly turn: number;
  /** 0..1: how its leaves' shade varies from its neighbours'. */
  readonly shade: number;
}

/** About one tree per this many square centimetres of wood. */
const AREA_PER_TREE = 30;
/** Neighbouring canopies may overlap by this share of their radii, as trees on a wargaming base do. */
const OVERLAP = 0.3;

/** The top of a wood's sight volume over flat ground (src/sight/areas.ts measures the same). */
export function woodsTop(wood: AreaFeature, ground: Ground): number {
  return Math.max(...wood.outline.map((p) => ground.heightAt(p))) + wood.height;
}

export function scatterTrees(wood: AreaFeature, ground: Ground): Tree[] {
  const dice = createDice(fnv1a(wood.id));
  const roll = () => dice.fraction("tree");
  const xs = wood.outline.map((p) => p[0]);
  const zs = wood.outline.map((p) => p[1]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  const wanted = Math.max(1, Math.round(Math.abs(signedArea(wood.outline)) / AREA_PER_TREE));
  const top = woodsTop(wood, ground);
  const trees: Array<Tree & { radius: number }> = [];
  for (let attempt = 0; attempt < wanted * 30 && trees.length < wanted; attempt++) {
    const at: Vec2 = [x0 + roll() * (x1 - x0), z0 + roll() * (z1 - z0)];
    const shape = TREE_SHAPES[Math.floor(roll() * TREE_SHAPES.length)]!;
    const base = ground.heightAt(at);
    const height = Math.min(wood.height * (0.65 + 0.35 * roll()), wood.height, top - base);
    const radius = CANOPY_RATIO[shape] * height;
    const turn = roll() * 2 * Math.PI;
    const shade = roll();
    if (height <= 0 || !pointInPolygon(at, wood.outline) || distanceToPolygonBoundary(at, wood.outline) < radius) continue;
    if (trees.some((t) => Math.hypot(t.at[0] - at[0], t.at[1] - at[1]) < (1 - OVERLAP) * (t.radius + radius))) continue;
    trees.push({ shape, at, base, height, turn, shade, radius });
  }
  return trees.map(({ radius: _radius, ...tree }) => tree);
}

export interface Puff {
  readonly at: readonly [number, number, number];
  readonly radius: number;
  /** 0..1: how much lighter than the darkest puff. */
  readonly shade: number;
}

/** Puffs of a cloud standing on ground at `groundY`, each wholly inside its cylinder (the sight engine's). */
export function smokePuffs(cloud: FeatureOf<"smoke">, groundY: number): Puff[] {
  const dice = createDice(fnv1a(cloud.id));
  const roll = () => dice.fraction("smoke puff");
  const radius = Math.min(cloud.radius, cloud.height / 2) * 0.55;
  const count = Math.min(60, Math.max(8, Math.round((cloud.radius * cloud.radius * cloud.height) / radius ** 3)));
  return Array.from({ length: count }, () => {
    const r = radius * (0.7 + 0.3 * roll());
    const reach = Math.max(0, cloud.radius - r) * Math.sqrt(roll());
    const angle = roll() * 2 * Math.PI;
    const y = groundY + r + roll() * Math.max(0, cloud.height - 2 * r);
    return { at: [cloud.at[0] + reach * Math.cos(angle), y, cloud.at[1] + reach * Math.sin(angle)] as const, radius: r, shade: roll() };
  });
}
