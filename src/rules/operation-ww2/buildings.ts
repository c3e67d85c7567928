/**
 * Buildings under heavy fire (§12.1–§12.3): a building's size class, the demolition table for shells of
 * 105 mm and more fired at it directly, and the roof table for such shells falling on it. The game log
 * has no event that changes terrain yet, so a collapse is reported for the players to mark.
 */
import type { Vec2 } from "../../core/geometry2d";
import { distance2 } from "../../core/geometry2d";
import type { Building } from "../../core/scenario/schema";
import type { ModelFacts } from "../context";
import type { Ow2Context } from "./context";
import { damageModel } from "./hits";
import { trainingOf, trainingSample } from "./profiles";
import type { Referee } from "./referee";
import type { BuildingSize, DamageSection } from "./tables";

/** Short and long side of a footprint: its first two walls for a four-cornered one, else its bounding box. */
function sides(footprint: readonly Vec2[]): [number, number] {
  if (footprint.length === 4) {
    const a = distance2(footprint[0]!, footprint[1]!);
    const b = distance2(footprint[1]!, footprint[2]!);
    return [Math.min(a, b), Math.max(a, b)];
  }
  const xs = footprint.map((p) => p[0]);
  const zs = footprint.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  const d = Math.max(...zs) - Math.min(...zs);
  return [Math.min(w, d), Math.max(w, d)];
}

/** Small, medium, large or huge by its footprint and storeys (§12.1). */
function buildingSize(ctx: Ow2Context, building: Building): BuildingSize {
  const table = ctx.tables["building-demolition"].sizes;
  const [short, long] = sides(building.footprint);
  const rows = building.floors >= 2 ? table.twoOrMoreStoreys : table.oneStorey;
  return rows.find((r) => short >= r.atLeast[0] && long >= r.atLeast[1])?.size ?? table.otherwise;
}

function calibreModifier(ctx: Ow2Context, calibre: number): number {
  return ctx.tables["building-demolition"].calibreModifiers.find((m) => calibre >= m.from && calibre <= m.to)?.modifier ?? 0;
}

/** Whether a shell of this calibre rolls on the demolition or roof table (§12.2, §12.3). */
export const demolishes = (ctx: Ow2Context, calibre: number | undefined): boolean =>
  calibre !== undefined && calibre >= ctx.tables["building-demolition"].minimumCalibre;

const inside = (ctx: Ow2Context, id: string): ModelFacts[] =>
  [...ctx.models.values()].filter((m) => m.floor?.building === id || m.standsIn.some((a) => a.id === id));

function rowFor<R>(rows: ReadonlyArray<{ rolls: readonly [number, number] } & Record<BuildingSize, R>>, roll: number, size: BuildingSize): R {
  const r = Math.min(13, Math.max(1, roll));
  return rows.find((row) => r >= row.rolls[0] && r <= row.rolls[1])![size];
}

/** Every unit inside takes an unmodified training test; a failure pins all its models inside (§12.2). */
function trainingTests(ref: Referee, models: readonly ModelFacts[]): void {
  for (const unitId of new Set(models.map((m) => m.unitId))) {
    const mine = models.filter((m) => m.unitId === unitId);
    const training = trainingOf(ref.ctx, mine[0]!);
    const roll = ref.roll(`training test: ${unitId} in a shaken building (${training}+)`);
    const passed = roll >= training;
    ref.explain(ref.lastRoll, {
      purpose: "test",
      model: mine[0]!.id,
      need: training,
      meaning: `training test for ${unitId}: ${training}+ → ${passed ? "passed" : "failed, pinned"}`,
      rule: "§12.2",
      ...trainingSample(ref.ctx, mine[0]!),
    });
    const cause = { by: `the shaking of the building`, rolls: [ref.lastRoll] };
    ref.note(`training test for ${unitId}: ${roll} against ${training}+ → ${passed ? "passed" : "failed, all its models inside are pinned"}`, "§12.2", [
      ref.lastRoll,
    ]);
    if (!passed) for (const m of mine) ref.outcome(m.id, "pinned", "pinned: the building shook", cause);
  }
}

function collapse(ref: Referee, building: Building, section: DamageSection, rolls: readonly number[]): void {
  ref.note(
    `${building.id} collapses: replace it with a ruin of the same size; a dust cloud (smoke rules) spreads 5 cm beyond it for 1d10 turns; every model inside rolls ${section} damage without cover`,
    "§12.2",
  );
  for (const m of inside(ref.ctx, building.id)) damageModel(ref, m, { section, cover: "open", cause: `the collapse of ${building.id}`, rolls });
}

/** The building demolition table, for a 105 mm+ shell fired at the building directly (§12.2). */
export function demolitionRoll(ref: Referee, building: Building, calibre: number, extra = 0): void {
  const ctx = ref.ctx;
  const table = ctx.tables["building-demolition"];
  const size = buildingSize(ctx, building);
  const modifier = calibreModifier(ctx, calibre) + (building.ruined ? table.afterCollapseModifier : 0) + extra;
  const natural = ref.roll(`building demolition: ${building.id} (${size})`);
  const result = rowFor(table.rows, natural + modifier, size);
  ref.explain(ref.lastRoll, {
    purpose: "terrain",
    ...(modifier ? { total: natural + modifier } : {}),
    meaning: `building demolition (${size} ${building.id}) → ${result}`,
    rule: "§12.2",
  });
  ref.note(
    `building demolition (${calibre} mm at the ${size} ${building.id}): ${natural}${modifier ? ` ${modifier > 0 ? "+" : "−"}${Math.abs(modifier)}` : ""} → ${result}`,
    "§12.2",
    [ref.lastRoll],
  );
  switch (result) {
    case "no-effect":
      return;
    case "training-test":
      return trainingTests(ref, inside(ctx, building.id));
    case "training-test-hit-and-adjacent-rooms":
      // Rooms are not modelled: every unit inside stands in the hit room or next to it.
      return trainingTests(ref, inside(ctx, building.id));
    case "collapse-small-arms":
      return collapse(ref, building, "small-arms", [ref.lastRoll]);
    case "collapse-heavy-weapons":
      return collapse(ref, building, "heavy-weapons", [ref.lastRoll]);
  }
}

/** The roof table, for a 105 mm+ shell fired indirectly onto a building's roof (§12.3). */
export function roofRoll(ref: Referee, building: Building, calibre: number): void {
  const ctx = ref.ctx;
  const size = buildingSize(ctx, building);
  const modifier = calibreModifier(ctx, calibre);
  const natural = ref.roll(`roof demolition: ${building.id} (${size})`);
  const result = rowFor(ctx.tables["roof-demolition"].rows, natural + modifier, size);
  const die = ref.lastRoll;
  ref.explain(die, {
    purpose: "terrain",
    ...(modifier ? { total: natural + modifier } : {}),
    meaning: `roof demolition (${size} ${building.id}) → ${result}`,
    rule: "§12.3",
  });
  ref.note(
    `roof demolition (${calibre} mm on the ${size} ${building.id}): ${natural}${modifier ? ` +${modifier}` : ""} → ${result === "holds" ? "the roof holds and stops the shell" : "the roof collapses"}`,
    "§12.3",
    [ref.lastRoll],
  );
  if (result === "holds") return;
  ref.note(`remove the roof of ${building.id}; models on its top floor roll heavy weapons damage without cover, and later shells ignore the roof`, "§12.3");
  const top = building.floors - 1;
  for (const m of inside(ctx, building.id).filter((x) => (x.floor?.level ?? 0) === top))
    damageModel(ref, m, { section: "heavy-weapons", cover: "open", cause: `the roof of ${building.id}`, rolls: [die] });
  if (result === "collapses-and-demolition") demolitionRoll(ref, building, calibre, ctx.tables["roof-demolition"].demolitionModifier);
}
