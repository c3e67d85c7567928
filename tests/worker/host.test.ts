/**
 * The sight worker's protocol, driven in Node through SightHost (no Worker): answers equal the in-process
 * engine's, syncs move, add and remove models without rebuilding, long requests report progress and give
 * way to newer ones, and every failure comes back as a message.
 */
import { describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "../../src/core/miniatures/shipped";
import { parseScenario } from "../../src/core/scenario/load";
import type { Scenario } from "../../src/core/scenario/schema";
import defaultBattlefield from "../../src/scenarios/default.json";
import { sightReport } from "../../src/sight/lineOfSight";
import { createSightWorld } from "../../src/sight/sightWorld";
import { modelsUnderTemplate } from "../../src/sight/templates";
import type { SightResponse } from "../../src/worker/protocol";
import { eyeAt, type Placed, scenario, TEST_CATALOG } from "../helpers/scene";
import { hostUnderTest } from "../helpers/sightHost";

const eye = eyeAt("eye", 30, 60, 2.9);
const target: Placed = { id: "target", model: "ger-rifleman", position: [100, 60], side: "B" };
const blocker: Placed = { id: "blocker", model: "us-sherman-m4", position: [60, 60], heading: 0, side: "A" };
const lineOfSight = { shooter: "eye", target: "target" };

function defaultScenario(): Scenario {
  const parsed = parseScenario(defaultBattlefield, MODEL_CATALOG);
  if (!parsed.ok) throw new Error("the default battlefield is invalid");
  return parsed.scenario;
}

/** A table whose first model names a miniature the catalog does not have: it validates, but cannot be built. */
function withUnknownMiniature(table: Scenario): Scenario {
  const [first] = table.forces[0]!.units[0]!.models;
  table.forces[0]!.units[0]!.models[0] = { ...first!, model: "no-such-miniature" };
  return table;
}

const progressOf = (messages: SightResponse[]) => messages.flatMap((m) => (m.kind === "progress" ? [[m.done, m.total]] : []));

describe("the sight worker host on the default battlefield", () => {
  it("answers a report exactly as the engine does in-process", async () => {
    const { ask } = hostUnderTest(MODEL_CATALOG);
    const models = defaultScenario().forces.flatMap((f) => f.units.flatMap((u) => u.models)).length;
    expect(await ask("load", { scenario: defaultScenario() })).toEqual({ models });
    const inProcess = await createSightWorld(defaultScenario(), MODEL_CATALOG);
    const query = { shooter: "us-sherman-1", target: "ger-pak40-1", weapon: "main-gun", includeRays: true };
    const report = await ask("report", query);
    expect(report).toEqual(sightReport(inProcess, query.shooter, query.target, query));
    expect(report.visibleFraction).toBeGreaterThan(0.5);
    expect(report.visibleFraction).toBeLessThan(1);
  });

  it("sees every enemy from one shooter, as reports would, with progress along the way", async () => {
    const { ask, send } = hostUnderTest(MODEL_CATALOG);
    await ask("load", { scenario: defaultScenario() });
    const messages = await send("visibleFrom", { shooter: "us-sherman-1" });
    const result = messages.at(-1)!;
    if (result.kind !== "result" || result.request !== "visibleFrom") throw new Error(JSON.stringify(result));
    const germans = defaultScenario()
      .forces.find((f) => f.side === "Germany")!
      .units.flatMap((u) => u.models.map((m) => m.id));
    expect(result.result.map((e) => e.target)).toEqual(germans);
    const pak = result.result.find((e) => e.target === "ger-pak40-1")!;
    expect(pak.visibleFraction).toBe((await ask("report", { shooter: "us-sherman-1", target: "ger-pak40-1" })).visibleFraction);

    const progress = progressOf(messages);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual([germans.length, germans.length]);
    expect(progress.every(([done], i) => i === 0 || done! > progress[i - 1]![0]!)).toBe(true);
  });
});

describe("keeping the world in step with the table", () => {
  it("moves a model: the report changes and the world is not rebuilt", async () => {
    const { ask } = hostUnderTest();
    await ask("load", { scenario: scenario([], [eye, blocker, target]) });
    expect((await ask("report", lineOfSight)).visibleFraction).toBe(0);
    const moved = await ask("sync", { scenario: scenario([], [eye, { ...blocker, position: [60, 100] }, target]) });
    expect(moved).toEqual({ rebuilt: false, added: [], removed: [], updated: ["blocker"] });
    expect((await ask("report", lineOfSight)).visibleFraction).toBe(1);
  });

  it("removes a blocker and adds it back", async () => {
    const { ask } = hostUnderTest();
    await ask("load", { scenario: scenario([], [eye, blocker, target]) });
    expect(await ask("sync", { scenario: scenario([], [eye, target]) })).toMatchObject({ rebuilt: false, removed: ["blocker"] });
    expect((await ask("report", lineOfSight)).visibleFraction).toBe(1);
    expect(await ask("sync", { scenario: scenario([], [eye, blocker, target]) })).toMatchObject({ rebuilt: false, added: ["blocker"] });
    expect((await ask("report", lineOfSight)).occluders[0]?.id).toBe("blocker");
  });

  it("changes nothing for the same table, and rebuilds only when the terrain changed", async () => {
    const { ask } = hostUnderTest();
    await ask("load", { scenario: scenario([], [eye, target]) });
    expect(await ask("sync", { scenario: scenario([], [eye, target]) })).toEqual({ rebuilt: false, added: [], removed: [], updated: [] });
    const wall = {
      id: "wall",
      kind: "wall" as const,
      path: [
        [60, 40],
        [60, 80],
      ] as [number, number][],
      height: 10,
    };
    expect(await ask("sync", { scenario: scenario([wall], [eye, target]) })).toMatchObject({ rebuilt: true });
    expect((await ask("report", lineOfSight)).occluders[0]?.id).toBe("wall");
  });

  it("builds the world on the first sync, so a UI can sync every table state it has", async () => {
    const { ask } = hostUnderTest();
    expect(await ask("sync", { scenario: scenario([], [eye, target]) })).toEqual({ rebuilt: true, added: ["eye", "target"], removed: [], updated: [] });
    expect((await ask("report", lineOfSight)).visibleFraction).toBe(1);
  });
});

describe("failures come back as messages", () => {
  it("an unknown model id is a query error, and the host keeps serving", async () => {
    const { ask, send } = hostUnderTest();
    await ask("load", { scenario: scenario([], [eye, target]) });
    expect(await send("report", { shooter: "eye", target: "ghost" })).toEqual([{ id: 2, kind: "error", message: 'unknown target model "ghost"', query: true }]);
    expect((await send("visibleFrom", { shooter: "ghost" })).at(-1)).toMatchObject({ kind: "error", message: 'unknown shooter model "ghost"', query: true });
    expect((await send("report", { ...lineOfSight, weapon: "flamethrower" })).at(-1)).toMatchObject({ kind: "error", query: true });
    expect((await ask("report", lineOfSight)).visibleFraction).toBe(1);
  });

  it("a question before any battlefield says what to send first", async () => {
    const { send } = hostUnderTest();
    expect((await send("report", lineOfSight)).at(-1)).toMatchObject({ kind: "error", message: "no battlefield loaded: send a load or sync request first" });
  });

  it("a scenario that cannot be built leaves the previous world serving", async () => {
    const { ask, send } = hostUnderTest();
    await ask("load", { scenario: scenario([], [eye, target]) });
    const broken = withUnknownMiniature(scenario([], [eye, target]));
    expect((await send("sync", { scenario: broken })).at(-1)).toMatchObject({ kind: "error", message: expect.stringContaining("no-such-miniature") });
    expect((await send("load", { scenario: broken })).at(-1)).toMatchObject({ kind: "error" });
    expect((await ask("report", lineOfSight)).visibleFraction).toBe(1);
  });

  it("after a first scenario that cannot be built, the next good one is built", async () => {
    const { ask, send } = hostUnderTest();
    const broken = withUnknownMiniature(scenario([], [eye, target]));
    expect((await send("sync", { scenario: broken })).at(-1)).toMatchObject({ kind: "error" });
    expect((await send("report", lineOfSight)).at(-1)).toMatchObject({ kind: "error", message: expect.stringContaining("no battlefield loaded") });
    expect(await ask("sync", { scenario: scenario([], [eye, target]) })).toMatchObject({ rebuilt: true });
    expect((await ask("report", lineOfSight)).visibleFraction).toBe(1);
  });
});

describe("long requests", () => {
  const crowd: Placed[] = [
    eye,
    ...Array.from({ length: 12 }, (_, i): Placed => ({ id: `t${i}`, model: "ger-rifleman", position: [100, 10 + i * 8], side: "B" })),
  ];

  it("a newer visibleFrom cancels the older one before it does its work", async () => {
    const { ask, send } = hostUnderTest();
    await ask("load", { scenario: scenario([], crowd) });
    const [older, newer] = await Promise.all([send("visibleFrom", { shooter: "eye" }), send("visibleFrom", { shooter: "eye" })]);
    expect(older).toEqual([{ id: 2, kind: "cancelled" }]);
    expect(newer.at(-1)).toMatchObject({ kind: "result", request: "visibleFrom" });
  });

  it("a sync cancels a running matrix: its answer would be about a table that is gone", async () => {
    const { ask, send } = hostUnderTest();
    await ask("load", { scenario: scenario([], crowd) });
    const [matrix] = await Promise.all([send("matrix", {}), send("sync", { scenario: scenario([], crowd.slice(0, -1)) })]);
    expect(matrix.at(-1)).toEqual({ id: 2, kind: "cancelled" });
  });

  it("the matrix reports progress and answers every opposing pair", async () => {
    const { ask, send } = hostUnderTest();
    await ask("load", { scenario: scenario([], crowd) });
    const messages = await send("matrix", {});
    expect(progressOf(messages).at(-1)).toEqual([24, 24]);
    expect(messages.at(-1)).toMatchObject({
      kind: "result",
      request: "matrix",
      result: expect.arrayContaining([expect.objectContaining({ shooter: "t3", target: "eye" })]),
    });
  });
});

it("templates answer as in-process", async () => {
  const { ask } = hostUnderTest();
  const table = scenario([], [eye, blocker, target]);
  await ask("load", { scenario: table });
  const placement = { shape: { kind: "blast" as const, at: [62, 60] as [number, number], radii: [3, 6] }, from: "above" as const };
  const expected = modelsUnderTemplate(await createSightWorld(table, TEST_CATALOG), placement);
  expect(await ask("template", { placement })).toEqual(expected);
  expect(expected.models.map((m) => m.id)).toEqual(["blocker"]);
});
