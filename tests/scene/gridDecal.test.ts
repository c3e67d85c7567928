/** The mission's tints over the ground: a grid of cells kept where their centres are inside, at the ground's height. */
import { describe, expect, it } from "vitest";
import { createGround } from "../../src/core/terrain";
import { gridDecal } from "../../src/scene/tableGeometry";

const triangles = (g: ReturnType<typeof gridDecal>) => g.getIndex()!.count / 3;

describe("gridDecal", () => {
  it("covers a 10 × 6 cm rectangle with 2 cm cells: 15 cells, 30 triangles", () => {
    expect(
      triangles(
        gridDecal(
          [
            [0, 0],
            [10, 0],
            [10, 6],
            [0, 6],
          ],
          createGround([]),
          0.1,
        ),
      ),
    ).toBe(30);
  });

  it("keeps only the cells of an L inside its outline (an 8 × 8 square less its 4 × 4 corner: 12 of 16 cells)", () => {
    const l = gridDecal(
      [
        [0, 0],
        [8, 0],
        [8, 4],
        [4, 4],
        [4, 8],
        [0, 8],
      ],
      createGround([]),
      0.1,
    );
    expect(triangles(l)).toBe(24);
  });

  it("lies `lift` over the ground, hills included", () => {
    const ground = createGround([
      {
        id: "h",
        kind: "hill",
        outline: [
          [0, 0],
          [40, 0],
          [40, 40],
          [0, 40],
        ],
        height: 5,
        slope: 10,
      },
    ]);
    const g = gridDecal(
      [
        [15, 15],
        [25, 15],
        [25, 25],
        [15, 25],
      ],
      ground,
      0.25,
    );
    const ys = g.getAttribute("position").array.filter((_, i) => i % 3 === 1);
    expect(Math.min(...ys)).toBeCloseTo(5.25, 5);
    expect(Math.max(...ys)).toBeCloseTo(5.25, 5);
  });
});
