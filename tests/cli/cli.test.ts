/**
 * The command-line tools run for real, as child processes, against small battlefields written to a temp
 * directory: their JSON agrees with the library called in-process, bad input exits 2 with one line on
 * stderr naming the problem, and the glTF export reads back with one named node per solid.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getBounds, NodeIO } from "@gltf-transform/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { sightReport } from "../../src/sight/lineOfSight";
import { visibilityMatrix } from "../../src/sight/matrix";
import { createSightWorld, type SightWorld } from "../../src/sight/sightWorld";
import { scenario } from "../helpers/scene";
import { expectOneLineError, run, SPAWN_TIMEOUT } from "./run";

const WALL = { x: 90, from: 56, to: 64, height: 1.8, thickness: 1 };

/** A rifleman looking at a Panzer IV over a short low wall, a small house beside them. */
const battlefield = scenario(
  [
    {
      id: "wall-1",
      kind: "wall",
      path: [
        [WALL.x, WALL.from],
        [WALL.x, WALL.to],
      ],
      height: WALL.height,
      thickness: WALL.thickness,
    },
    {
      id: "house-1",
      kind: "building",
      footprint: [
        [120, 20],
        [140, 20],
        [140, 35],
        [120, 35],
      ],
      floors: 1,
    },
  ],
  [
    { id: "us-1", model: "us-rifleman", position: [40, 60], side: "A" },
    { id: "us-2", model: "us-rifleman", position: [40, 70], side: "A" },
    { id: "ger-1", model: "ger-panzer-iv", position: [110, 60], heading: 270, side: "B" },
  ],
);

let dir: string;
let good: string;
let world: SightWorld;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "hulldown-cli-"));
  good = join(dir, "good.json");
  await writeFile(good, JSON.stringify({ ...battlefield, name: "CLI test field" }));
  world = await createSightWorld(battlefield, MODEL_CATALOG);
});

afterAll(async () => {
  world?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe("los", { timeout: SPAWN_TIMEOUT }, () => {
  it("--json prints the SightReport the library computes in-process", async () => {
    const r = await run("los", [good, "us-1", "ger-1", "--weapon", "small-arms", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    const expected = sightReport(world, "us-1", "ger-1", { weapon: "small-arms" });
    expect(report.visibleFraction).toBe(expected.visibleFraction);
    expect(expected.visibleFraction).toBeGreaterThan(0);
    expect(expected.visibleFraction).toBeLessThan(1);
    expect(report.samples).toBe(expected.samples);
    expect(report.occluders.map((o: { id: string }) => o.id)).toEqual(["wall-1"]);
    expect(report.rays).toBeUndefined();
  });

  it("prints a readable note by default", async () => {
    const r = await run("los", [good, "us-1", "ger-1"]);
    expect(r.code, r.stderr).toBe(0);
    const expected = sightReport(world, "us-1", "ger-1");
    expect(r.stdout).toContain(`${(expected.visibleFraction * 100).toFixed(1)} %`);
    for (const label of ["Visible", "Parts", "Occluders", "Linear", "Distance", "Facing", "Hull-down"]) expect(r.stdout).toMatch(new RegExp(`^${label}`, "m"));
    expect(r.stdout).toContain("wall-1");
    expect(r.stdout).toMatch(/\d+\.\d cm \(\d+\.\d"\)/);
  });

  it("--matrix --json gives every opposing pair with its timing", async () => {
    const r = await run("los", [good, "--matrix", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const m = JSON.parse(r.stdout);
    expect(m.pairs).toBe(4);
    expect(m.entries).toHaveLength(4);
    expect(m.visible + m.partly + m.blocked).toBe(4);
    expect(m.elapsedMs).toBeGreaterThan(0);
    expect(m.pairsPerSecond).toBeGreaterThan(0);
    const pair = m.entries.find((e: { shooter: string; target: string }) => e.shooter === "us-1" && e.target === "ger-1");
    expect(pair.visibleFraction).toBe(visibilityMatrix(world, { pairs: [["us-1", "ger-1"]] })[0]!.visibleFraction);
  });

  it("a missing file exits 2 naming the file", async () => {
    const missing = join(dir, "nowhere.json");
    expectOneLineError(await run("los", [missing, "us-1", "ger-1"]), "los", missing, "no such file");
  });

  it("invalid JSON exits 2 naming the file", async () => {
    const broken = join(dir, "broken.json");
    await writeFile(broken, '{ "format": "hulldown-scenario", ');
    expectOneLineError(await run("los", [broken, "us-1", "ger-1"]), "los", broken, "not valid JSON");
  });

  it("an unknown model id exits 2 naming the id and the file", async () => {
    expectOneLineError(await run("los", [good, "us-1", "us-x"]), "los", 'unknown target model "us-x"', good);
  });

  it("--threads without --matrix, or a bad thread count, exits 2 naming the option", async () => {
    expectOneLineError(await run("los", [good, "us-1", "ger-1", "--threads", "2"]), "los", "--threads", "--matrix");
    expectOneLineError(await run("los", [good, "--matrix", "--threads", "many"]), "los", "--threads", '"many"');
  });
});

describe("template", { timeout: SPAWN_TIMEOUT }, () => {
  it("reports the model under a blast circle", async () => {
    const r = await run("template", [good, "--at", "110,60", "--radius", "3", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.models.map((m: { id: string }) => m.id)).toEqual(["ger-1"]);
    expect(result.models[0].overlap).toBeGreaterThan(0);
    expect(result.placement).toMatchObject({ from: "above", shape: { kind: "blast", at: [110, 60], radii: [3] } });
  });

  it("a bad --radius exits 2 naming the option and the value", async () => {
    expectOneLineError(await run("template", [good, "--at", "110,60", "--radius", "big"]), "template", "--radius", '"big"');
    expectOneLineError(await run("template", [good, "--at", "110,60", "--radius", "0x10"]), "template", "--radius", '"0x10"');
    expectOneLineError(await run("template", [good, "--at", "110,60", "--radius", "1e300"]), "template", "radii[0]", "600 or less");
  });
});

describe("validate", { timeout: SPAWN_TIMEOUT }, () => {
  it("prints OK with the name and counts", async () => {
    const r = await run("validate", [good]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("OK: CLI test field — 2 features, 3 models");
  });

  it("lists every problem as `path: message` and exits 2", async () => {
    const bad = join(dir, "bad.json");
    const data = JSON.parse(JSON.stringify(battlefield));
    data.forces[0].units[0].models[0].model = "us-x";
    data.forces[1].units[0].models[0].id = "us-2";
    await writeFile(bad, JSON.stringify(data));
    const r = await run("validate", [bad]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.some((l) => l.startsWith("forces[0].units[0].models[0].model: ") && l.includes('"us-x"'))).toBe(true);
    expect(lines.some((l) => l.startsWith("forces[1].units[0].models[0].id: ") && l.includes('"us-2"'))).toBe(true);
  });
});

describe("validate on a game or replay file", { timeout: 240_000 }, () => {
  const SAMPLE = "public/replays/sample.json";

  it("judges every shot of the sample replay again and prints OK", async () => {
    const r = await run("validate", [SAMPLE]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("OK: replay on Saint-Martin crossroads, July 1944 — 21 events, 10 shots and orders judged again from seed 1944: as recorded");
  });

  it("names a doctored shot of a game file, in the loader's words, and exits 2", async () => {
    // The sample's game as a saved game file, its first shot's last casualty turned into a pin.
    const replay = JSON.parse(readFileSync(SAMPLE, "utf8"));
    const shot = replay.events[2];
    const last = shot.outcomes.at(-1);
    expect(last.effect).toBe("casualty");
    last.effect = "pinned";
    const doctored = join(dir, "doctored-game.json");
    await writeFile(doctored, JSON.stringify({ ...replay.game, cursor: replay.events.length, events: replay.events }));
    const r = await run("validate", [doctored]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(`${doctored}: events[2]: fire-resolved: the rules give `)).toBe(true);
    expect(lines[0]).toMatch(
      new RegExp(`the rules give .*${last.model} casualty.* with these dice, the file says .*${last.model} pinned.*; the game holds up to event 2$`),
    );
  });

  it("exits 2 naming every shot it cannot judge: the game state stripped from two shots, or a rules table that does not load", async () => {
    const replay = JSON.parse(readFileSync(SAMPLE, "utf8"));
    const game = (events: unknown[], header = replay.game) => JSON.stringify({ ...header, cursor: events.length, events });
    const stripped = join(dir, "stripped-game.json");
    await writeFile(
      stripped,
      game(
        replay.events.map((e: { n: number; details?: Record<string, unknown> }) =>
          e.n === 4 || e.n === 9 ? { ...e, details: { ...e.details, game: undefined } } : e,
        ),
      ),
    );
    const broken = join(dir, "broken-table-game.json");
    const tables = [{ ruleset: "operation-ww2", table: "spotting", data: { infantry: "lots" } }];
    await writeFile(broken, game(replay.events, { ...replay.game, ruleset: { ...replay.game.ruleset, tables } }));
    const [a, b] = await Promise.all([run("validate", [stripped]), run("validate", [broken])]);
    expect(a.code).toBe(2);
    expect(a.stdout).toBe("");
    expect(a.stderr.trimEnd().split("\n")).toEqual(
      [4, 9].map(
        (n) =>
          `${stripped}: events[${n}]: fire-resolved: not re-judged: the file does not record the game state the shot was judged in (details.game), to check it against the log`,
      ),
    );
    expect(b.code).toBe(2);
    const lines = b.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(10);
    for (const line of lines) {
      expect(line.startsWith(`${broken}: events[`)).toBe(true);
      expect(line).toMatch(/\]: fire-resolved: not re-judged: the game's rules tables do not load: /);
    }
  });
});

describe("export", { timeout: SPAWN_TIMEOUT }, () => {
  it("writes a .glb with one node per solid, named <owner>/<part>, in centimetres", async () => {
    const out = join(dir, "field.glb");
    const r = await run("export", [good, out]);
    expect(r.code, r.stderr).toBe(0);
    const solids = world.allSolids();
    expect(r.stdout).toContain(`${solids.length} nodes`);

    const document = await new NodeIO().read(out);
    const nodes = document.getRoot().listNodes();
    expect(nodes.map((n) => n.getName())).toEqual(solids.map((s) => `${s.owner}/${s.part}`));
    expect(nodes.map((n) => n.getExtras().kind)).toEqual(solids.map((s) => s.kind));
    const names = new Set(nodes.map((n) => n.getName()));
    for (const name of ["table/top", "wall-1/segment-0", "house-1/wall-2", "house-1/roof", "ger-1/turret", "us-1/figure"]) expect(names).toContain(name);

    // The wall runs along z: as thick as the wall across, exactly its path's length along it (its free ends
    // stop at the path's end points), from just under the ground to its height.
    const wall = nodes.filter((n) => n.getName() === "wall-1/segment-0");
    expect(wall).toHaveLength(1);
    const { min, max } = getBounds(wall[0]!);
    expect(max[0] - min[0]).toBeCloseTo(WALL.thickness, 4);
    expect((min[0] + max[0]) / 2).toBeCloseTo(WALL.x, 4);
    expect(max[2] - min[2]).toBeCloseTo(WALL.to - WALL.from, 4);
    expect((min[2] + max[2]) / 2).toBeCloseTo((WALL.from + WALL.to) / 2, 4);
    expect(max[1]).toBeCloseTo(WALL.height, 4);
    expect(min[1]).toBeLessThanOrEqual(0);
  });
});

describe("--help", { timeout: SPAWN_TIMEOUT }, () => {
  it("prints the usage and exits 0 for every command", async () => {
    const runs = await Promise.all(
      ["los", "fire", "move", "template", "validate", "export", "models"].map(async (c) => [c, await run(c, ["--help"])] as const),
    );
    for (const [c, r] of runs) {
      expect(r.code, `${c}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toContain(`npm run ${c} --`);
      expect(r.stderr).toBe("");
    }
  });
});
