/**
 * The turret-front line is drawn across the front of the turret, not through its pivot (seed 003 l.418:
 * "linię poprowadzoną przez przód wieży"), and a weapon's arc is centred on its own facing (l.492: the side
 * flamethrowers of an SdKfz 251, deck turrets). Scenes with answers known by hand: a box turret whose pivot is
 * off the hull's centre line and behind the box's middle, traversed and not, on a hull turned 90°.
 */
import { describe, expect, it } from "vitest";
import type { ModelEntry } from "../../src/core/battlefield";
import type { Vec2 } from "../../src/core/geometry2d";
import { MODEL_DEFINITIONS } from "../../src/core/miniatures/shipped";
import { createCatalog, type ModelDefinitionInput } from "../../src/core/modelDefinition";
import { targetFacing, turretFront, weaponArc } from "../../src/sight/facing";

// Hull 4 × 8 (front edge 4 ahead of the centre); turret box 2 wide, 3 long, centred at (0.5, 0) on a pivot at
// (0.5, -1): its front is 1.5 ahead of the centre, 2.5 ahead of the pivot. The gun (to z = 5) is not the turret.
const boxTank: ModelDefinitionInput = {
  id: "test-box-tank",
  name: "Box tank",
  category: "vehicle",
  vehicle: { class: "tank", width: 4, length: 8 },
  turretPivot: [0.5, -1],
  parts: [
    { name: "hull", shapes: [{ type: "box", size: [4, 2, 8], at: [0, 1, 0] }] },
    { name: "turret", turret: true, shapes: [{ type: "box", size: [2, 1, 3], at: [0.5, 2.5, 0] }] },
    { name: "gun", turret: true, shapes: [{ type: "cylinder", radius: 0.1, length: 3.5, axis: "z", at: [0.5, 2.5, 3.25] }] },
  ],
  points: { muzzle: { at: [0.5, 2.5, 5], turret: true }, left: { at: [2, 2, 0] }, deck: { at: [-1, 2.5, 2.5] } },
  weapons: [
    { id: "main-gun", name: "Gun", origin: "muzzle", arc: 360, mount: "turret" },
    // A side mount on the left flank (heading sense: 90 points towards +x, the model's left).
    { id: "left-flamer", name: "Flamethrower", origin: "left", arc: 180, mount: "hull", facing: 90 },
    // A deck turret at the front right, its arc 270° centred 45° to the right of ahead.
    { id: "deck-mg", name: "Deck MG", origin: "deck", arc: 270, mount: "deck", facing: -45 },
  ],
};
const catalog = createCatalog([boxTank]);
const def = catalog.get("test-box-tank")!;

function tankAt(position: Vec2, heading: number, turretHeading: number): ModelEntry {
  return { model: { id: "t", model: def.id, position: [position[0], position[1]], heading, turretHeading }, def, unitId: "u", forceId: "f", side: "B" };
}

describe("the turret-front line through the turret's front (003 l.418)", () => {
  it("lies at the foremost point of the turret part, measured from the pivot, the gun left out", () => {
    expect(turretFront(def)).toBeCloseTo(2.5, 9);
    // The shipped Panzer IV: its turret box, 4 long centred at z = -0.4 on a pivot at -0.4, reaches 2 ahead (the wider
    // box behind it only 1.4 + 0.4 = 1.8).
    const panzer = createCatalog(MODEL_DEFINITIONS).get("ger-panzer-iv")!;
    expect(turretFront(panzer)).toBeCloseTo(2, 6);
  });

  it("a shooter abeam, ahead of the pivot but behind the turret's front, sees the turret's side", () => {
    const tank = tankAt([100, 60], 0, 0);
    // Local z is world z here; the line is at z = -1 + 2.5 = 1.5 from the hull centre.
    expect(targetFacing(tank, [130, 60 + 1.4]).turret!.inFrontHalf).toBe(false);
    expect(targetFacing(tank, [130, 60 + 1.6]).turret!.inFrontHalf).toBe(true);
    // The old line through the pivot (z = -1) put this shooter in front of the turret.
    expect(targetFacing(tank, [70, 60 - 0.9]).turret!.inFrontHalf).toBe(false);
  });

  it("turns with the turret on a hull turned 90° (asymmetric: the pivot is off the centre line)", () => {
    // Hull heading 90: local (x, z) is world (100 + z, 60 - x). Turret traversed 90° to the hull's left (local +x):
    // the turret's front line is local x = 0.5 + 2.5 = 3, i.e. world z = 57.
    const tank = tankAt([100, 60], 90, 90);
    expect(targetFacing(tank, [100 + 40, 60 - 2.9]).turret!.inFrontHalf).toBe(false);
    expect(targetFacing(tank, [100 - 40, 60 - 3.1]).turret!.inFrontHalf).toBe(true);
    // That last shooter, behind the hull's front edge (local z = -40 < 4), is between the lines (l.418: a die decides).
    expect(targetFacing(tank, [100 - 40, 60 - 3.1]).hull.inFrontHalf).toBe(false);
  });
});

describe("a weapon's arc about its own facing (003 l.492)", () => {
  it("a left side mount covers the left half, not the front", () => {
    const tank = tankAt([100, 60], 0, 0);
    const flamer = def.weapons.find((w) => w.id === "left-flamer")!;
    // The mount faces local +x (world +x at heading 0); its 180° covers x > 2.
    expect(weaponArc(tank, flamer, [102, 60], [130, 90]).inArc).toBe(true);
    expect(weaponArc(tank, flamer, [102, 60], [90, 90]).inArc).toBe(false);
    expect(weaponArc(tank, flamer, [102, 60], [130, 60]).bearing).toBeCloseTo(0, 9);
  });

  it("a deck turret's 270° arc centred 45° right of ahead leaves only the rear-left quarter out", () => {
    // Hull heading 90 faces world +x, so its right is world +z (its left, local +x, is world -z); the deck MG's
    // axis is heading 90 - 45 = 45 in the world: towards +x and +z.
    const tank = tankAt([100, 60], 90, 0);
    const deck = def.weapons.find((w) => w.id === "deck-mg")!;
    const from: Vec2 = [100, 60];
    expect(weaponArc(tank, deck, from, [130, 90]).bearing).toBeCloseTo(0, 9);
    expect(weaponArc(tank, deck, from, [130, 60]).inArc).toBe(true); // ahead: 45° off the axis
    expect(weaponArc(tank, deck, from, [100, 90]).inArc).toBe(true); // to the hull's right: 45° off the other way
    expect(weaponArc(tank, deck, from, [100, 30]).inArc).toBe(true); // to the hull's left: 135° off, the arc's edge
    expect(weaponArc(tank, deck, from, [70, 30]).inArc).toBe(false); // behind and left: 180° off
    expect(weaponArc(tank, deck, from, [70, 50]).inArc).toBe(false); // behind, a little left: about 153° off
  });
});
