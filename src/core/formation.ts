/**
 * Where the models of a new unit stand around the point the player clicked: in a line abreast, a column,
 * a wedge behind the leader or a block. Offsets are in the unit's frame (+z forward, see docs/coordinates.md).
 */
import { add2, rotateByHeading, type Vec2 } from "./geometry2d";

export const FORMATIONS = ["line", "column", "wedge", "block"] as const;
export type Formation = (typeof FORMATIONS)[number];

/** Offsets of `count` models `spacing` cm apart, centred on the click (the leader, model 0, at the front). */
export function formationOffsets(count: number, spacing: number, formation: Formation): Vec2[] {
  const offsets: Vec2[] = [];
  for (let i = 0; i < count; i++) {
    switch (formation) {
      case "line":
        offsets.push([(i - (count - 1) / 2) * spacing, 0]);
        break;
      case "column":
        offsets.push([0, ((count - 1) / 2 - i) * spacing]);
        break;
      case "wedge": {
        // 0 at the point, then 1 left and 2 right one row back, and so on.
        const row = Math.ceil(i / 2);
        const side = i === 0 ? 0 : i % 2 === 1 ? 1 : -1;
        offsets.push([side * row * spacing, -row * spacing]);
        break;
      }
      case "block": {
        const columns = Math.ceil(Math.sqrt(count));
        const rows = Math.ceil(count / columns);
        offsets.push([((i % columns) - (columns - 1) / 2) * spacing, ((rows - 1) / 2 - Math.floor(i / columns)) * spacing]);
        break;
      }
    }
  }
  if (formation !== "wedge") return offsets;
  // A wedge is centred on its middle row, like the others.
  const depth = offsets[offsets.length - 1]![1];
  return offsets.map(([x, z]) => [x, z - depth / 2]);
}

/** The offsets laid out at `at`, the unit facing `heading`. */
export function laidOut(at: Vec2, heading: number, offsets: readonly Vec2[]): Vec2[] {
  return offsets.map((o) => add2(at, rotateByHeading(o, heading)));
}
