/**
 * The glTF miniatures built by `npm run models`, and the 15 mm scale rule. The script runs for real into a temp
 * directory: one file per definition and scale, a node per part and per named point, meshes whose extents are
 * the definition's shapes (computed here from the definition, not from the tessellation), and every length
 * scaled by 56/100 at 15 mm, in the files and in the sight world alike. The committed files in models/gltf are
 * the ones the script builds now.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Document, getBounds, type Node, NodeIO } from "@gltf-transform/core";
import { Euler, Vector3 } from "three";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelWorldPoint } from "../../src/core/battlefield";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import type { ModelDefinition, Shape } from "../../src/core/modelDefinition";
import { catalogFor, SCALES, scaleDefinition } from "../../src/core/scale";
import { formatIssues, parseScenario } from "../../src/core/scenario/load";
import type { Scale, Scenario } from "../../src/core/scenario/schema";
import type { Solid } from "../../src/core/solids/solid";
import { solidTriangles } from "../../src/core/solids/solidGeometry";
import { createSightWorld } from "../../src/sight/sightWorld";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCALE_NAMES = Object.keys(SCALES) as Scale[];
/** Starting node, tsx and (for export) Rapier takes a few seconds on a busy machine. */
const SPAWN_TIMEOUT = 90_000;

function run(command: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", `src/cli/${command}.ts`, ...args], { cwd: ROOT, timeout: SPAWN_TIMEOUT }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

interface Box {
  min: [number, number, number];
  max: [number, number, number];
}

const emptyBox = (): Box => ({ min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] });

function include(box: Box, point: ArrayLike<number>): void {
  for (let i = 0; i < 3; i++) {
    box.min[i] = Math.min(box.min[i]!, point[i]!);
    box.max[i] = Math.max(box.max[i]!, point[i]!);
  }
}

/** The exact extent of a definition shape: box corners turned by yaw then pitch; cylinders and spheres on their axes. */
function shapeExtent(shape: Shape): Box {
  const box = emptyBox();
  if (shape.type === "mesh") {
    for (let i = 0; i < shape.vertices.length; i += 3) include(box, [shape.vertices[i]!, shape.vertices[i + 1]!, shape.vertices[i + 2]!]);
    return box;
  }
  const [cx, cy, cz] = shape.at;
  if (shape.type === "box") {
    const turn = new Euler((shape.pitch * Math.PI) / 180, (shape.yaw * Math.PI) / 180, 0, "YXZ");
    for (const sx of [-1, 1]) {
      for (const sy of [-1, 1]) {
        for (const sz of [-1, 1]) {
          const corner = new Vector3((sx * shape.size[0]) / 2, (sy * shape.size[1]) / 2, (sz * shape.size[2]) / 2).applyEuler(turn);
          include(box, [cx + corner.x, cy + corner.y, cz + corner.z]);
        }
      }
    }
    return box;
  }
  const half =
    shape.type === "sphere"
      ? [shape.radius, shape.radius * shape.squash, shape.radius]
      : (["x", "y", "z"] as const).map((axis) => (axis === shape.axis ? shape.length / 2 : shape.radius));
  include(box, [cx - half[0]!, cy - half[1]!, cz - half[2]!]);
  include(box, [cx + half[0]!, cy + half[1]!, cz + half[2]!]);
  return box;
}

function partExtent(def: ModelDefinition, name: string): Box {
  const box = emptyBox();
  for (const shape of def.parts.find((p) => p.name === name)!.shapes) {
    const extent = shapeExtent(shape);
    include(box, extent.min);
    include(box, extent.max);
  }
  return box;
}

/** The model-frame extent of one node's own mesh (its children left out): nodes are only ever translated. */
function meshExtent(node: Node): Box {
  const position = node.getMesh()!.listPrimitives()[0]!.getAttribute("POSITION")!;
  const at = node.getWorldTranslation();
  const box = emptyBox();
  include(
    box,
    position.getMin([]).map((v, i) => v + at[i]!),
  );
  include(
    box,
    position.getMax([]).map((v, i) => v + at[i]!),
  );
  return box;
}

function expectBox(actual: Box, expected: Box, what: string): void {
  for (const key of ["min", "max"] as const) {
    actual[key].forEach((v, i) => expect(v, `${what} ${key}[${i}]`).toBeCloseTo(expected[key][i]!, 4));
  }
}

function extentOfSolids(solids: readonly Solid[]): Box {
  const box = emptyBox();
  for (const solid of solids) {
    const { positions } = solidTriangles(solid);
    for (let i = 0; i < positions.length; i += 3) include(box, positions.subarray(i, i + 3));
  }
  return box;
}

const size = (box: Box) => box.max.map((v, i) => v - box.min[i]!);

let dir: string;
const documents = new Map<string, Document>();
const documentOf = (scale: Scale, id: string) => documents.get(`${scale}/${id}`)!;
const nodeOf = (scale: Scale, id: string, name: string) =>
  documentOf(scale, id)
    .getRoot()
    .listNodes()
    .find((n) => n.getName() === name)!;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hulldown-models-"));
  const result = await run("models", ["--out", dir]);
  expect(result.code, result.stderr).toBe(0);
  const io = new NodeIO();
  for (const scale of SCALE_NAMES) {
    for (const id of catalogFor(scale).keys()) documents.set(`${scale}/${id}`, await io.read(join(dir, scale, `${id}.glb`)));
  }
}, SPAWN_TIMEOUT);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("npm run models", () => {
  it("writes one GLB per model definition at each scale", async () => {
    for (const scale of SCALE_NAMES) {
      expect((await readdir(join(dir, scale))).sort()).toEqual([...MODEL_CATALOG.keys()].map((id) => `${id}.glb`).sort());
    }
  });

  it("names a root node after the model, a node per part and an empty node per named point", () => {
    for (const scale of SCALE_NAMES) {
      for (const def of catalogFor(scale).values()) {
        const [root, ...others] = documentOf(scale, def.id).getRoot().listScenes()[0]!.listChildren();
        expect(others).toEqual([]);
        expect(root!.getName()).toBe(def.id);
        expect(root!.getExtras()).toMatchObject({ category: def.category, scale, ...(def.vehicle && { vehicle: { class: def.vehicle.class } }) });
        const names = documentOf(scale, def.id)
          .getRoot()
          .listNodes()
          .map((n) => n.getName());
        for (const part of def.parts) {
          expect(names, `${def.id}: ${part.name}`).toContain(part.name);
          expect(nodeOf(scale, def.id, part.name).getMesh()?.listPrimitives()[0]?.getMaterial()?.getName()).toBe(part.name);
        }
        for (const point of Object.keys(def.points)) {
          expect(names, `${def.id}: ${point}`).toContain(point);
          expect(nodeOf(scale, def.id, point).getMesh()).toBeNull();
        }
      }
    }
  });

  it("carries figure and eye heights in the root's extras", () => {
    const root = nodeOf("15mm", "us-rifleman", "us-rifleman");
    expect(root.getExtras().figureHeight).toBeCloseTo(3.3 * 0.56, 9);
    expect(root.getExtras().eyeHeight).toBeCloseTo(2.9 * 0.56, 9);
  });

  it("hangs the turret's parts and points under a turret node at the pivot, points where the definition has them", () => {
    for (const scale of SCALE_NAMES) {
      for (const def of catalogFor(scale).values()) {
        const turretParts = def.parts.filter((p) => p.turret && p.name !== "turret").map((p) => p.name);
        const turretPoints = Object.entries(def.points)
          .filter(([, p]) => p.turret)
          .map(([name]) => name);
        if (turretParts.length + turretPoints.length > 0) {
          const turret = nodeOf(scale, def.id, "turret");
          expect(turret.getTranslation()).toEqual([def.turretPivot[0], 0, def.turretPivot[1]]);
          expect(
            turret
              .listChildren()
              .map((n) => n.getName())
              .sort(),
          ).toEqual([...turretParts, ...turretPoints].sort());
        }
        for (const [name, point] of Object.entries(def.points)) {
          nodeOf(scale, def.id, name)
            .getWorldTranslation()
            .forEach((v, i) => expect(v, `${def.id} ${name}[${i}]`).toBeCloseTo(point.at[i]!, 5));
        }
      }
    }
  });

  it("gives every part's mesh the extent of the definition's shapes", () => {
    for (const scale of SCALE_NAMES) {
      for (const def of catalogFor(scale).values()) {
        for (const part of def.parts) expectBox(meshExtent(nodeOf(scale, def.id, part.name)), partExtent(def, part.name), `${scale} ${def.id} ${part.name}`);
      }
    }
  });

  it("builds a Sherman hull as wide as its outline, from its rear plate forward, 56/100 the size at 15 mm", () => {
    const hull28 = meshExtent(nodeOf("28mm", "us-sherman-m4", "hull"));
    const hull15 = meshExtent(nodeOf("15mm", "us-sherman-m4", "hull"));
    expect(size(hull28)[0]).toBeCloseTo(4.7, 5);
    expect(hull28.min[2]).toBeCloseTo(-10.4 / 2, 5);
    expect(size(hull15)[0]).toBeCloseTo(4.7 * 0.56, 5);
    expect(hull15.min[2]).toBeCloseTo(-5.824 / 2, 5);
    size(hull15).forEach((v, i) => expect(v).toBeCloseTo(size(hull28)[i]! * 0.56, 5));
  });

  it("puts a rifleman's helmet top at his figure height (within a millimetre of sculpt) at both scales", () => {
    for (const scale of SCALE_NAMES) {
      const def = catalogFor(scale).get("us-rifleman")!;
      const top = meshExtent(nodeOf(scale, def.id, "figure")).max[1];
      expect(top).toBeCloseTo(partExtent(def, "figure").max[1], 5);
      expect(Math.abs(top - def.figureHeight!)).toBeLessThan(0.1 * SCALES[scale]);
    }
  });

  it("left models/gltf as it builds it now (run: npm run models)", async () => {
    for (const scale of SCALE_NAMES) {
      const committed = (await readdir(join(ROOT, "models/gltf", scale))).sort();
      expect(committed, `models/gltf/${scale}`).toEqual((await readdir(join(dir, scale))).sort());
      for (const file of committed) {
        const fresh = await readFile(join(dir, scale, file));
        expect(Buffer.compare(await readFile(join(ROOT, "models/gltf", scale, file)), fresh), `models/gltf/${scale}/${file} is stale`).toBe(0);
      }
    }
  });

  it(
    "rejects an unknown scale with one line and exit code 2",
    async () => {
      const result = await run("models", ["--scale", "20mm", "--out", dir]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe('models: unknown scale "20mm"; expected 28mm or 15mm\n');
    },
    SPAWN_TIMEOUT,
  );
});

describe("scaleDefinition", () => {
  const factor = SCALES["15mm"];

  it("scales a definition's eye point and a vehicle's outline by exactly the factor", () => {
    const rifleman = MODEL_CATALOG.get("us-rifleman")!;
    expect(scaleDefinition(rifleman, factor).points.eye!.at).toEqual(rifleman.points.eye!.at.map((v) => v * factor));
    const sherman = MODEL_CATALOG.get("us-sherman-m4")!;
    const scaled = scaleDefinition(sherman, factor);
    expect(scaled.vehicle).toEqual({ ...sherman.vehicle, width: 4.7 * factor, length: 10.4 * factor });
    expect(scaled.vehicle!.length).toBeCloseTo(5.824, 12);
    expect(scaled.turretPivot).toEqual(sherman.turretPivot.map((v) => v * factor));
  });

  it("scales heights and bases but leaves angles, squash and weapons alone", () => {
    const pak = MODEL_CATALOG.get("ger-pak40")!;
    const scaled = scaleDefinition(pak, factor);
    expect(scaled.figureHeight).toBe(pak.figureHeight! * factor);
    expect(scaled.eyeHeight).toBe(pak.eyeHeight! * factor);
    expect(scaled.base).toEqual({ ...pak.base, width: 6 * factor, depth: 8 * factor, thickness: 0.3 * factor });
    expect(scaled.parts.find((p) => p.name === "shield")!.shapes[0]).toMatchObject({ type: "box", pitch: 12 });
    expect(scaled.weapons).toEqual(pak.weapons);
  });

  it("is the identity at 28 mm, and each scale's catalog is built once", () => {
    expect(catalogFor("28mm").get("ger-panther")).toEqual(MODEL_CATALOG.get("ger-panther"));
    expect(catalogFor("15mm")).toBe(catalogFor("15mm"));
  });
});

describe("a 15 mm scenario", () => {
  const input = (scale: Scale) => ({
    format: "hulldown-scenario",
    version: 1,
    scale,
    forces: [{ id: "us", side: "Allies", units: [{ id: "tank", models: [{ id: "sherman", model: "us-sherman-m4", position: [50, 50] }] }] }],
  });

  function load(scale: Scale): Scenario {
    const result = parseScenario(input(scale), scenarioCatalog);
    if (!result.ok) throw new Error(formatIssues(result.issues));
    return result.scenario;
  }

  it("validates, and its sight world has a Sherman 56/100 the size of the 28 mm one, eye included", async () => {
    const sizes = new Map<Scale, number[]>();
    const eyes = new Map<Scale, number>();
    for (const scale of SCALE_NAMES) {
      const scenario = load(scale);
      expect(scenario.scale).toBe(scale);
      const world = await createSightWorld(scenario, scenarioCatalog(scenario));
      sizes.set(scale, size(extentOfSolids(world.modelSolids("sherman").filter((s) => s.part === "hull"))));
      eyes.set(scale, modelWorldPoint(world.battlefield, world.battlefield.models.get("sherman")!, "eye")![1]);
      world.dispose();
    }
    // Float32 vertices 50 cm from the origin: a few 1e-6 cm of rounding.
    sizes.get("15mm")!.forEach((v, i) => expect(v).toBeCloseTo(sizes.get("28mm")![i]! * 0.56, 4));
    expect(sizes.get("15mm")![0]).toBeCloseTo(4.7 * 0.56, 4);
    expect(eyes.get("15mm")).toBeCloseTo(5.2 * 0.56, 9);
    expect(eyes.get("28mm")).toBeCloseTo(5.2, 9);
  });

  it(
    "is loaded at its scale by the command-line tools (npm run export draws a 15 mm Sherman)",
    async () => {
      const file = join(dir, "fifteen.json");
      const glb = join(dir, "fifteen.glb");
      await writeFile(file, JSON.stringify(input("15mm")));
      const result = await run("export", [file, glb]);
      expect(result.code, result.stderr).toBe(0);
      const hull = emptyBox();
      for (const node of (await new NodeIO().read(glb))
        .getRoot()
        .listNodes()
        .filter((n) => n.getName() === "sherman/hull")) {
        const { min, max } = getBounds(node);
        include(hull, min);
        include(hull, max);
      }
      expect(size(hull)[0]).toBeCloseTo(4.7 * 0.56, 4);
    },
    SPAWN_TIMEOUT,
  );
});
