/**
 * A read model file made into a miniature: turned upright, scaled to the table, feet on the ground and
 * centred, meshes grouped into the named parts the rules read, each part simplified to a convex hull or a
 * coarser triangle mesh within the battlefield's bounds: what blocks sight. What is drawn is the file's own
 * mesh (only vertex-clustered past the limit of drawn triangles).
 */
import { Vector3 } from "three";
import { ConvexHull } from "three/examples/jsm/math/ConvexHull.js";
import { PART_NAMES, type PartName } from "../modelDefinition";
import { SCALES } from "../scale";
import { type Base, LIMITS, Miniature, type MiniaturePart, type Scale } from "../scenario/schema";
import { degenerateHull } from "../solids/convexPoints";
import { mergeTriangles, type Triangles } from "../solids/solidGeometry";
import type { ModelFile } from "./readModelFile";

/**
 * How big the file is meant to be. "printed": a file for a 3D printer, in millimetres at table size (most
 * STLs). "life-size": metres at real size (most glTF), shrunk to the battlefield's scale. "height": fit its
 * height in cm.
 */
export type SizeChoice = { kind: "printed" } | { kind: "life-size"; scale: Scale } | { kind: "height"; cm: number };

export interface MiniatureOptions {
  readonly id: string;
  readonly name: string;
  readonly fileName: string;
  /** The file's up axis: STL files are usually z-up, glTF y-up. */
  readonly up: "y" | "z";
  readonly size: SizeChoice;
  /** Degrees the model is turned about the vertical so its front faces +z. */
  readonly turn: number;
  /** Part name of each mesh of the file, in order; several meshes may share a part. */
  readonly partOf: readonly PartName[];
  /** Parts drawn and collided as their convex hull; the others as a simplified triangle mesh. */
  readonly convex: ReadonlySet<PartName>;
  /** Eye above the feet, cm; default: 90 % of the height for figures, the top for vehicles. */
  readonly eyeHeight?: number;
  readonly base?: Base;
}

export interface BuiltMiniature {
  readonly miniature: Miniature;
  readonly trianglesBefore: number;
  /** Triangles that block sight (the colliders). */
  readonly trianglesAfter: number;
  /** Triangles the table draws (the file's own mesh, or the collider where that is it). */
  readonly trianglesDrawn: number;
  /** Height in cm at the chosen size. */
  readonly height: number;
  /** The file's own triangles in the model frame, to show the colliders against (not stored). */
  readonly original: readonly Triangles[];
}

export type BuildResult = ({ ok: true } & BuiltMiniature) | { ok: false; error: string };

/** A 28 mm figure stands about 3 cm; anything between these heights is plausible as printed millimetres. */
const PRINTED_MM = { min: 5, max: 200 };
const LIFE_SIZE_M = { min: 0.5, max: 12 };
/** Smallest height a miniature may have at the table, cm. */
const MIN_HEIGHT = 0.2;

/** Part names guessed from mesh names ("Turret_01" is the turret); anything else is a figure. */
export function guessPart(meshName: string, vehicle: boolean): PartName {
  const name = meshName.toLowerCase();
  const byWord: ReadonlyArray<readonly [RegExp, PartName]> = [
    [/turret/, "turret"],
    [/gun|barrel|cannon/, "gun"],
    [/hull|body|chassis|track/, "hull"],
    [/shield/, "shield"],
    [/crew|commander/, "crew"],
    [/base/, "base"],
  ];
  return byWord.find(([word]) => word.test(name))?.[1] ?? (vehicle ? "hull" : "figure");
}

/** The size the file suggests: printed millimetres if its height is figure-like, life-size metres if man- or tank-like. */
export function guessSize(file: ModelFile, up: "y" | "z", scale: Scale): SizeChoice {
  const height = extent(uprightPositions(file, up, 0)).size[1];
  if (height >= PRINTED_MM.min && height <= PRINTED_MM.max) return { kind: "printed" };
  if (height >= LIFE_SIZE_M.min && height <= LIFE_SIZE_M.max) return { kind: "life-size", scale };
  return { kind: "height", cm: 3.3 * SCALES[scale] };
}

/** What a file's geometry depends on: the expensive half of an import, made once per file, size and parts. */
export type ShapeOptions = Pick<MiniatureOptions, "fileName" | "up" | "size" | "turn" | "partOf" | "convex">;

/** A file made into parts at a size: its colliders and drawn meshes, before it is named and given an eye. */
export interface MiniatureShape {
  readonly parts: readonly MiniaturePart[];
  readonly vehicle: boolean;
  readonly height: number;
  readonly trianglesBefore: number;
  readonly trianglesAfter: number;
  readonly trianglesDrawn: number;
  readonly original: readonly Triangles[];
}

/**
 * The expensive half of an import (convex hulls and simplified meshes of up to a million triangles): the
 * import dialog makes it once per file, size, turn and parts, not on each keystroke of the name or the eye.
 */
export type ShapeBuild = ({ ok: true } & MiniatureShape) | { ok: false; error: string };

export function buildMiniatureShape(file: ModelFile, options: ShapeOptions): ShapeBuild {
  const upright = uprightPositions(file, options.up, options.turn);
  const box = extent(upright);
  const rawHeight = box.size[1];
  if (!(rawHeight > 0)) return { ok: false, error: `${options.fileName}: the model is flat (no height); is the up axis right?` };
  const factor = scaleFactor(options.size, rawHeight);
  const height = rawHeight * factor;
  const width = Math.max(box.size[0], box.size[2]) * factor;
  if (height < MIN_HEIGHT || height > LIMITS.base || width > LIMITS.base) {
    return {
      ok: false,
      error: `${options.fileName}: at this size it would be ${height.toFixed(1)} cm tall and ${width.toFixed(1)} cm across; a miniature must be ${MIN_HEIGHT}–${LIMITS.base} cm. Choose another size.`,
    };
  }
  // Feet at y 0, centred on the footprint: the model frame every definition uses.
  const place = (positions: Float32Array) =>
    positions.map((v, i) => {
      const axis = i % 3;
      return (v - (axis === 1 ? box.min[1] : box.min[axis]! + box.size[axis]! / 2)) * factor;
    });
  const original = file.meshes.map((mesh, i): Triangles => ({ positions: place(upright[i]!), indices: mesh.indices }));
  const byPart = new Map<PartName, Triangles[]>();
  original.forEach((mesh, i) => {
    const part = options.partOf[i] ?? "figure";
    byPart.set(part, [...(byPart.get(part) ?? []), mesh]);
  });
  const names = PART_NAMES.filter((name) => byPart.has(name));
  // A stray vertex far from the rest (a 1e30 in a damaged STL) shrinks everything else to nothing at the
  // table's size: a part with no shape left is said as such, before the stored form's checks.
  const shapeless = names.map((name) => ({ name, why: degenerateHull(mergeTriangles(byPart.get(name)!).positions.map(round)) })).find((p) => p.why);
  if (shapeless?.why) {
    const why = shapeless.why.split(":")[0];
    return {
      ok: false,
      error: `${options.fileName}: the ${shapeless.name} part has no shape left at ${round(height)} cm tall (${why}); is a vertex far from the rest?`,
    };
  }
  const budget = Math.floor(LIMITS.miniatureTriangles / names.length);
  const drawnBudget = Math.floor(LIMITS.miniatureDrawnTriangles / names.length);
  const parts: MiniaturePart[] = names.map((name) => {
    const merged = mergeTriangles(byPart.get(name)!);
    const convex = options.convex.has(name);
    const shape = convex ? convexHull(merged, budget) : simplify(merged, budget);
    // The table draws the part as the file shapes it: stored apart where the collider is not that (a hull, or
    // a mesh simplified to the collider's budget).
    const drawn = convex || merged.indices.length / 3 > budget ? simplify(merged, drawnBudget) : undefined;
    return {
      name,
      convex,
      vertices: Array.from(shape.positions, round),
      indices: Array.from(shape.indices),
      ...(drawn && { drawn: { vertices: Array.from(drawn.positions, round), indices: Array.from(drawn.indices) } }),
    };
  });
  const trianglesAfter = parts.reduce((n, p) => n + p.indices.length / 3, 0);
  const trianglesDrawn = parts.reduce((n, p) => n + (p.drawn ?? p).indices.length / 3, 0);
  return { ok: true, parts, vehicle: names.includes("hull"), height, trianglesBefore: file.triangles, trianglesAfter, trianglesDrawn, original };
}

/** What only names the shape: quick, made again on every keystroke of the dialog. */
export type FinishOptions = Pick<MiniatureOptions, "id" | "name" | "fileName" | "eyeHeight" | "base">;

/** A shape named, given its eye and base, and checked as a battlefield stores it. */
export function finishMiniature(shape: MiniatureShape, sourceTriangles: number, options: FinishOptions): BuildResult {
  const { parts, vehicle, height } = shape;
  const eyeHeight = options.eyeHeight ?? (vehicle ? height : 0.9 * height);
  const candidate = {
    id: options.id,
    name: options.name,
    category: vehicle ? "vehicle" : "infantry",
    figureHeight: round(height),
    eye: [0, round(Math.min(eyeHeight, LIMITS.base)), 0],
    ...(options.base && { base: options.base }),
    source: { file: options.fileName.slice(0, LIMITS.idLength), triangles: sourceTriangles },
    parts,
  };
  const checked = Miniature.safeParse(candidate);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { ok: false, error: `${options.fileName}: ${issue.path.join(".")}: ${issue.message}` };
  }
  const { trianglesBefore, trianglesAfter, trianglesDrawn, original } = shape;
  return { ok: true, miniature: checked.data, trianglesBefore, trianglesAfter, trianglesDrawn, height, original };
}

export function buildMiniature(file: ModelFile, options: MiniatureOptions): BuildResult {
  const shape = buildMiniatureShape(file, options);
  return shape.ok ? finishMiniature(shape, file.triangles, options) : shape;
}

/** Hundredths of a millimetre: enough for any miniature, and the battlefield file stays short. */
const round = (cm: number) => Math.round(cm * 1000) / 1000;

function scaleFactor(size: SizeChoice, rawHeight: number): number {
  switch (size.kind) {
    case "printed":
      return 0.1;
    case "life-size":
      // Metres to cm, then 1/56 for 28 mm (as the shipped catalog) and 1/100 for 15 mm.
      return (100 / 56) * SCALES[size.scale];
    case "height":
      return size.cm / rawHeight;
  }
}

/** Each mesh's positions turned y-up and by `turn` degrees about y, in file units. */
function uprightPositions(file: ModelFile, up: "y" | "z", turn: number): Float32Array[] {
  const v = new Vector3();
  const radians = (turn * Math.PI) / 180;
  return file.meshes.map((mesh) => {
    const out = new Float32Array(mesh.positions.length);
    for (let i = 0; i < out.length; i += 3) {
      const [x, y, z] = [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!];
      // z-up (x right, y back) to y-up (x right, z forward toward the viewer): (x, y, z) → (x, z, -y).
      v.set(x, up === "z" ? z : y, up === "z" ? -y : z).applyAxisAngle(new Vector3(0, 1, 0), radians);
      out[i] = v.x;
      out[i + 1] = v.y;
      out[i + 2] = v.z;
    }
    return out;
  });
}

type Triple = [number, number, number];

function extent(meshes: readonly Float32Array[]): { min: Triple; size: Triple } {
  const min: Triple = [Infinity, Infinity, Infinity];
  const max: Triple = [-Infinity, -Infinity, -Infinity];
  for (const positions of meshes) {
    for (let i = 0; i < positions.length; i++) {
      min[i % 3] = Math.min(min[i % 3]!, positions[i]!);
      max[i % 3] = Math.max(max[i % 3]!, positions[i]!);
    }
  }
  return { min, size: [max[0] - min[0], max[1] - min[1], max[2] - min[2]] };
}

/**
 * Vertex clustering: vertices in one cell of a grid become their average, and triangles that collapse are
 * dropped. The cell grows until the mesh fits the budget; a mesh already within it only loses duplicates.
 */
export function simplify(mesh: Triangles, budget: number): Triangles {
  const box = extent([mesh.positions]);
  const largest = Math.max(...box.size, 1e-6);
  // A surface of n cells across keeps about n² triangles: start near the budget's, shrink until it fits.
  for (let cells = Math.min(1024, Math.ceil(4 * Math.sqrt(budget))); ; cells = Math.floor(cells * 0.75)) {
    const clustered = cluster(mesh, largest / cells, box.min);
    if (clustered.indices.length / 3 <= budget || cells <= 2) return clustered;
  }
}

function cluster(mesh: Triangles, cell: number, origin: readonly number[]): Triangles {
  const cellOf = new Map<number, number>();
  const sums: number[] = [];
  const counts: number[] = [];
  const remap = new Uint32Array(mesh.positions.length / 3);
  for (let v = 0; v < remap.length; v++) {
    const p = [mesh.positions[v * 3]!, mesh.positions[v * 3 + 1]!, mesh.positions[v * 3 + 2]!];
    // Cells numbered along each axis; 2^20 cells per axis is far more than any pass uses.
    const [i, j, k] = p.map((x, axis) => Math.min(Math.floor((x - origin[axis]!) / cell), 0xfffff)) as [number, number, number];
    const key = (i * 0x100000 + j) * 0x100000 + k;
    let id = cellOf.get(key);
    if (id === undefined) {
      cellOf.set(key, (id = counts.length));
      sums.push(0, 0, 0);
      counts.push(0);
    }
    for (let axis = 0; axis < 3; axis++) sums[id * 3 + axis]! += p[axis]!;
    counts[id]!++;
    remap[v] = id;
  }
  const seen = new Set<string>();
  const indices: number[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const [a, b, c] = [remap[mesh.indices[t]!]!, remap[mesh.indices[t + 1]!]!, remap[mesh.indices[t + 2]!]!];
    if (a === b || b === c || a === c) continue;
    const key = [a, b, c].sort((x, y) => x - y).join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    indices.push(a, b, c);
  }
  // Only the vertices a kept triangle uses.
  const used = new Map<number, number>();
  const positions: number[] = [];
  const out = indices.map((id) => {
    let n = used.get(id);
    if (n === undefined) {
      used.set(id, (n = used.size));
      positions.push(sums[id * 3]! / counts[id]!, sums[id * 3 + 1]! / counts[id]!, sums[id * 3 + 2]! / counts[id]!);
    }
    return n;
  });
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(out) };
}

/** The convex hull's triangles (of a clustered copy when the hull alone would exceed the budget). */
export function convexHull(mesh: Triangles, budget: number): Triangles {
  for (let cells = 256; ; cells = Math.floor(cells / 2)) {
    const points = cells === 256 ? mesh : cluster(mesh, Math.max(...extent([mesh.positions]).size, 1e-6) / cells, extent([mesh.positions]).min);
    const hull = hullTriangles(points.positions);
    if (hull.indices.length / 3 <= budget || cells <= 4) return hull;
  }
}

function hullTriangles(positions: Float32Array): Triangles {
  const points: Vector3[] = [];
  for (let i = 0; i < positions.length; i += 3) points.push(new Vector3(positions[i], positions[i + 1], positions[i + 2]));
  const hull = new ConvexHull().setFromPoints(points);
  const index = new Map<Vector3, number>();
  const vertices: number[] = [];
  const indices: number[] = [];
  const id = (p: Vector3) => {
    let n = index.get(p);
    if (n === undefined) index.set(p, (n = index.size)), vertices.push(p.x, p.y, p.z);
    return n;
  };
  for (const face of hull.faces) {
    // Each face is a convex polygon of half-edges: fanned into triangles from its first corner.
    const corners: number[] = [];
    let edge = face.edge;
    do {
      corners.push(id(edge.head().point));
      edge = edge.next;
    } while (edge !== face.edge);
    for (let k = 1; k + 1 < corners.length; k++) indices.push(corners[0]!, corners[k]!, corners[k + 1]!);
  }
  return { positions: Float32Array.from(vertices), indices: Uint32Array.from(indices) };
}
