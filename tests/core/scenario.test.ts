/**
 * Loading battlefield files: defaults, and errors a user understands without reading code: each names the JSON
 * path and the reason, all problems at once, never a throw. Also keeps docs/scenario.schema.json and the examples
 * in docs/scenario-format.md in step with the schema.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scenarioJsonSchema } from "../../src/cli/schema";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import type { ScenarioIssue } from "../../src/core/scenario/issue";
import { formatIssues, parseScenario, parseScenarioJson, ROOT_PATH } from "../../src/core/scenario/load";
import { describeValue, Feature, Model, Scenario, type ScenarioInput } from "../../src/core/scenario/schema";
import { createSightWorld } from "../../src/sight/sightWorld";

const ENVELOPE = { format: "hulldown-scenario", version: 1 } as const;
const MODEL_PATH = "forces[0].units[0].models[0]";

function issuesOf(input: unknown): ScenarioIssue[] {
  const result = parseScenario(input, MODEL_CATALOG);
  if (result.ok) throw new Error("expected the scenario to be rejected");
  return result.issues;
}

const errorsOf = (input: unknown): string => formatIssues(issuesOf(input));

/** A scenario with one model (a rifleman at [10, 10] unless overridden) and the given features. */
function withModel(model: Record<string, unknown>, features: unknown[] = []): Record<string, unknown> {
  return {
    ...ENVELOPE,
    features,
    forces: [{ id: "us", side: "Allies", units: [{ id: "squad", models: [{ id: "m1", model: "us-rifleman", position: [10, 10], ...model }] }] }],
  };
}

/** A 20 × 10 cm building with walls 0 and 2 of 20 cm, walls 1 and 3 of 10 cm. */
const house = (extra: Record<string, unknown> = {}) => ({
  id: "house",
  kind: "building",
  floors: 2,
  footprint: [
    [50, 50],
    [70, 50],
    [70, 60],
    [50, 60],
  ] as [number, number][],
  ...extra,
});

const withFeatures = (...features: unknown[]) => ({ ...ENVELOPE, features });

describe("a valid scenario", () => {
  it("loads with every default filled in", () => {
    const result = parseScenario(ENVELOPE, MODEL_CATALOG);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario).toEqual({
      ...ENVELOPE,
      name: "Untitled battlefield",
      description: "",
      scale: "28mm",
      table: { width: 180, depth: 120 },
      features: [],
      forces: [],
    });
  });

  it("fills in the defaults of features, openings and models", () => {
    const input: ScenarioInput = {
      ...ENVELOPE,
      table: { width: 120 },
      features: [
        { ...house(), kind: "building", openings: [{ id: "door", type: "door", wall: 0, offset: 10, width: 2, height: 4 }] },
        {
          id: "wall",
          kind: "wall",
          path: [
            [0, 0],
            [10, 0],
          ],
        },
      ],
      forces: [{ id: "us", side: "Allies", units: [{ id: "squad", models: [{ id: "m1", model: "us-sherman-m4", position: [10, 10] }] }] }],
    };
    const result = parseScenario(input, MODEL_CATALOG);
    if (!result.ok) throw new Error(formatIssues(result.issues));
    const { scenario } = result;
    expect(scenario.table).toEqual({ width: 120, depth: 120 });
    expect(scenario.features[0]).toMatchObject({
      floorHeight: 5.5,
      wallThickness: 0.6,
      material: "stone",
      roof: { state: "intact", shape: "gable", ridgeHeight: 3.5 },
      openings: [{ floor: 0, sill: 0 }],
    });
    expect(scenario.features[1]).toMatchObject({ height: 1.8, thickness: 1, material: "stone" });
    expect(scenario.forces[0]).toMatchObject({ name: "", units: [{ name: "", models: [{ heading: 0, turretHeading: 0 }] }] });
    expect(scenario.forces[0]!.units[0]!.models[0]!.elevation).toBeUndefined();
  });

  it("accepts a $schema field for editors", () => {
    expect(parseScenario({ $schema: "./scenario.schema.json", ...ENVELOPE }, MODEL_CATALOG).ok).toBe(true);
  });
});

describe("errors name the JSON path and the reason", () => {
  it("a position that is not a point", () => {
    expect(errorsOf(withModel({ position: "abc" }))).toBe(`${MODEL_PATH}.position: expected [x, z] in cm, got "abc"`);
    expect(errorsOf(withModel({ position: [1] }))).toBe(`${MODEL_PATH}.position: expected [x, z] in cm, got [1]`);
    expect(errorsOf(withModel({ position: [1, 2, 3] }))).toBe(`${MODEL_PATH}.position: expected [x, z] in cm, got [1,2,3]`);
  });

  it("NaN and infinite coordinates (possible from code, not from JSON)", () => {
    expect(issuesOf(withModel({ position: [NaN, 10] }))).toEqual([{ path: `${MODEL_PATH}.position[0]`, message: "expected a number of centimetres, got NaN" }]);
    expect(issuesOf(withModel({ position: [10, Infinity] }))).toEqual([
      { path: `${MODEL_PATH}.position[1]`, message: "expected a number of centimetres, got Infinity" },
    ]);
    expect(errorsOf(withFeatures({ id: "s", kind: "smoke", at: [10, 10], radius: NaN }))).toBe("features[0].radius: expected a number of centimetres, got NaN");
  });

  it("reports every problem of a file at once", () => {
    const text = JSON.stringify({
      ...ENVELOPE,
      table: { width: -180 },
      features: [
        {
          id: "hill",
          kind: "hill",
          outline: [
            [0, 0],
            [10, 0],
          ],
          height: 5,
          slope: 2,
        },
        { id: "", kind: "smoke", at: [5, 5], radius: 3 },
      ],
      forces: [{ id: "us", side: "Allies", units: [{ id: "squad", models: [{ id: "m1", model: "us-rifleman", position: "abc", heading: "north" }] }] }],
    });
    const result = parseScenarioJson(text, MODEL_CATALOG);
    if (result.ok) throw new Error("expected errors");
    expect(result.issues.length).toBeGreaterThanOrEqual(5);
    expect(formatIssues(result.issues)).toBe(
      [
        "table.width: -180 cm: a table must be more than 0 cm",
        "features[0].outline: an outline needs at least 3 points, got [[0,0],[10,0]]",
        'features[1].id: an id cannot be empty, got ""',
        `${MODEL_PATH}.position: expected [x, z] in cm, got "abc"`,
        `${MODEL_PATH}.heading: expected an angle in degrees, got "north"`,
      ].join("\n"),
    );
  });

  it("reports several reference problems at once too", () => {
    const issues = issuesOf(
      withModel({ model: "ger-tiger", position: [500, 10] }, [
        house({ openings: [{ id: "door", type: "door", wall: 9, offset: 1, width: 1, height: 1 }] }),
        { id: "m1", kind: "smoke", at: [5, 5], radius: 3 },
      ]),
    );
    expect(issues.map((i) => i.path)).toEqual([
      "features[0].openings[0].wall",
      "forces[0].units[0].models[0].id",
      "forces[0].units[0].models[0].model",
      "forces[0].units[0].models[0].position",
    ]);
  });

  it("an unknown model id names the path and lists the known ids", () => {
    const [issue, ...rest] = issuesOf(withModel({ model: "ger-tiger" }));
    expect(rest).toEqual([]);
    expect(issue!.path).toBe(`${MODEL_PATH}.model`);
    expect(issue!.message).toMatch(/^unknown model definition "ger-tiger"; known: /);
    for (const id of MODEL_CATALOG.keys()) expect(issue!.message).toContain(id);
  });

  it("a wreck of a model that is not a vehicle", () => {
    expect(errorsOf(withFeatures({ id: "w", kind: "wreck", model: "us-rifleman", at: [5, 5] }))).toBe(
      'features[0].model: "us-rifleman" is not a vehicle and cannot be a wreck',
    );
  });

  it("duplicate ids, wherever they are", () => {
    expect(errorsOf(withModel({ id: "house" }, [house()]))).toBe(`${MODEL_PATH}.id: id "house" is already used at features[0]`);
    expect(errorsOf(withFeatures(house(), house()))).toBe('features[1].id: id "house" is already used at features[0]');
    const twoForces = {
      ...ENVELOPE,
      forces: [
        { id: "a", side: "A", units: [] },
        { id: "a", side: "B", units: [] },
      ],
    };
    expect(errorsOf(twoForces)).toBe('forces[1].id: id "a" is already used at forces[0]');
    const openings = [
      { id: "w", type: "window", wall: 0, offset: 5, width: 2, height: 2, sill: 1 },
      { id: "w", type: "window", wall: 0, offset: 15, width: 2, height: 2, sill: 1 },
    ];
    expect(errorsOf(withFeatures(house({ openings })))).toBe('features[0].openings[1].id: opening id "w" is already used at features[0].openings[0]');
  });

  it("an opening on a wall the building does not have", () => {
    const openings = [{ id: "door", type: "door", wall: 4, offset: 5, width: 2, height: 4 }];
    expect(errorsOf(withFeatures(house({ openings })))).toBe(
      "features[0].openings[0].wall: the building has walls 0–3 (wall i runs from footprint point i to the next), got 4",
    );
  });

  it("an opening wider than its wall, or sticking out of its end or its storey", () => {
    const wide = [{ id: "door", type: "door", wall: 1, offset: 5, width: 12, height: 4 }];
    expect(errorsOf(withFeatures(house({ openings: wide })))).toBe(
      "features[0].openings[0].offset: a 12 cm wide opening centred 5 cm along wall 1 spans -1 to 11 cm, but the wall is 10 cm long",
    );
    const offEnd = [{ id: "door", type: "door", wall: 0, offset: 19.5, width: 2, height: 4 }];
    expect(issuesOf(withFeatures(house({ openings: offEnd })))[0]!.message).toContain("spans 18.5 to 20.5 cm, but the wall is 20 cm long");
    const tall = [{ id: "window", type: "window", wall: 0, offset: 10, width: 2, height: 4, sill: 2 }];
    expect(errorsOf(withFeatures(house({ openings: tall })))).toBe(
      "features[0].openings[0].height: sill 2 + height 4 cm is taller than the 5.5 cm storey (floorHeight)",
    );
    const upstairs = [{ id: "window", type: "window", wall: 0, floor: 2, offset: 10, width: 2, height: 2 }];
    expect(errorsOf(withFeatures(house({ openings: upstairs })))).toBe("features[0].openings[0].floor: the building has floors 0–1, got 2");
  });

  it("a model off the table", () => {
    expect(errorsOf(withModel({ position: [181, 10] }))).toBe(
      `${MODEL_PATH}.position: [181, 10] is off the 180 × 120 cm table (x from 0 to 180, z from 0 to 120)`,
    );
    expect(errorsOf({ ...withModel({ position: [10, -0.5] }), table: { width: 100, depth: 60 } })).toBe(
      `${MODEL_PATH}.position: [10, -0.5] is off the 100 × 60 cm table (x from 0 to 100, z from 0 to 60)`,
    );
    expect(parseScenario(withModel({ position: [180, 120] }), MODEL_CATALOG).ok).toBe(true);
  });

  it("a floor the building does not have, a building that does not exist, a model outside its building", () => {
    expect(errorsOf(withModel({ position: [60, 55], floor: { building: "house", level: 2 } }, [house()]))).toBe(
      `${MODEL_PATH}.floor.level: building "house" has floors 0–1 (0 is the ground floor), got 2`,
    );
    expect(errorsOf(withModel({ position: [60, 55], floor: { building: "barn", level: 0 } }, [house()]))).toBe(
      `${MODEL_PATH}.floor.building: no building with id "barn"`,
    );
    expect(errorsOf(withModel({ position: [40, 55], floor: { building: "house", level: 1 } }, [house()]))).toBe(
      `${MODEL_PATH}.position: [40, 55] is outside the footprint of building "house", whose floor the model stands on`,
    );
    expect(errorsOf(withModel({ position: [60, 55], elevation: 3, floor: { building: "house", level: 1 } }, [house()]))).toBe(
      `${MODEL_PATH}.floor: give either floor or elevation, not both`,
    );
    expect(parseScenario(withModel({ position: [60, 55], floor: { building: "house", level: 1 } }, [house()]), MODEL_CATALOG).ok).toBe(true);
  });

  it("an eye above the top of the figure", () => {
    expect(errorsOf(withModel({ figureHeight: 3, eyeHeight: 3.5 }))).toBe(`${MODEL_PATH}.eyeHeight: eye (3.5 cm) above the top of the figure (3 cm)`);
  });

  it("a gable roof on a footprint without 4 points, but not on a ruin or a flat roof", () => {
    const pentagon = [
      [0, 0],
      [10, 0],
      [12, 8],
      [5, 12],
      [-2, 8],
    ];
    expect(errorsOf(withFeatures(house({ footprint: pentagon })))).toBe(
      'features[0].roof.shape: a gable roof (the default) needs a 4-point footprint, this one has 5 points; give "roof": {"shape": "flat"}',
    );
    expect(parseScenario(withFeatures(house({ footprint: pentagon, roof: { shape: "flat" } })), MODEL_CATALOG).ok).toBe(true);
    expect(parseScenario(withFeatures(house({ footprint: pentagon, roof: { state: "gone" } })), MODEL_CATALOG).ok).toBe(true);
    expect(parseScenario(withFeatures(house({ footprint: pentagon, ruined: {} })), MODEL_CATALOG).ok).toBe(true);
  });

  it("more wall heights than walls in a ruin", () => {
    expect(errorsOf(withFeatures(house({ ruined: { wallHeights: [1, 2, 3, 4, 5] } })))).toBe("features[0].ruined.wallHeights: 5 heights for 4 walls");
  });

  it("text that is not JSON gives one issue and never throws", () => {
    for (const text of ["", "{", "{ 'format': 1 }", "nul", '{"format": "hulldown-scenario",}', "\u0000"]) {
      const result = parseScenarioJson(text, MODEL_CATALOG);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.issues).toHaveLength(1);
      expect(result.issues[0]!.path).toBe(ROOT_PATH);
      expect(result.issues[0]!.message).toMatch(/^not valid JSON: line \d+, column \d+: /);
    }
    const result = parseScenarioJson('{\n  "format": "hulldown-scenario",\n  "version": 1,\n}', MODEL_CATALOG);
    expect(!result.ok && result.issues[0]!.message).toBe('not valid JSON: line 4, column 1: expected a field name in double quotes, found "}"');
    expect(parseScenarioJson('{"format": "hulldown-scenario", r}', MODEL_CATALOG)).toEqual({
      ok: false,
      issues: [{ path: ROOT_PATH, message: 'not valid JSON: line 1, column 33: expected a field name in double quotes, found "r"' }],
    });
    expect(parseScenarioJson('{"version": 1,\n "x": NaN}', MODEL_CATALOG)).toMatchObject({
      issues: [{ message: expect.stringMatching(/line 2, column 7: .*JSON has no NaN/) }],
    });
  });

  it("JSON that is not an object", () => {
    for (const text of ["null", "[]", "42", '"scenario"']) {
      const result = parseScenarioJson(text, MODEL_CATALOG);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.issues).toHaveLength(1);
      expect(result.issues[0]!.message).toBe(`a scenario file must be a JSON object {"format": "hulldown-scenario", "version": 1, …}, got ${text}`);
    }
  });

  it("a file of another format or version", () => {
    expect(errorsOf({ format: "vassal", version: 2 })).toBe(
      'format: expected "hulldown-scenario", got "vassal"\nversion: made by a newer Hulldown (format 2); this one reads format 1',
    );
    expect(errorsOf({ ...ENVELOPE, version: 0 })).toBe("version: this build reads format version 1, got 0");
    expect(errorsOf({})).toBe('format: expected "hulldown-scenario", got nothing\nversion: this build reads format version 1, got nothing');
  });

  it("an unknown feature kind names the kind and lists the known ones", () => {
    const kinds = Feature.options.map((o) => o.shape.kind.value);
    expect(errorsOf(withFeatures({ id: "pond", kind: "lake", outline: [] }))).toBe(
      `features[0].kind: unknown kind "lake"; expected one of ${kinds.join(", ")}`,
    );
    expect(errorsOf(withFeatures({ id: "pond" }))).toBe(`features[0].kind: missing kind; expected one of ${kinds.join(", ")}`);
    expect(errorsOf(withFeatures(5))).toBe("features[0]: expected an object { … }, got 5");
  });

  it("an unknown field (a typo) names the field and lists the right ones", () => {
    expect(
      errorsOf(
        withFeatures({
          id: "w",
          kind: "wall",
          path: [
            [0, 0],
            [5, 0],
          ],
          heigth: 3,
        }),
      ),
    ).toBe('features[0].heigth: unknown field "heigth"; the fields of a wall are id, name, group, decorative, kind, path, height, thickness, material');
    expect(errorsOf(withModel({ facing: 90 }))).toBe(
      `${MODEL_PATH}.facing: unknown field "facing"; the fields here are ${Object.keys(Model.shape).join(", ")}`,
    );
    expect(issuesOf({ ...ENVELOPE, tabel: {}, forcs: [] }).map((i) => i.path)).toEqual(["tabel", "forcs"]);
  });

  it("missing fields, wrong types and out-of-range values in plain words", () => {
    expect(
      errorsOf(
        withFeatures({
          id: "h",
          kind: "hill",
          outline: [
            [0, 0],
            [5, 0],
            [0, 5],
          ],
          slope: 2,
        }),
      ),
    ).toBe("features[0].height: missing; expected a number of centimetres");
    expect(errorsOf(withModel({ model: undefined }))).toBe(`${MODEL_PATH}.model: missing; expected an id string`);
    expect(errorsOf(withFeatures(house({ floors: 0, material: "mud" })))).toBe(
      'features[0].floors: expected 1 or more, got 0\nfeatures[0].material: expected one of "stone", "brick", "wood", "concrete", got "mud"',
    );
    expect(errorsOf(withFeatures(house({ floors: 2.5 })))).toBe("features[0].floors: expected a whole number, got 2.5");
    expect(
      errorsOf(
        withFeatures({
          id: "c",
          kind: "crops",
          outline: [
            [0, 0],
            [5, 0],
            [0, 5],
          ],
          height: 1,
          concealing: "yes",
        }),
      ),
    ).toBe('features[0].concealing: expected true or false, got "yes"');
    expect(errorsOf(withFeatures({ id: "t", kind: "tankTraps", points: [] }))).toBe("features[0].points: expected at least 1 item, got []");
    expect(errorsOf({ ...ENVELOPE, forces: {} })).toBe("forces: expected a list [ … ], got {}");
    expect(errorsOf({ ...ENVELOPE, forces: [{ id: "a", side: "", units: [] }] })).toBe('forces[0].side: cannot be empty, got ""');
  });

  it("never shows zod's developer wording", () => {
    const bad: unknown[] = [
      withFeatures(house({ floors: 9, material: 1, roof: { shape: "dome" }, openings: [{ id: "o", type: "hatch", wall: -1, offset: "x" }] })),
      withFeatures({ id: "x", kind: "foxhole", at: [1, 2], radius: "big", extra: true }, { id: "y", kind: "road", path: [[1, 1]], width: [] }),
      withModel({ base: { shape: "hex", width: 0, depth: null }, floor: { building: 3, level: 1.5 }, turretHeading: null }),
      { ...ENVELOPE, name: 3, description: [], table: "big", forces: [{ units: [{ models: [] }] }] },
    ];
    for (const input of bad) {
      for (const issue of issuesOf(input)) {
        expect(issue.message).not.toMatch(/Invalid input|Invalid option|Too small|Too big|Unrecognized|received/);
      }
    }
  });
});

describe("docs/scenario.schema.json", () => {
  it("is the schema generated from src/core/scenario/schema.ts (run: npx tsx src/cli/schema.ts --out docs/scenario.schema.json)", () => {
    const committed: unknown = JSON.parse(readFileSync(new URL("../../docs/scenario.schema.json", import.meta.url), "utf8"));
    expect(committed).toEqual(scenarioJsonSchema());
  });

  it("describes the file as written: fields with defaults are optional, unknown fields are not allowed", () => {
    const schema = scenarioJsonSchema() as { required: string[]; additionalProperties: boolean };
    expect(schema.required).toEqual(["format", "version"]);
    expect(schema.additionalProperties).toBe(false);
  });
});

describe("docs/scenario-format.md", () => {
  const doc = readFileSync(new URL("../../docs/scenario-format.md", import.meta.url), "utf8");
  const blocks = [...doc.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    info: m[1]!.trim(),
    text: m[2]!,
    line: doc.slice(0, m.index).split("\n").length,
  }));
  const parsed = (block: { text: string; line: number }) => {
    try {
      return JSON.parse(block.text) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`the example at docs/scenario-format.md:${block.line} is not valid JSON: ${(error as Error).message}`);
    }
  };
  const examples = blocks.filter((b) => b.info === "json").map((b) => ({ ...b, value: parsed(b) }));
  const wholeFiles = examples.filter((e) => "format" in e.value);
  const features = examples.filter((e) => "kind" in e.value).map((e) => e.value);
  const forces = examples.filter((e) => "units" in e.value).map((e) => e.value);
  const combined = { ...ENVELOPE, name: "All the examples of docs/scenario-format.md", features, forces };

  it("has only json examples that are a whole file, a feature or a force", () => {
    expect(examples.length).toBeGreaterThan(20);
    for (const e of examples) {
      const shapes = ["format", "kind", "units"].filter((key) => key in e.value);
      expect(shapes, `docs/scenario-format.md:${e.line}`).toHaveLength(1);
    }
  });

  it("whole-file examples are valid on their own", () => {
    expect(wholeFiles.length).toBeGreaterThanOrEqual(2);
    for (const e of wholeFiles) {
      const result = parseScenario(e.value, MODEL_CATALOG);
      expect(result.ok ? "" : formatIssues(result.issues), `docs/scenario-format.md:${e.line}`).toBe("");
    }
  });

  it("feature and force examples together make one valid battlefield", async () => {
    const result = parseScenario(combined, MODEL_CATALOG);
    if (!result.ok) throw new Error(`the examples of docs/scenario-format.md are invalid together:\n${formatIssues(result.issues)}`);
    const world = await createSightWorld(result.scenario, MODEL_CATALOG);
    expect(world.battlefield.models.size).toBe(forces.flatMap((f) => (f.units as Array<{ models: unknown[] }>).flatMap((u) => u.models)).length);
  });

  it("has an example of every feature kind, and names every field of the file, of every kind and of a model", () => {
    const shown = new Set(features.map((f) => f.kind));
    for (const option of Feature.options) {
      const kind = option.shape.kind.value;
      expect(shown.has(kind), `no example of a ${kind}`).toBe(true);
      for (const field of Object.keys(option.shape)) expect(doc, `${kind}.${field} is not described`).toContain(`\`${field}\``);
    }
    for (const field of Object.keys(Scenario.shape)) expect(doc, `${field} is not described`).toContain(`\`${field}\``);
    for (const field of Object.keys(Model.shape)) expect(doc, `model.${field} is not described`).toContain(`\`${field}\``);
  });

  it("shows exactly the errors the loader reports for its invalid examples", () => {
    const invalid = blocks.flatMap((b, i) => (b.info === "json invalid" ? [{ block: b, errors: blocks[i + 1] }] : []));
    expect(invalid.length).toBeGreaterThanOrEqual(2);
    for (const { block, errors } of invalid) {
      expect(errors?.info, `docs/scenario-format.md:${block.line} needs a text block with its errors after it`).toBe("text");
      const result = parseScenarioJson(block.text, MODEL_CATALOG);
      expect(result.ok ? "" : formatIssues(result.issues), `docs/scenario-format.md:${block.line}`).toBe(errors!.text.trimEnd());
    }
  });
});

describe("physical bounds: the engine never sees what it cannot build", () => {
  it("names the path, the value and the allowed range of every number", () => {
    expect(errorsOf(withFeatures(house({ floorHeight: 1e308 })))).toBe("features[0].floorHeight: 1e+308 cm is more than the 500 cm a building storey may be");
    expect(errorsOf(withModel({ base: { shape: "round", width: 1e308 } }))).toBe(`${MODEL_PATH}.base.width: 1e+308 cm is more than the 100 cm a base may be`);
    expect(errorsOf(withModel({ figureHeight: 1e6 }))).toBe(`${MODEL_PATH}.figureHeight: 1000000 cm is more than the 100 cm a figure may be`);
    expect(errorsOf(withModel({ heading: 1e308 }))).toBe(`${MODEL_PATH}.heading: 1e+308° is not a heading; give an angle between -3600 and 3600 degrees`);
    expect(
      errorsOf(
        withFeatures({
          id: "h",
          kind: "hill",
          outline: [
            [0, 0],
            [50, 0],
            [0, 50],
          ],
          height: 0,
          slope: 1e308,
        }),
      ),
    ).toBe(
      ["features[0].height: 0 cm: a hill must be more than 0 cm", "features[0].slope: 1e+308 cm is more than the 600 cm a hill's slope may be"].join("\n"),
    );
    expect(errorsOf({ ...ENVELOPE, table: { width: 5000, depth: 20000 } })).toBe(
      ["table.width: 5000 cm is more than the 600 cm a table may be", "table.depth: 20000 cm is more than the 600 cm a table may be"].join("\n"),
    );
    expect(
      errorsOf(
        withFeatures({
          id: "w",
          kind: "wall",
          path: [
            [0, 0],
            [1e9, 0],
          ],
        }),
      ),
    ).toBe("features[0].path[1][0]: 1000000000 cm is more than the 700 cm a coordinate may be");
  });

  it("keeps terrain within reach of the table it stands on", () => {
    expect(
      errorsOf(
        withFeatures({
          id: "w",
          kind: "wall",
          path: [
            [0, 0],
            [650, 10],
          ],
        }),
      ),
    ).toBe("features[0].path[1]: [650, 10] is more than 100 cm off the 180 × 120 cm table");
    expect(errorsOf(withFeatures({ id: "s", kind: "smoke", at: [-90, 300], radius: 5 }))).toBe(
      "features[0].at: [-90, 300] is more than 100 cm off the 180 × 120 cm table",
    );
    expect(
      parseScenario(
        withFeatures({
          id: "w",
          kind: "wall",
          path: [
            [-20, 0],
            [200, 10],
          ],
        }),
        MODEL_CATALOG,
      ).ok,
    ).toBe(true);
  });

  it("normalises headings to [0, 360)", () => {
    const result = parseScenario(withModel({ heading: -90, turretHeading: 720 }), MODEL_CATALOG);
    if (!result.ok) throw new Error(formatIssues(result.issues));
    expect(result.scenario.forces[0]!.units[0]!.models[0]).toMatchObject({ heading: 270, turretHeading: 0 });
  });

  it("caps list sizes and counts at documented limits", () => {
    const big = Array.from({ length: 200_000 }, (_, i) => [i % 100, Math.floor(i / 100) % 100]);
    expect(errorsOf(withFeatures({ id: "h", kind: "hill", outline: big, height: 5, slope: 2 }))).toBe(
      "features[0].outline: an outline may have at most 200 items, got a list of 200000 items",
    );
    // Two 200-point hills over a 600 × 600 cm table: 400 points × 581² cm², some 135 million tests.
    const ring = Array.from({ length: 200 }, (_, i) => [300 + 290 * Math.cos(i / 31.8), 300 + 290 * Math.sin(i / 31.8)]);
    const hills = [
      { id: "h1", kind: "hill", outline: ring, height: 5, slope: 2 },
      { id: "h2", kind: "hill", outline: ring, height: 5, slope: 2 },
    ];
    expect(errorsOf({ ...ENVELOPE, table: { width: 600, depth: 600 }, features: hills })).toMatch(
      /^features: the hills' 400 outline points over \d+ cm² of ground make \d+ ground tests, more than the 20000000 the ground may take/,
    );
    const buildings = Array.from({ length: 501 }, (_, i) => house({ id: `b${i}`, roof: { shape: "flat" } }));
    expect(errorsOf(withFeatures(...buildings))).toBe("features: 501 buildings; a battlefield may have at most 500");
  });

  it("refuses deep nesting and prototype keys before validating, and never throws on junk", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(issuesOf(withModel({ position: deep }))).toEqual([{ path: ROOT_PATH, message: "nested deeper than 64 levels" }]);
    const text = `{"format": "hulldown-scenario", "version": 1, "features": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    // The object is level 1, so the 64th "[" is the first too deep (columns count from 1).
    const column = text.indexOf("[") + 64;
    expect(parseScenarioJson(text, MODEL_CATALOG)).toEqual({
      ok: false,
      issues: [{ path: ROOT_PATH, message: `not valid JSON: line 1, column ${column}: nested deeper than 64 levels` }],
    });
    expect(issuesOf(JSON.parse('{"format": "hulldown-scenario", "version": 1, "table": {"__proto__": {"width": 1}}}'))).toEqual([
      { path: "table.__proto__", message: 'the key "__proto__" is not allowed anywhere in a Hulldown file' },
    ]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe("an object");
    expect(describeValue(deep)).toBe("a list");
  });

  it("quotes keys that are not plain names in paths", () => {
    expect(issuesOf({ ...ENVELOPE, table: { "he]ight": 1 } })).toMatchObject([{ path: 'table["he]ight"]' }]);
  });

  it("accepts a UTF-8 byte-order mark", () => {
    expect(parseScenarioJson(`\uFEFF${JSON.stringify(ENVELOPE)}`, MODEL_CATALOG).ok).toBe(true);
  });
});
