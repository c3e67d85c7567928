/**
 * The validator and the sight engine agree on every file (issue 19 B, points 1–3): what `validate` accepts,
 * the sight world builds and answers a line of sight with; what the engine cannot build, the validator
 * refuses, naming the path. Repro files are built here: a 1e-9 cm figure, convex parts of collinear or
 * identical points, an STL with one vertex at 1e30, an eye 100 cm above a 3 cm figure, ids that are
 * JavaScript's own names.
 */
import { describe, expect, it } from "vitest";
import { playedGameOn, shippedScenarioText } from "../../src/cli/fuzz/cases";
import { seededRandom } from "../../src/cli/fuzz/mutate";
import { parseGame, serializeGame } from "../../src/core/game/gameFile";
import { buildMiniature, guessPart, guessSize } from "../../src/core/miniatures/buildMiniature";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { readModelFile } from "../../src/core/miniatures/readModelFile";
import { catalogFor } from "../../src/core/scale";
import { parseScenario, parseScenarioJson } from "../../src/core/scenario/load";
import { LIMITS, type Scenario } from "../../src/core/scenario/schema";
import { degenerateHull } from "../../src/core/solids/convexPoints";
import { RULESETS } from "../../src/rules/registry";
import { sightReport } from "../../src/sight/lineOfSight";
import { createSightWorld } from "../../src/sight/sightWorld";
import { boxesStl } from "../helpers/stl";

type Json = Record<string, unknown>;

/** Two riflemen 80 cm apart; `first` overrides the first model, `extra` the battlefield. */
function battlefield(first: Json = {}, extra: Json = {}): Json {
  return {
    format: "hulldown-scenario",
    version: 1,
    forces: [
      { id: "us", side: "US", units: [{ id: "us-1", models: [{ id: "a", model: "us-rifleman", position: [20, 20], ...first }] }] },
      { id: "ger", side: "Germany", units: [{ id: "ger-1", models: [{ id: "b", model: "us-rifleman", position: [100, 60] }] }] },
    ],
    ...extra,
  };
}

/** A closed box of 8 corners from min to max (cm): a part every collider can be built of. */
function boxPart(name: string, min: [number, number, number], max: [number, number, number], convex = true): Json {
  const vertices = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((i) => [i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]]);
  const indices = [0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5];
  return { name, convex, vertices, indices };
}

/** A stored 3 cm miniature "my-mini" of the given parts, the first model made of it. */
function withMiniature(parts: Json[], mini: Json = {}, first: Json = {}): Json {
  const miniature = { id: "my-mini", name: "My mini", category: "infantry", figureHeight: 3, eye: [0, 2.8, 0], parts, ...mini };
  return battlefield({ model: "my-mini", ...first }, { miniatures: [miniature] });
}

const accept = (input: unknown): Scenario => {
  const result = parseScenario(input, scenarioCatalog);
  if (!result.ok) throw new Error(result.issues.map((i) => `${i.path}: ${i.message}`).join("\n"));
  return result.scenario;
};

const issuesOf = (input: unknown) => {
  const result = parseScenario(input, scenarioCatalog);
  return result.ok ? [] : result.issues;
};

/** The world builds and the first model's line of sight to the last has finite numbers. */
async function buildsAndSees(scenario: Scenario): Promise<number> {
  const world = await createSightWorld(scenario, scenarioCatalog(scenario));
  try {
    const ids = scenario.forces.flatMap((f) => f.units.flatMap((u) => u.models.map((m) => m.id)));
    const report = sightReport(world, ids[0]!, ids.at(-1)!);
    expect(Number.isFinite(report.visibleFraction)).toBe(true);
    return report.visibleFraction;
  } finally {
    world.dispose();
  }
}

describe("a figure too small to build is refused, naming the model", () => {
  it("figureHeight 1e-9 is refused at its path; the engine could not have built it", async () => {
    expect(issuesOf(battlefield({ figureHeight: 1e-9 }))).toEqual([
      { path: "forces[0].units[0].models[0].figureHeight", message: `1e-9 cm is less than the ${LIMITS.figureMin} cm a figure may be` },
    ]);
    // The same model as the file gave it, past the validator: Rapier fails on the squashed helmet.
    const squashed = accept(battlefield({ figureHeight: 1 }));
    const model = squashed.forces[0]!.units[0]!.models[0]!;
    const tiny = {
      ...squashed,
      forces: [{ ...squashed.forces[0]!, units: [{ ...squashed.forces[0]!.units[0]!, models: [{ ...model, figureHeight: 1e-9 }] }] }, squashed.forces[1]!],
    };
    await expect(createSightWorld(tiny, scenarioCatalog(tiny))).rejects.toThrow();
  });

  it("every shipped model at both scales builds and sees at the shortest and the tallest figure height allowed", async () => {
    for (const scale of ["28mm", "15mm"] as const) {
      const ids = [...catalogFor(scale).keys()];
      for (const figureHeight of [LIMITS.figureMin, LIMITS.figure]) {
        const units = ids.map((model, i) => ({
          id: `u${i}`,
          models: [{ id: `m${i}`, model, position: [10 + (i % 10) * 16, 10 + Math.floor(i / 10) * 16], figureHeight, eyeHeight: 0.05 }],
        }));
        const scenario = accept({ format: "hulldown-scenario", version: 1, scale, table: { width: 180, depth: 180 }, forces: [{ id: "f", side: "A", units }] });
        expect(Number.isFinite(await buildsAndSees(scenario))).toBe(true);
      }
    }
  });
});

describe("a stored miniature's convex part must span a hull", () => {
  const collinear = { name: "figure", convex: true, vertices: [0, 0, 0, 1, 1, 1, 2, 2, 2], indices: [0, 1, 2] };
  const identical = { name: "figure", convex: true, vertices: [1, 1, 1, 1, 1, 1, 1, 1, 1], indices: [0, 1, 2] };

  it("three collinear points and three identical points are refused at the part's vertices", () => {
    expect(issuesOf(withMiniature([collinear]))).toEqual([
      { path: "miniatures[0].parts[0].vertices", message: expect.stringContaining("its points lie on one line") },
    ]);
    expect(issuesOf(withMiniature([identical]))).toEqual([
      { path: "miniatures[0].parts[0].vertices", message: expect.stringContaining("its points are all one point") },
    ]);
  });

  it("the engine says why in the same words when handed such a part", async () => {
    const good = accept(withMiniature([boxPart("figure", [-0.5, 0, -0.5], [0.5, 3, 0.5])]));
    const bad = { ...good, miniatures: [{ ...good.miniatures![0]!, parts: [{ ...collinear, name: "figure" as const }] }] };
    await expect(createSightWorld(bad, scenarioCatalog(bad))).rejects.toThrow(/lie on one line/);
  });

  it("the same points as a triangle mesh, a flat convex part and a 1e-9 cm box all build and see", async () => {
    const flat = { name: "figure", convex: true, vertices: [-1, 0, 0, 1, 0, 0, 0, 3, 0], indices: [0, 1, 2] };
    for (const part of [{ ...collinear, convex: false }, flat, boxPart("figure", [0, 0, 0], [1e-9, 1e-9, 1e-9])]) {
      expect(await buildsAndSees(accept(withMiniature([part], { eye: [0, 0.001, 0] })))).toBeGreaterThanOrEqual(0);
    }
  });

  it("a figureHeight that squashes a flat part to a line is refused at the model's figureHeight", async () => {
    // A 100 cm square plate standing upright: a flat hull, until a 0.1 cm figure height squashes it to a line.
    const plate = { name: "figure", convex: true, vertices: [-50, 0, 0, 50, 0, 0, -50, 100, 0, 50, 100, 0], indices: [0, 1, 2, 1, 3, 2] };
    const mini = { figureHeight: 100, eye: [0, 90, 0] };
    expect(issuesOf(withMiniature([plate], mini, { figureHeight: 0.1, eyeHeight: 0.05 }))).toEqual([
      { path: "forces[0].units[0].models[0].figureHeight", message: expect.stringContaining("figure: its points lie on one line") },
    ]);
    expect(await buildsAndSees(accept(withMiniature([plate], mini, { figureHeight: 50 })))).toBeGreaterThanOrEqual(0);
  });

  it("degenerateHull measures spread across the longest axis, whatever the size or direction", () => {
    const tilted = (offset: number, size: number) => [0, 0, 0, size / 2, size / 2, size / 2, size, size, size + offset * size];
    expect(degenerateHull(tilted(0, 100))).toMatch(/one line/);
    expect(degenerateHull(tilted(1e-3, 100))).toMatch(/one line/);
    expect(degenerateHull(tilted(0.05, 100))).toBeUndefined();
    expect(degenerateHull(tilted(0.05, 1e-6))).toBeUndefined();
    expect(degenerateHull([0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1])).toBeUndefined();
  });
});

describe("an STL with one vertex at 1e30", () => {
  it("is refused by the importer, which says which part cannot be built", async () => {
    const stl = boxesStl([
      { min: [-5, -2, 0], max: [5, 2, 31] },
      { min: [0, 0, 0], max: [1, 1, 1e30] },
    ]);
    const file = await readModelFile(stl.buffer.slice(stl.byteOffset, stl.byteOffset + stl.byteLength) as ArrayBuffer, "far.stl");
    if (!file.ok) throw new Error(file.error);
    const built = buildMiniature(file, {
      id: "far",
      name: "Far",
      fileName: "far.stl",
      up: "z",
      size: guessSize(file, "z", "28mm"),
      turn: 0,
      partOf: file.meshes.map((m) => guessPart(m.name, false)),
      convex: new Set(["figure"]),
    });
    expect(built).toEqual({
      ok: false,
      error: "far.stl: the figure part has no shape left at 3.3 cm tall (its points lie on one line (or nearly)); is a vertex far from the rest?",
    });
  });
});

describe("an eye is bounded by its model", () => {
  it("a miniature's eye 100 cm above its 3 cm figure is refused at miniatures[0].eye", () => {
    const body = boxPart("figure", [-0.5, 0, -0.5], [0.5, 3, 0.5]);
    expect(issuesOf(withMiniature([body], { eye: [0, 100, 0] }))).toEqual([
      { path: "miniatures[0].eye", message: "the eye 100 cm above the feet is outside the 3 cm figure; an eye is within its model" },
    ]);
    expect(issuesOf(withMiniature([body], { eye: [30, 2.8, 0] }))).toEqual([
      { path: "miniatures[0].eye", message: expect.stringContaining("outside the box around the miniature's parts") },
    ]);
    // At its feet, or below them, is outside it too (a miniature's eye height must be above 0).
    expect(issuesOf(withMiniature([body], { eye: [0, 0, 0] }))).toEqual([{ path: "miniatures[0].eye", message: expect.stringContaining("the eye 0 cm") }]);
    expect(issuesOf(withMiniature([body], { eye: [0, -5, 0] }))).toEqual([{ path: "miniatures[0].eye", message: expect.stringContaining("the eye -5 cm") }]);
    expect(issuesOf(withMiniature([body], { eye: [0.2, 2.8, 0.1] }))).toEqual([]);
  });

  it("a model's eyeHeight above the top of its model definition is refused; at its top it is not", () => {
    expect(issuesOf(battlefield({ eyeHeight: 100 }))).toEqual([
      { path: "forces[0].units[0].models[0].eyeHeight", message: expect.stringMatching(/^eye \(100 cm\) above the top of the model \(3\.\d+ cm\)/) },
    ]);
    expect(issuesOf(battlefield({ model: "us-sherman-m4", eyeHeight: 50 }))).toHaveLength(1);
    expect(issuesOf(battlefield({ eyeHeight: 2.9 }))).toEqual([]);
  });
});

describe("ids that are JavaScript's own names", () => {
  it("__proto__, constructor and prototype are refused as ids anywhere, naming the path", () => {
    for (const name of ["__proto__", "constructor", "prototype"]) {
      const input = battlefield({ id: name }, { features: [{ id: name, kind: "smoke", at: [50, 50], radius: 3 }] });
      (input.forces as Json[])[1] = { id: name, side: "B", units: [{ id: name, models: [{ id: "b", model: "us-rifleman", position: [100, 60] }] }] };
      const paths = issuesOf(input).map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(["features[0].id", "forces[0].units[0].models[0].id", "forces[1].id", "forces[1].units[0].id"]));
    }
  });

  it("a game whose units are named like Object's methods, shot at, saves a file it opens again byte for byte", { timeout: 120_000 }, async () => {
    const input = JSON.parse(shippedScenarioText("default")) as { forces: { units: { id: string }[] }[] };
    const odd = ["toString", "hasOwnProperty", "valueOf", "__defineGetter__", "isPrototypeOf"];
    let k = 0;
    for (const force of input.forces) for (const unit of force.units) unit.id = odd[k++ % odd.length]! + (k > odd.length ? k : "");
    const saved = await playedGameOn(JSON.stringify(input), 3);
    expect(saved).toContain('"fire-resolved"');
    const loaded = parseGame(saved, scenarioCatalog, { rulesets: RULESETS });
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.game.warning).toBeUndefined();
    expect(serializeGame(loaded.game.log)).toBe(saved);
  });
});

describe("property: whatever validate accepts, the sight world builds and answers a line of sight", () => {
  it("mutated battlefields with a stored miniature: refused with a path, or built", { timeout: 300_000 }, async () => {
    const { mutateMiniatureScenario } = await import("../../src/cli/fuzz/mutate");
    const base = JSON.stringify(withMiniature([boxPart("figure", [-0.5, 0, -0.5], [0.5, 3, 0.5]), boxPart("base", [-1, 0, -1], [1, 0.3, 1], false)]));
    let accepted = 0;
    for (let n = 0; n < 200; n++) {
      const text = mutateMiniatureScenario(base, seededRandom(1000 + n));
      const result = parseScenarioJson(text, scenarioCatalog);
      if (!result.ok) {
        expect(result.issues.every((i) => i.path)).toBe(true);
        continue;
      }
      accepted++;
      await expect(buildsAndSees(result.scenario), `case ${n}: ${text.slice(0, 400)}`).resolves.toBeGreaterThanOrEqual(0);
    }
    expect(accepted).toBeGreaterThan(20);
  });
});
