/**
 * What a move costs in Movement Points (§1): 1" per MP, 0.5" backwards or in smoke, 1 MP for each change
 * between forward and reverse, and the terrain table's extra MP by movement class (tracked, wheeled,
 * infantry), with the NO that forbids a class to enter and the # that lets the opponent call an
 * immobilisation test (§2). The allowance of one move action and which battlefield feature is which
 * terrain row are sample data (§13). The path's facts (its pieces, reverse, the features it crosses) come
 * from the sight engine (pathFacts), shared by every system that prices a move.
 */

import type { Vec2 } from "../../core/geometry2d";
import type { Feature } from "../../core/scenario/schema";
import { cmToInches } from "../../core/units";
import { pathFacts } from "../../sight/pathFacts";
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { type BgContext, sampleMark } from "./context";
import { profileOf } from "./profiles";
import type { MOVE_CLASSES } from "./tables";
import { INCH_EPSILON } from "./toHit";

export type MoveClass = (typeof MOVE_CLASSES)[number];

export interface MoveCostInput {
  readonly model: ModelFacts;
  /** The model's facing when the move starts (degrees): reverse is against it. */
  readonly heading: number;
  readonly path: readonly Vec2[];
  /** The battlefield's features (terrain, smoke) the path crosses. */
  readonly features: readonly Feature[];
}

export interface MoveCost {
  readonly moveClass: MoveClass;
  /** Movement Points the move spends. */
  readonly mp: number;
  /** Movement Points of one move action (sample). */
  readonly allowance: number;
  /** Each part of the cost, with its rule. */
  readonly rulings: readonly Ruling[];
  /** The ruling that sets the cost against one move action's allowance (one of `rulings`). */
  readonly limit: Ruling;
  /** The sheet's NO: terrain this class may not enter. */
  readonly refused?: Ruling;
  /** Features marked # the move passed through: the opponent may call an immobilisation test (§2). */
  readonly immobilisation: readonly string[];
}

/** Tracked, wheeled or infantry: half-tracks take the tracked column (digest §1, inference). */
export function moveClassOf(ctx: BgContext, m: ModelFacts): MoveClass {
  const p = profileOf(ctx, m);
  if (p.type !== "vehicle") return "infantry";
  return p.vehicle!.drive === "wheeled" ? "wheeled" : "tracked";
}

const mpText = (mp: number) => `${Number(mp.toFixed(2))} MP`;

export function moveCost(ctx: BgContext, input: MoveCostInput): MoveCost {
  const table = ctx.tables.movement;
  const allowanceTable = ctx.tables["move-allowance"];
  const sample = sampleMark(ctx, "move-allowance");
  const moveClass = moveClassOf(ctx, input.model);
  const facts = pathFacts(input.path, input.features, { heading: input.heading, vehicle: moveClass !== "infantry" });
  const changes = facts.reverseChanges;
  let normal = 0;
  let slow = 0;
  for (const s of facts.samples) {
    if (s.reverse || s.under.some((f) => f.kind === "smoke")) slow += s.length;
    else normal += s.length;
  }
  const rulings: Ruling[] = [];
  let mp = cmToInches(normal) / table.inchesPerMp;
  rulings.push({ reason: `${cmToInches(normal).toFixed(2)}" at ${table.inchesPerMp}" per MP: ${mpText(mp)}`, rule: "§1" });
  if (slow > 0) {
    const slowMp = cmToInches(slow) / table.slowInchesPerMp;
    mp += slowMp;
    rulings.push({ reason: `${cmToInches(slow).toFixed(2)}" backwards or in smoke at ${table.slowInchesPerMp}" per MP: ${mpText(slowMp)}`, rule: "§1" });
  }
  const paidChanges = ctx.options.directionChange === "once-per-action" ? Math.min(changes, 1) : changes;
  if (paidChanges) {
    mp += paidChanges * table.directionChange;
    rulings.push({
      reason: `${changes} change(s) between forward and reverse: +${paidChanges * table.directionChange} MP (option: ${ctx.options.directionChange})`,
      rule: "§1, §14.3",
    });
  }
  let refused: Ruling | undefined;
  const immobilisation: string[] = [];
  for (const { feature: f, inside } of facts.terrain) {
    const rowId = allowanceTable.terrain[f.kind];
    if (!rowId) continue;
    const row = table.terrain[rowId];
    const name = f.name || f.id;
    const extra = row[moveClass];
    if (extra === null) {
      refused ??= {
        reason: `${name} is ${row.name}: ${moveClass === "infantry" ? "infantry" : `${moveClass} vehicles`} may not enter (the sheet's NO)`,
        rule: "§1",
        ...sample,
      };
      continue;
    }
    if (row.immobilisation.includes(moveClass)) immobilisation.push(f.id);
    if (extra === 0) continue;
    const inches = cmToInches(inside);
    const paid = ctx.options.terrainCost === "per-inch" ? extra * Math.ceil(inches - INCH_EPSILON) : extra;
    mp += paid;
    rulings.push({
      reason: `${name} is ${row.name}: +${paid} MP${ctx.options.terrainCost === "per-inch" ? ` (${extra} for each of ${Math.ceil(inches - INCH_EPSILON)} started inch(es) inside)` : " (once for the feature)"}`,
      rule: "§1, §14.3",
      ...sample,
    });
  }
  const allowance = allowanceTable.mp[moveClass];
  const limit: Ruling = {
    reason: `${mpText(mp)} of the ${allowance} MP of one ${moveClass} move action${mp > allowance + INCH_EPSILON ? ": more than one move action allows" : ""}`,
    rule: "§1, §13",
    ...sample,
  };
  rulings.push(limit);
  for (const id of immobilisation)
    rulings.push({
      reason: `${input.features.find((f) => f.id === id)!.name || id} is marked #: the opponent may call an immobilisation test during the move`,
      rule: "§1, §2",
    });
  return { moveClass, mp, allowance, rulings, limit, immobilisation, ...(refused ? { refused } : {}) };
}
