/**
 * The players' own miniatures: the shipped STL and GLB fixtures read, scaled and made into parts whose
 * colliders give the sight answers of analytic scenes; bad files refused with a message.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildMiniature, guessPart, guessSize, type MiniatureOptions, simplify } from "../../src/core/miniatures/buildMiniature";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { type ModelFile, readModelFile } from "../../src/core/miniatures/readModelFile";
import { parseScenario } from "../../src/core/scenario/load";
import type { Miniature } from "../../src/core/scenario/schema";
import { sightReport } from "../../src/sight/lineOfSight";
import { eyeAt, testCatalog, worldWithMiniatures } from "../helpers/scene";
import { RIFLEMAN_STL } from "../helpers/stl";

const fixture = async (name: string) => {
  const bytes = await readFile(new URL(`../fixtures/${name}`, import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

async function read(name: string): Promise<ModelFile> {
  const result = await readModelFile(await fixture(name), name);
  if (!result.ok) throw new Error(result.error);
  return result;
}

const options = (file: ModelFile, extra: Partial<MiniatureOptions>): MiniatureOptions => ({
  id: "my-mini",
  name: "My mini",
  fileName: "test",
  up: file.format === "stl" ? "z" : "y",
  size: guessSize(file, file.format === "stl" ? "z" : "y", "28mm"),
  turn: 0,
  partOf: file.meshes.map((m) => guessPart(m.name, file.meshes.length > 1)),
  convex: new Set(["figure", "hull", "turret"]),
  ...extra,
});

function build(file: ModelFile, extra: Partial<MiniatureOptions> = {}): Miniature {
  const result = buildMiniature(file, options(file, extra));
  if (!result.ok) throw new Error(result.error);
  return result.miniature;
}

function bounds(mini: Miniature, part: string): [number, number][] {
  const v = mini.parts.find((p) => p.name === part)!.vertices;
  const axis = (a: number) => v.filter((_, i) => i % 3 === a);
  return [0, 1, 2].map((a): [number, number] => [Math.min(...axis(a)), Math.max(...axis(a))]);
}

describe("reading the shipped fixtures", () => {
  it("reads the binary STL box: 12 triangles, printed millimetres, z up, 2 × 4 × 3 cm", async () => {
    const file = await read("box-mini.stl");
    expect(file).toMatchObject({ format: "stl", triangles: 12 });
    expect(guessSize(file, "z", "28mm")).toEqual({ kind: "printed" });
    const mini = build(file);
    expect(mini.figureHeight).toBeCloseTo(4, 5);
    const [x, y, z] = bounds(mini, "figure");
    expect(x).toEqual([-1, 1]);
    expect(y).toEqual([0, 4]);
    expect(z).toEqual([-1.5, 1.5]);
    expect(mini.eye[1]).toBeCloseTo(3.6, 5);
  });

  it("reads the GLB tank: named meshes become hull and turret, life size shrunk to 28 mm (1/56)", async () => {
    const file = await read("tank-mini.glb");
    expect(file.meshes.map((m) => m.name)).toEqual(["Hull", "Turret"]);
    expect(guessSize(file, "y", "28mm")).toEqual({ kind: "life-size", scale: "28mm" });
    const mini = build(file);
    expect(mini.category).toBe("vehicle");
    expect(mini.parts.map((p) => p.name)).toEqual(["hull", "turret"]);
    const cm = (m: number) => (m * 100) / 56;
    expect(mini.figureHeight).toBeCloseTo(cm(3), 2);
    const [hx, hy, hz] = bounds(mini, "hull") as [[number, number], [number, number], [number, number]];
    expect(hx[1]! - hx[0]!).toBeCloseTo(cm(3), 2);
    expect(hy).toEqual([0, expect.closeTo(cm(2), 2)]);
    expect(hz[1]! - hz[0]!).toBeCloseTo(cm(6), 2);
    // The turret sits 1 m forward of the hull's centre: asymmetric, so a wrong axis would show.
    const [, ty, tz] = bounds(mini, "turret") as [[number, number], [number, number], [number, number]];
    expect((tz[0]! + tz[1]!) / 2).toBeCloseTo(cm(1), 2);
    expect(ty[0]).toBeCloseTo(cm(2), 2);
    // At 15 mm (1/100) the same file is 56/100 of that.
    expect(build(file, { size: { kind: "life-size", scale: "15mm" } }).figureHeight).toBeCloseTo(3, 2);
  });

  it("a height to fit scales every part by one factor", async () => {
    const mini = build(await read("box-mini.stl"), { size: { kind: "height", cm: 2 } });
    expect(bounds(mini, "figure")).toEqual([
      [-0.5, 0.5],
      [0, 2],
      [-0.75, 0.75],
    ]);
  });

  it("embedded in a battlefield, the miniature passes the loader and its models resolve", async () => {
    const mini = build(await read("box-mini.stl"));
    const input = {
      format: "hulldown-scenario",
      version: 1,
      miniatures: [mini],
      forces: [{ id: "f", side: "A", units: [{ id: "u", models: [{ id: "m", model: "my-mini", position: [10, 10] }] }] }],
    };
    const loaded = parseScenario(JSON.parse(JSON.stringify(input)), testCatalog);
    expect(loaded.ok).toBe(true);
    const clash = parseScenario({ ...input, miniatures: [{ ...mini, id: "us-rifleman" }] }, testCatalog);
    expect(clash.ok || clash.issues.map((i) => i.path)).toContain("miniatures[0].id");
  });
});

describe("line of sight to imported miniatures", () => {
  // An eye 3 cm up at x = 20, a 2 cm wall across the table at x = 60, the box mini (4 cm tall, 3 cm deep
  // along x when turned to heading 90) centred at x = 100. The sight line over the wall's top falls 1 cm per
  // 40 cm: at the box's near face (x = 98.5) it is 3 − 78.5 / 40 = 1.0375 cm up, so the face shows above it.
  const wall = (height: number) => ({
    id: "wall",
    kind: "wall" as const,
    path: [
      [60, 10],
      [60, 110],
    ] as [number, number][],
    height,
    thickness: 0.2,
  });

  it("a box-shaped mini behind a wall shows the part of its face above the sight line over the wall", async () => {
    const mini = build(await read("box-mini.stl"));
    const w = await worldWithMiniatures(
      [wall(2)],
      [eyeAt("eye", 20, 60, 3), { id: "box", model: "my-mini", position: [100, 60], heading: 90, side: "B" }],
      [mini],
    );
    const r = sightReport(w, "eye", "box");
    // Seen from the eye the face spans the angles to its foot and its top; the visible share is the
    // angle from the grazing line to the top over the whole angle.
    const angle = (y: number) => Math.atan2(y - 3, 78.5);
    const expected = (angle(4) - angle(1.0375)) / (angle(4) - angle(0));
    expect(r.visibleFraction).toBeGreaterThan(expected - 0.05);
    expect(r.visibleFraction).toBeLessThan(expected + 0.05);
    expect(r.occluders[0]).toMatchObject({ id: "wall" });
  });

  it("a wall taller than the sight line to its top hides it; with no wall it is all seen", async () => {
    const mini = build(await read("box-mini.stl"));
    const models = [eyeAt("eye", 20, 60, 3), { id: "box", model: "my-mini", position: [100, 60] as [number, number], heading: 90, side: "B" as const }];
    expect(sightReport(await worldWithMiniatures([wall(5)], models, [mini]), "eye", "box").visibleFraction).toBe(0);
    expect(sightReport(await worldWithMiniatures([], models, [mini]), "eye", "box").visibleFraction).toBe(1);
  });

  it("the same answer with a triangle-mesh collider as with the convex hull", async () => {
    const file = await read("box-mini.stl");
    const models = [eyeAt("eye", 20, 60, 3), { id: "box", model: "my-mini", position: [100, 60] as [number, number], heading: 90, side: "B" as const }];
    const hull = sightReport(await worldWithMiniatures([wall(2)], models, [build(file)]), "eye", "box");
    const mesh = sightReport(await worldWithMiniatures([wall(2)], models, [build(file, { convex: new Set() })]), "eye", "box");
    expect(mesh.visibleFraction).toBeCloseTo(hull.visibleFraction, 2);
  });

  it("the GLB tank behind a wall as high as its hull: the hull is hidden, the turret shows (part names reach the report)", async () => {
    const mini = build(await read("tank-mini.glb"));
    // Hull top 3.57 cm, turret 3.57–5.36 cm; an eye at 3.57 cm sees over a 3.57 cm wall only what is higher.
    const hullTop = (2 * 100) / 56;
    const w = await worldWithMiniatures(
      [
        {
          ...wall(hullTop),
          path: [
            [95, 10],
            [95, 110],
          ],
        },
      ],
      [eyeAt("eye", 20, 60, hullTop), { id: "tank", model: "my-mini", position: [105, 60], heading: 90, side: "B" }],
      [mini],
    );
    const r = sightReport(w, "eye", "tank");
    const part = (name: string) => r.parts.find((p) => p.part === name)!;
    expect(part("hull").fraction).toBe(0);
    expect(part("turret").fraction).toBeGreaterThan(0.9);
  });
});

describe("bad files and large meshes", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

  it("refuses what is not a model, an empty file, a model without triangles and 2 million triangles, each with a message", async () => {
    expect(await readModelFile(bytes("hello, I am a text file"), "notes.txt")).toEqual({
      ok: false,
      error: expect.stringMatching(/^notes\.txt: is not a model file/),
    });
    expect(await readModelFile(new ArrayBuffer(0), "empty.stl")).toEqual({ ok: false, error: "empty.stl: the file is empty" });
    expect(await readModelFile(bytes("solid nothing\nendsolid nothing\n"), "hollow.stl")).toEqual({ ok: false, error: "hollow.stl: has no triangles" });
    // A binary STL header claiming 2 million triangles (and the bytes to go with them) is refused before parsing.
    const huge = new ArrayBuffer(84 + 50 * 2_000_000);
    new DataView(huge).setUint32(80, 2_000_000, true);
    const tooMany = await readModelFile(huge, "huge.stl");
    expect(tooMany).toEqual({ ok: false, error: expect.stringContaining("has 2,000,000 triangles; at most 1,000,000") });
    expect(await readModelFile(bytes('{"asset": {"version": "1.0"}}'), "old.gltf")).toMatchObject({ ok: false, error: expect.stringMatching(/^old\.gltf: /) });
  });

  it("refuses an absurd size with the size it would have", async () => {
    const file = await read("box-mini.stl");
    const result = buildMiniature(file, options(file, { size: { kind: "height", cm: 500 } }));
    expect(result).toEqual({
      ok: false,
      error: "test: at this size it would be 500.0 cm tall and 375.0 cm across; a miniature must be 0.2–100 cm. Choose another size.",
    });
  });

  it("simplifies a dense mesh under the budget and reports the counts before and after", async () => {
    // A sphere of 80 × 60 segments: 9,440 triangles.
    const { SphereGeometry } = await import("three");
    const sphere = new SphereGeometry(10, 80, 60);
    const mesh = { name: "ball", positions: Float32Array.from(sphere.getAttribute("position").array), indices: Uint32Array.from(sphere.getIndex()!.array) };
    const file: ModelFile = { format: "gltf", meshes: [mesh], triangles: mesh.indices.length / 3 };
    const result = buildMiniature(file, options(file, { size: { kind: "printed" }, convex: new Set() }));
    if (!result.ok) throw new Error(result.error);
    expect(result.trianglesBefore).toBe(9440);
    expect(result.trianglesAfter).toBeLessThanOrEqual(5000);
    expect(result.trianglesAfter).toBeGreaterThan(500);
    // Still a ball of radius 1 cm: every kept vertex within a cell of the surface.
    const v = result.miniature.parts[0]!.vertices;
    let worst = 0;
    for (let i = 0; i < v.length; i += 3) worst = Math.max(worst, Math.abs(Math.hypot(v[i]!, v[i + 1]! - 1, v[i + 2]!) - 1));
    expect(worst).toBeLessThan(0.05);
    expect(simplify({ positions: mesh.positions, indices: mesh.indices }, 100).indices.length / 3).toBeLessThanOrEqual(100);
  });
});

describe("a figure drawn as imported, its collider what blocks sight (issue 19: the mini drawn as a lump)", () => {
  it("keeps the rifleman's own 60 triangles to draw, while the sight engine sees his convex hull: the gap between his legs blocks", async () => {
    const file = await readModelFile(new Uint8Array(RIFLEMAN_STL).buffer, "rifleman.stl");
    if (!file.ok) throw new Error(file.error);
    const built = buildMiniature(file, options(file, { partOf: ["figure"], convex: new Set(["figure"]) }));
    if (!built.ok) throw new Error(built.error);
    const figure = built.miniature.parts[0]!;
    expect(built.height).toBeCloseTo(3.1, 5);
    // Drawn: the file's five boxes, welded but not simplified.
    expect(figure.drawn!.indices.length / 3).toBe(60);
    expect(built.trianglesDrawn).toBe(60);
    // The collider is the hull: fewer triangles, and it reaches between the legs.
    expect(figure.convex).toBe(true);
    expect(figure.indices.length / 3).toBeLessThan(60);
    // A ray at knee height straight through the gap (x = 0, at 0.7 cm): blocked by the hull, not by the drawing.
    const world = await worldWithMiniatures([], [{ id: "man", model: "my-mini", position: [50, 50], heading: 90, side: "B" }], [built.miniature]);
    expect(world.castSegment([30, 0.7, 50], [70, 0.7, 50])?.tag.owner).toBe("man");
    // Above his head, nothing.
    expect(world.castSegment([30, 3.5, 50], [70, 3.5, 50])).toBeNull();
    // A saved battlefield keeps the drawn mesh.
    const saved = parseScenario({ format: "hulldown-scenario", version: 1, miniatures: [built.miniature] }, scenarioCatalog);
    expect(saved.ok && saved.scenario.miniatures?.[0]?.parts[0]?.drawn?.indices).toEqual(figure.drawn!.indices);
  });
});
