/**
 * Infiltrators in the deployment (000 l.1004): "Ha valakinek beszivárgó egysége van, akkor be kell azt jelentenie,
 * de csak akkor kell felrakni az asztalra, ha már mindkét játékos felrakta a többi egységét" — declared, and set up
 * after both players placed every other unit; a lone sniper infiltrates (l.502).
 */
import { describe, expect, it } from "vitest";
import { takeAction } from "../../../src/rules/operation-ww2/actions";
import type { Placed } from "../../helpers/scene";
import { contextFor, scriptedDice } from "./fakes";

const MODELS: Placed[] = [
  { id: "us", model: "us-rifleman", position: [20, 20], side: "A", unit: "us" },
  { id: "us2", model: "us-rifleman", position: [25, 20], side: "A", unit: "us" },
  { id: "sniper", model: "ger-rifleman", position: [120, 100], side: "B", unit: "sniper" },
];
const draw = (sniper: boolean) =>
  takeAction(
    { action: "deployment-draw", side: "A" },
    // Two different cards off the top of each deck (the first and the last of 40).
    scriptedDice([1, 40]),
    contextFor(MODELS, { game: { phase: "deployment", ...(sniper ? { models: { sniper: { sniper: true } } } : {}) } }),
  );

describe("infiltrators' deployment (000 l.1004)", () => {
  it("the deployment draw holds a lone sniper back: it is set up after every other unit", () => {
    const r = draw(true);
    expect(r.summary).toMatch(/; infiltrators set up last \(B: unit-sniper\)$/);
    const rulings = (r.details as { rulings: { rule: string }[] }).rulings;
    expect(rulings.map((x) => x.rule)).toEqual(["000 l.999–1000", "000 l.1004"]);
  });

  it("without infiltrators the draw says nothing of them", () => {
    expect(draw(false).summary).not.toContain("infiltrators");
  });
});
