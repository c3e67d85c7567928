/**
 * Movement Points (sheet §1, "RUCH i TEREN"): "Za każdy Punkt Ruchu można przebyć 1”, za wyjątkiem ruchu do
 * tyłu lub w dymie, gdzie jest to 0,5”" (1" per MP, 0.5" backwards or in smoke); "zmienić kierunek jazdy z do
 * przodu na wsteczny albo na odwrót – musimy zapłacić dodatkowy 1 Punkt" (+1 MP to change between forward and
 * reverse); and the terrain table's extra MP per tracked / wheeled / infantry column, NIE and #. The paths
 * and features are laid so each answer follows from the distances; §14.3's two readings are options.
 */
import { describe, expect, it } from "vitest";
import type { Vec2 } from "../../../src/core/geometry2d";
import type { Feature } from "../../../src/core/scenario/schema";
import { inchesToCm } from "../../../src/core/units";
import { moveClassOf, moveCost } from "../../../src/rules/battleground/movement";
import type { BgOptions } from "../../../src/rules/battleground/options";
import { parseOptions } from "../../../src/rules/battleground/options";
import type { Placed } from "../../helpers/scene";
import { bgTable } from "./table";

const IN = inchesToCm(1);
const rifleman: Placed = { id: "inf", model: "us-rifleman", position: [20, 20], side: "A" };
const tank: Placed = { id: "tank", model: "ger-panzer-iv", position: [20, 60], heading: 90, side: "B" };
const jeep: Placed = { id: "jeep", model: "us-jeep", position: [20, 100], heading: 90, side: "A" };
const halftrack: Placed = { id: "ht", model: "ger-sdkfz-251", position: [150, 100], heading: 90, side: "B" };
const box = (x0: number, x1: number): Vec2[] => [
  [x0, 0],
  [x1, 0],
  [x1, 120],
  [x0, 120],
];
/** A strip of ground across the table between x0 and x1 (the models stand clear of it). */
const strip = (id: string, kind: "woods" | "rough" | "pond", x0: number, x1: number) =>
  ({ id, kind, outline: box(x0, x1), ...(kind === "woods" ? { height: 8 } : {}) }) as Feature;

async function costOf(model: Placed, path: Vec2[], features: Feature[] = [], options: Partial<BgOptions> = {}) {
  const table = await bgTable([], [rifleman, tank, jeep, halftrack], { options });
  return moveCost(table.ctx, { model: table.ctx.models.get(model.id)!, heading: model.heading ?? 0, path, features });
}
const along = (from: Placed, inches: number): Vec2[] => [from.position as Vec2, [from.position[0] + inches * IN, from.position[1]]];

describe("Movement Points along a path (§1)", () => {
  it('10" in the open is 10 MP; 0.5" per MP in smoke: 2" of it cost 4 MP', async () => {
    expect((await costOf(rifleman, along(rifleman, 10))).mp).toBeCloseTo(10, 1);
    const smoke = { id: "smoke-1", kind: "smoke", at: [20 + 5 * IN, 20], radius: IN, height: 10 } as Feature;
    const inSmoke = await costOf(rifleman, along(rifleman, 10), [smoke]);
    expect(inSmoke.mp).toBeCloseTo(8 + 4, 1);
    expect(inSmoke.rulings.map((r) => r.reason).join("\n")).toMatch(/2\.00" backwards or in smoke at 0\.5" per MP: 4 MP/);
  });

  it('a tank reversing 5" spends 10 MP; forward 5" then back is 5 + 10 + 1 for the change', async () => {
    const back: Vec2[] = [tank.position as Vec2, [tank.position[0] - 5 * IN, tank.position[1]]];
    expect((await costOf(tank, back)).mp).toBeCloseTo(10, 1);
    const there = [tank.position[0] + 5 * IN, tank.position[1]] as Vec2;
    expect((await costOf(tank, [tank.position as Vec2, there, tank.position as Vec2])).mp).toBeCloseTo(16, 1);
    // Infantry has no reverse gear: walking back is walking.
    expect((await costOf(rifleman, [rifleman.position as Vec2, [rifleman.position[0] - 5 * IN, 20]])).mp).toBeCloseTo(5, 1);
  });

  it("a vehicle driving forward round a corner does not reverse: the facing follows the path", async () => {
    const corner: Vec2[] = [tank.position as Vec2, [tank.position[0] + 3 * IN, 60], [tank.position[0] + 3 * IN, 60 - 4 * IN]];
    expect((await costOf(tank, corner)).mp).toBeCloseTo(7, 1);
  });

  it("terrain by movement class: light woods +1 for tracks and wheels (#), 0 for infantry; rough +2 tracked, +3 wheeled", async () => {
    const woods = strip("wood-1", "woods", 40, 44.5);
    const tankCost = await costOf(tank, along(tank, 12), [woods]);
    expect(tankCost.mp).toBeCloseTo(13, 1);
    expect(tankCost.immobilisation).toEqual(["wood-1"]);
    expect(tankCost.rulings.map((r) => r.reason).join("\n")).toMatch(/wood-1 is light woods, hedge: \+1 MP \(once for the feature\)/);
    const riflemanCost = await costOf(rifleman, along(rifleman, 12), [woods]);
    expect(riflemanCost.mp).toBeCloseTo(12, 1);
    expect(riflemanCost.immobilisation).toEqual([]);
    const rough = strip("rough-1", "rough", 40, 44.5);
    expect((await costOf(tank, along(tank, 12), [rough])).mp).toBeCloseTo(14, 1);
    expect((await costOf(jeep, along(jeep, 12), [rough])).mp).toBeCloseTo(15, 1);
  });

  it("a half-track takes the tracked column (inference); the sheet's NO refuses wheels in dense woods (bocage)", async () => {
    const table = await bgTable([], [halftrack]);
    expect(moveClassOf(table.ctx, table.ctx.models.get("ht")!)).toBe("tracked");
    const bocage = {
      id: "bocage-1",
      kind: "bocage",
      path: [
        [60, 80],
        [60, 119],
      ],
      height: 6,
      thickness: 4,
    } as Feature;
    const refused = await costOf(jeep, along(jeep, 20), [bocage]);
    expect(refused.refused?.reason).toBe("bocage-1 is dense woods: wheeled vehicles may not enter (the sheet's NO)");
    expect(
      (
        await costOf(
          rifleman,
          [
            [60 - 5 * IN, 100],
            [60 + 5 * IN, 100],
          ],
          [bocage],
        )
      ).mp,
    ).toBeCloseTo(11, 1);
  });

  it("the allowance of one move action (sample) is named, and a longer move says so", async () => {
    const long = await costOf(rifleman, along(rifleman, 7));
    expect(long.allowance).toBe(6);
    const last = long.rulings[long.rulings.length - 1]!;
    expect(last.reason).toMatch(/7 MP of the 6 MP of one infantry move action: more than one move action allows/);
    expect(last.sample?.table).toBe("move-allowance");
  });
});

describe("§14.3 as options: forward ↔ reverse changes and terrain paid per feature or per inch", () => {
  const tankZigzag = (): Vec2[] => {
    const [x, z] = tank.position as Vec2;
    return [
      [x, z],
      [x + 2 * IN, z],
      [x + IN, z],
      [x + 3 * IN, z],
    ];
  };

  it("directionChange: per-change pays both changes (+2), once-per-action pays one (+1)", async () => {
    // 2" forward, 1" back (2 MP), 2" forward: 6 MP of distance.
    expect((await costOf(tank, tankZigzag())).mp).toBeCloseTo(6 + 2, 1);
    expect((await costOf(tank, tankZigzag(), [], { directionChange: "once-per-action" })).mp).toBeCloseTo(6 + 1, 1);
  });

  it('terrainCost: a pond 3.5" across costs infantry +1 per feature, +4 per started inch', async () => {
    const pond = strip("pond-1", "pond", 40, 40 + 3.5 * IN);
    expect((await costOf(rifleman, along(rifleman, 12), [pond])).mp).toBeCloseTo(13, 1);
    const perInch = await costOf(rifleman, along(rifleman, 12), [pond], { terrainCost: "per-inch" });
    expect(perInch.mp).toBeCloseTo(16, 1);
    expect(perInch.rulings.map((r) => r.reason).join("\n")).toMatch(/pond-1 is soft ground: \+4 MP \(1 for each of 4 started inch\(es\) inside\)/);
  });

  it("both options are named with their defaults, and bad values are refused", () => {
    expect(parseOptions({})).toMatchObject({ ok: true, options: { directionChange: "per-change", terrainCost: "per-feature" } });
    expect(parseOptions({ terrainCost: "per-yard" })).toEqual({
      ok: false,
      errors: ['option "terrainCost" must be one of "per-feature", "per-inch", got "per-yard"'],
    });
  });
});
