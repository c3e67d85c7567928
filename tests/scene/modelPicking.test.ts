/**
 * Picking a model where it is drawn: a pinned rifleman lies face down (his figure turned forward about his
 * feet, so his torso lies 1.4–2.4 cm in front of his base's centre, 0.2–0.8 cm high), and a click on his drawn
 * figure or his base picks him, seen from the front or the side; the air where his standing figure would be,
 * and the table beside him, do not, although his rifle, laid down with him, points into the table there. The rays
 * are cast, as the browser casts them, at the instanced meshes the table draws (Miniatures) and a ground plane.
 */
import { InstancedMesh, Mesh, MeshBasicMaterial, PlaneGeometry, Raycaster, Vector3 } from "three";
import { describe, expect, it } from "vitest";
import { createBattlefield } from "../../src/core/battlefield";
import { shapeTriangles } from "../../src/core/solids/solidGeometry";
import { toBufferGeometry } from "../../src/scene/geometry";
import { drawnMiddle, instanceGroups, liesDown } from "../../src/scene/modelInstances";
import { modelMet } from "../../src/scene/pointerHits";
import { scenario, TEST_CATALOG } from "../helpers/scene";

/** A US rifleman (3.3 cm figure, 2.5 cm base 0.3 cm thick) at (50, 50) facing +z. */
const battlefield = createBattlefield(scenario([], [{ id: "rifleman", model: "us-rifleman", position: [50, 50], heading: 0 }]), TEST_CATALOG);
const rifleman = battlefield.models.get("rifleman")!;
const PINNED = new Set(["rifleman"]);
const STANDING = new Set<string>();

const ground = new Mesh(new PlaneGeometry(400, 400).rotateX(-Math.PI / 2), new MeshBasicMaterial());
ground.userData = { kind: "ground", owner: "table" };

/** The table as drawn: the miniatures' instanced meshes, tagged as Miniatures tags them, and the ground. */
function drawnTable(pinned: ReadonlySet<string>) {
  const meshes = instanceGroups(battlefield, () => "#888", pinned).map((group) => {
    const mesh = new InstancedMesh(toBufferGeometry(shapeTriangles(group.shape)), new MeshBasicMaterial(), group.matrices.length);
    group.matrices.forEach((matrix, i) => mesh.setMatrixAt(i, matrix));
    mesh.computeBoundingSphere();
    mesh.userData = { kind: "model", models: group.models };
    return mesh;
  });
  return [ground, ...meshes];
}

/** What a ray from `eye` through `at` meets, nearest first. */
function hitsFrom(pinned: ReadonlySet<string>, eye: readonly [number, number, number], at: readonly [number, number, number]) {
  const from = new Vector3(...eye);
  return new Raycaster(from, new Vector3(...at).sub(from).normalize()).intersectObjects(drawnTable(pinned), false);
}
const pick = (pinned: ReadonlySet<string>, eye: readonly [number, number, number], at: readonly [number, number, number]) =>
  modelMet(hitsFrom(pinned, eye, at));

/** A camera high in front of him (+z), one to his right (+x), one behind him. */
const EYES = { front: [50, 40, 90], side: [110, 40, 51.7], behind: [45, 50, 10] } as const;

describe("a pinned rifleman is picked where he lies", () => {
  it("lies forward of his base: the middle of his figure as drawn is on his torso, 0.5 cm high", () => {
    expect(liesDown(rifleman, PINNED)).toBe(true);
    const standing = drawnMiddle(battlefield, rifleman, false);
    // Standing: over his base's centre at 0.6 of 3.3 cm.
    expect(standing.toArray().map((v) => +v.toFixed(3))).toEqual([50, 1.98, 50]);
    // Lying: the point 1.98 cm up his figure turned forward about his feet (0.3 cm up): 1.68 cm forward, 0.5 cm high.
    const lying = drawnMiddle(battlefield, rifleman, true);
    expect(lying.toArray().map((v) => +v.toFixed(3))).toEqual([50, 0.5, 51.68]);
  });

  it("a click on his drawn torso, helmet or middle picks him from every side", () => {
    const torso = [50.2, 0.75, 51.9] as const;
    const helmet = [50, 0.7, 52.78] as const;
    const middle = drawnMiddle(battlefield, rifleman, true).toArray();
    for (const eye of Object.values(EYES)) {
      for (const at of [torso, helmet, middle]) expect(pick(PINNED, eye, at), `from ${eye} at ${at}`).toBe("rifleman");
    }
  });

  it("a click on his base picks him, lying or standing", () => {
    for (const pinned of [PINNED, STANDING]) expect(pick(pinned, EYES.behind, [50, 0.3, 49])).toBe("rifleman");
  });

  it("the air where his standing figure would be misses him: the ray meets the table behind him", () => {
    expect(pick(STANDING, EYES.front, [50, 1.98, 50])).toBe("rifleman");
    expect(pick(PINNED, EYES.front, [50, 1.98, 50])).toBeUndefined();
  });

  it("the table beside him misses him, though the ray goes on to his rifle under the table", () => {
    // His rifle, laid down with him, points into the table at 0.3 cm to his right, 1.7 cm forward.
    const beside = [50.6, 0, 51.7] as const;
    const hits = hitsFrom(PINNED, EYES.side, beside);
    expect(hits[0]!.object).toBe(ground);
    expect(hits.some((h) => h.object.userData.kind === "model" && h.point.y < 0)).toBe(true);
    expect(pick(PINNED, EYES.side, beside)).toBeUndefined();
    expect(pick(PINNED, EYES.front, [50, 0, 46])).toBeUndefined();
  });
});
