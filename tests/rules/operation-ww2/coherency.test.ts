/**
 * Coherency (000 l.151–153): "a maximális távolság két modell között 10cm belül kell lennie" — a unit's models
 * stay within 10 cm of each other, in a chain or bunched; moved one by one, each keeps it (l.153); a unit a loss
 * broke restores it when it moves (l.152). v2.0: "Osztagon belül a járművek összetartása 20cm" (004 l.157).
 */
import { describe, expect, it } from "vitest";
import { moveVerdict } from "../../../src/rules/operation-ww2/movement";
import type { Placed } from "../../helpers/scene";
import { contextFor } from "./fakes";

// A squad of three in a line, 6 cm apart centre to centre (base edge to edge under 10 cm), and a lone tank.
const MODELS: Placed[] = [
  { id: "a", model: "us-rifleman", position: [20, 20], side: "A", unit: "squad" },
  { id: "b", model: "us-rifleman", position: [26, 20], side: "A", unit: "squad" },
  { id: "c", model: "us-rifleman", position: [32, 20], side: "A", unit: "squad" },
  { id: "tank", model: "ger-panzer-iv", position: [100, 100], heading: 90, side: "B", unit: "tank" },
];
const forward = (model: string, from: [number, number], dy: number) => ({ model, path: [from, [from[0], from[1] + dy] as [number, number]] });
const ruleOf = (v: ReturnType<typeof moveVerdict>) => v.refusal?.rule;

describe("coherency (000 l.151–153)", () => {
  const ctx = contextFor(MODELS);

  it("a model moved on its own ends within 10 cm of another of its unit", () => {
    expect(moveVerdict(forward("a", [20, 20], 8), ctx)).toMatchObject({ allowed: true });
    const far = moveVerdict(forward("a", [20, 20], 18), ctx);
    expect(far.allowed).toBe(false);
    expect(ruleOf(far)).toBe("§4.2 (000 l.151, l.153)");
    expect(far.refusal!.reason).toContain("more than 10 cm");
  });

  it("a unit moved as one keeps its chain: all 18 cm forward is allowed, leaving one behind is not", () => {
    const all = [forward("a", [20, 20], 18), forward("b", [26, 20], 18), forward("c", [32, 20], 18)];
    const verdict = moveVerdict({ ...all[0]!, with: all.slice(1) }, ctx);
    expect(verdict.allowed).toBe(true);
    expect(verdict.rulings.map((r) => r.rule)).toContain("§4.2 (000 l.151–153)");
    // c stays where it stood: 18 cm from b's end, so out of the chain.
    const split = moveVerdict({ ...all[0]!, with: [all[1]!] }, ctx);
    expect(split.allowed).toBe(false);
    expect(ruleOf(split)).toBe("§4.2 (000 l.151–153)");
    expect(split.refusal!.reason).toContain("c would end");
  });

  it("a long chain is coherent even where its ends are far apart (l.151)", () => {
    const chain = [forward("a", [20, 20], 5), forward("b", [26, 20], 5), forward("c", [32, 20], 5)];
    // 12 cm between a and c's centres, each link under 10 cm.
    expect(moveVerdict({ ...chain[2]!, with: chain.slice(0, 2) }, ctx).allowed).toBe(true);
  });

  it("v2.0 keeps a squad's vehicles within 20 cm of each other (004 l.157); v1 gives vehicles none", () => {
    // Two Panzer IVs nose to tail along x (hulls 10.5 cm long): 14.5 cm between them.
    const squad: Placed[] = [
      { id: "p1", model: "ger-panzer-iv", position: [60, 40], heading: 90, side: "B", unit: "platoon" },
      { id: "p2", model: "ger-panzer-iv", position: [85, 40], heading: 90, side: "B", unit: "platoon" },
    ];
    const ahead = (cm: number) => ({ model: "p2", path: [[85, 40] as [number, number], [85 + cm, 40] as [number, number]] });
    const v2 = moveVerdict(ahead(10), contextFor(squad));
    expect(v2.refusal?.rule).toBe("004 l.157");
    expect(v2.refusal?.reason).toContain("more than 20 cm");
    expect(moveVerdict(ahead(5), contextFor(squad))).toMatchObject({ allowed: true });
    expect(moveVerdict(ahead(10), contextFor(squad, { options: { version: "v1" } })).allowed).toBe(true);
  });

  it("a lone vehicle has no coherency to keep", () => {
    expect(moveVerdict(forward("tank", [100, 100], 20), ctx).rulings.some((r) => r.rule.includes("l.151"))).toBe(false);
  });
});
