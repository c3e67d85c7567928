/**
 * Arcs of fire in the source's terms (seed 003 l.492): a turret all round; a hull weapon ±90° from the normal
 * of the edge it is mounted on, whatever narrower arc the model draws (the front, or the side of an SdKfz 251);
 * a deck turret's arc "limited by the shape of the hull or the other turrets", with no number: the model's own.
 */
import { describe, expect, it } from "vitest";
import { createCatalog } from "../../../src/core/modelDefinition";
import { inSourceArc } from "../../../src/rules/flames-of-war/sight";
import { fakeReport } from "../operation-ww2/fakes";

// A T-28-like tank: a main turret, a hull MG drawn with a 60° arc, and a front-right deck turret whose 240° arc
// (the model's data) is centred 45° right of ahead.
const def = createCatalog([
  {
    id: "test-t28",
    name: "Three-turret tank",
    category: "vehicle",
    vehicle: { class: "tank", width: 4, length: 9 },
    parts: [
      { name: "hull", shapes: [{ type: "box", size: [4, 2, 9], at: [0, 1, 0] }] },
      { name: "turret", turret: true, shapes: [{ type: "box", size: [2, 1, 3], at: [0, 2.5, 0] }] },
    ],
    points: { muzzle: { at: [0, 2.5, 3], turret: true }, hullMG: { at: [1, 2, 4.5] }, deck: { at: [-1, 2.5, 3] } },
    weapons: [
      { id: "main-gun", name: "76 mm", origin: "muzzle", arc: 360, mount: "turret" },
      { id: "hull-mg", name: "Hull MG", origin: "hullMG", arc: 60, mount: "hull" },
      { id: "deck-mg", name: "Deck MG", origin: "deck", arc: 240, mount: "deck", facing: -45 },
    ],
  },
]).get("test-t28")!;

/** A report of `weapon` with the target `bearing` degrees off the mount's axis, tested against the model's `arc`. */
const at = (weapon: string, bearing: number) => {
  const arc = def.weapons.find((w) => w.id === weapon)!.arc;
  return fakeReport({ shooter: "t28", target: "x", weapon }, { arc: { weapon, arc, bearing, inArc: arc >= 360 || Math.abs(bearing) <= arc / 2 } });
};

describe("arcs of fire by mount (003 l.492)", () => {
  it("a turret weapon fires all round", () => {
    expect(inSourceArc(def, at("main-gun", 179))).toBe(true);
  });

  it("a hull weapon fires ±90° from its edge's normal, wider than the 60° the model draws", () => {
    expect(inSourceArc(def, at("hull-mg", 80))).toBe(true);
    expect(inSourceArc(def, at("hull-mg", -90))).toBe(true);
    expect(inSourceArc(def, at("hull-mg", 91))).toBe(false);
  });

  it("a deck turret fires in the model's own arc, not all round as a turret does", () => {
    expect(inSourceArc(def, at("deck-mg", 119))).toBe(true);
    expect(inSourceArc(def, at("deck-mg", -120))).toBe(true);
    expect(inSourceArc(def, at("deck-mg", 121))).toBe(false);
    expect(inSourceArc(def, at("deck-mg", 180))).toBe(false);
  });
});
