/**
 * Models coming onto and leaving the table: the sight world adds and removes their colliders in place,
 * without being rebuilt.
 */
import { describe, expect, it } from "vitest";
import { createBattlefield, type ModelEntry } from "../../src/core/battlefield";
import { sightReport } from "../../src/sight/lineOfSight";
import { eyeAt, type Placed, scenario, TEST_CATALOG, world } from "../helpers/scene";

const eye = eyeAt("eye", 30, 60, 2.9);
const target: Placed = { id: "target", model: "ger-rifleman", position: [100, 60], side: "B" };
const blocker: Placed = { id: "blocker", model: "us-sherman-m4", position: [60, 60], heading: 0, side: "A" };

/** The entry a model would have on a battlefield: what a placement brings to the world. */
function entryOf(placed: Placed): ModelEntry {
  return createBattlefield(scenario([], [placed]), TEST_CATALOG).models.get(placed.id)!;
}

describe("adding and removing models", () => {
  it("a removed blocker stops blocking, and its colliders and solids are gone", async () => {
    const w = await world([], [eye, blocker, target]);
    expect(sightReport(w, "eye", "target").visibleFraction).toBe(0);
    w.removeModel("blocker");
    expect(sightReport(w, "eye", "target").visibleFraction).toBe(1);
    expect(w.battlefield.models.has("blocker")).toBe(false);
    expect(w.allSolids().some((s) => s.owner === "blocker")).toBe(false);
    expect(() => w.modelSolids("blocker")).toThrow(/no model "blocker"/);
  });

  it("an added model blocks sight, is named as the occluder and can be shot at", async () => {
    const w = await world([], [eye, target]);
    expect(sightReport(w, "eye", "target").visibleFraction).toBe(1);
    w.addModel(entryOf(blocker));
    const r = sightReport(w, "eye", "target");
    expect(r.visibleFraction).toBe(0);
    expect(r.occluders[0]).toMatchObject({ id: "blocker", kind: "model" });
    expect(sightReport(w, "eye", "blocker").visibleFraction).toBeGreaterThan(0.9);
  });

  it("a model removed and placed again under the same id blocks again", async () => {
    const w = await world([], [eye, blocker, target]);
    w.removeModel("blocker");
    w.addModel(entryOf(blocker));
    expect(sightReport(w, "eye", "target").visibleFraction).toBe(0);
  });

  it("changes made in one batch all take effect when it ends", async () => {
    const w = await world([], [eye, blocker, target]);
    const moved = w.battlefield.models.get("target")!.model;
    w.batch(() => {
      w.removeModel("blocker");
      w.updateModel({ ...moved, position: [100, 30] });
      w.addModel(entryOf({ ...blocker, position: [65, 45] }));
    });
    const r = sightReport(w, "eye", "target");
    expect(r.visibleFraction).toBe(0);
    expect(r.occluders[0]?.id).toBe("blocker");
  });

  it("refuses to add a model twice or to remove one that is not there", async () => {
    const w = await world([], [eye, blocker, target]);
    expect(() => w.addModel(entryOf(blocker))).toThrow(/already in the sight world/);
    expect(() => w.removeModel("nobody")).toThrow(/no model "nobody"/);
  });
});
