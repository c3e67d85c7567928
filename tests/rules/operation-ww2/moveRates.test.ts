/**
 * A unit with a Charge order moves at its charge rate, a man 15 cm (000 l.119, l.147); night fighting's shorter
 * moves (000 l.1019): infantry's fast and charge moves 5 cm shorter, a vehicle's 10; the slow move as by day.
 */
import { describe, expect, it } from "vitest";
import { moveVerdict } from "../../../src/rules/operation-ww2/movement";
import { NEW_PLAY } from "../../../src/rules/operation-ww2/play";
import type { Placed } from "../../helpers/scene";
import { contextFor } from "./fakes";

const MODELS: Placed[] = [
  { id: "man", model: "us-rifleman", position: [20, 20], side: "A", unit: "man" },
  { id: "tank", model: "ger-panzer-iv", position: [20, 100], heading: 90, side: "B", unit: "tank" },
];
const straight = (model: string, from: [number, number], cm: number) => ({
  model,
  path: [from, [from[0] + cm, from[1]] as [number, number]],
});

describe("moves at night (000 l.1019)", () => {
  it("a man moves 20 cm fast by day and 15 cm at night: 18 cm is refused at night", () => {
    const day = moveVerdict(straight("man", [20, 20], 18), contextFor(MODELS));
    expect(day).toMatchObject({ allowance: 20, allowed: true });
    const night = moveVerdict(straight("man", [20, 20], 18), contextFor(MODELS, { night: true }));
    expect(night).toMatchObject({ allowance: 15, allowed: false });
    expect(night.rulings.map((r) => r.rule)).toContain("000 l.1019");
  });

  it("a man charging moves 15 cm (000 l.147), 10 cm at night", () => {
    const game = { play: { ...NEW_PLAY, ordered: { "unit-man": "charge" as const } } };
    const charging = moveVerdict(straight("man", [20, 20], 18), contextFor(MODELS, { game }));
    expect(charging).toMatchObject({ allowance: 15, allowed: false });
    expect(charging.rulings[0]!.rule).toBe("§4.1 (000 l.119, l.147)");
    expect(moveVerdict(straight("man", [20, 20], 12), contextFor(MODELS, { game, night: true }))).toMatchObject({ allowance: 10, allowed: false });
    // A Move order: the fast rate.
    const moving = { play: { ...NEW_PLAY, ordered: { "unit-man": "move" as const } } };
    expect(moveVerdict(straight("man", [20, 20], 18), contextFor(MODELS, { game: moving })).allowance).toBe(20);
  });

  it("a medium tank's 35 cm fast move is 25 cm at night", () => {
    expect(moveVerdict(straight("tank", [20, 100], 20), contextFor(MODELS, { night: true })).allowance).toBe(25);
  });
});
