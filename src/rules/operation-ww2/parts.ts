/**
 * The parts of a target (§5.10, §5.11, §5.17): models with the same cover, smoke, position and point-blank
 * distance form one part, each vehicle is a part of its own, and so is the exposed crew of a vehicle.
 * Each weapon fires at one part.
 */
import type { ModelFacts } from "../context";
import type { Ruling } from "../ruleset";
import { isV1, modelState, type Ow2Context } from "./context";
import { standingCover } from "./cover";
import type { Sighting } from "./lines";
import { isVehicle, targetTypeOf } from "./profiles";
import { type CoverClass, coverRank, type Ow2FireDeclaration, type TargetType } from "./types";
import { firedFromHeight, vehicleCrewCover } from "./vehicles";

/** Cover that HEAT may be fired at infantry behind: hard surfaces (§6.8). */
const HARD_SURFACES: readonly string[] = ["building", "ruins", "wall"];

/** One part of the target: models with the same cover and the same modifiers (§5.10). */
export interface TargetGroup {
  readonly id: string;
  readonly models: readonly string[];
  /** The column of the weapon and damage tables. */
  readonly type: TargetType;
  readonly cover: CoverClass;
  /** A vehicle (or its exposed crew) is a part of its own. */
  readonly vehicle?: string;
  readonly exposed?: "exposed crew" | "carried infantry";
  readonly inSmoke: boolean;
  readonly dugIn?: "trench" | "sandbags";
  /** Infantry in a building or ruin or behind a wall: HEAT may be fired at them (§6.8). */
  readonly hardCover: boolean;
  readonly rulings: readonly Ruling[];
}

function groupLabel(cover: CoverClass, inSmoke: boolean, dugIn: "trench" | "sandbags" | undefined, pointBlank: boolean): string {
  return [
    cover === "open" ? "in the open" : `${cover} cover`,
    ...(inSmoke ? ["in smoke"] : []),
    ...(dugIn ? [dugIn === "trench" ? "in a trench" : "behind sandbags"] : []),
    ...(pointBlank ? ["within 5 cm"] : []),
  ].join(", ");
}

/** The cover most firers that see the model give it; a tie goes to the better cover (the defender's benefit). */
function majorityCover(classes: readonly CoverClass[]): CoverClass {
  const counts = new Map<CoverClass, number>();
  for (const c of classes) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best: CoverClass = "open";
  let bestCount = -1;
  for (const [c, n] of counts) if (n > bestCount || (n === bestCount && coverRank(c) > coverRank(best))) [best, bestCount] = [c, n];
  return best;
}

export function formGroups(
  ctx: Ow2Context,
  decl: Ow2FireDeclaration,
  targets: readonly ModelFacts[],
  sightings: ReadonlyMap<string, Sighting[]>,
): TargetGroup[] {
  const groups = new Map<string, { group: Omit<TargetGroup, "models">; models: string[] }>();
  for (const t of targets) {
    // Indirect fire needs no line of sight: coordinates stand in for it (§9.1).
    const seen = (sightings.get(t.id) ?? []).filter((s) => s.shootable || decl.indirect);
    if (!seen.length) continue;
    const vehicle = isVehicle(ctx, t);
    const verdicts = seen.map((s) => s.verdict);
    const inSmoke = verdicts.some((v) => v.inSmoke);
    const dugIn = verdicts.find((v) => v.dugIn)?.dugIn;
    if (vehicle) {
      if (decl.exposedCrew) {
        const state = modelState(ctx, t.id);
        const exposed = state.commanderExposed && !t.pinned ? "exposed crew" : state.carriesInfantry ? "carried infantry" : undefined;
        if (!exposed) continue;
        const fromHeight = !isV1(ctx) && (t.def.vehicle?.openTopped ?? false) && seen.some((s) => firedFromHeight(s.report, ctx));
        const cover: CoverClass = fromHeight ? "open" : vehicleCrewCover(ctx, t);
        groups.set(`crew of ${t.id}`, {
          models: [t.id],
          group: {
            id: `crew of ${t.id}`,
            type: "infantry",
            cover,
            vehicle: t.id,
            ...(fromHeight ? {} : { exposed }),
            inSmoke,
            hardCover: false,
            rulings: [
              {
                reason: fromHeight
                  ? `passengers of the open-topped ${t.id}, shot from above: infantry without cover, no −2 (v2.0)`
                  : `the ${exposed} of ${t.id}: infantry column, in the vehicle's ${cover} cover`,
                rule: fromHeight ? "§5.16" : "§5.17",
              },
            ],
          },
        });
        continue;
      }
      groups.set(t.id, {
        models: [t.id],
        group: {
          id: t.id,
          type: targetTypeOf(ctx, t),
          cover: majorityCover(verdicts.map((v) => v.cover.class)),
          vehicle: t.id,
          inSmoke,
          hardCover: false,
          rulings: [{ reason: `${t.id} is a vehicle: a part of its own`, rule: "§5.10" }],
        },
      });
      continue;
    }
    const cover = decl.indirect ? standingCover(ctx, t).class : majorityCover(verdicts.map((v) => v.cover.class));
    const pointBlank = !decl.indirect && seen.some((s) => s.verdict.range <= 5);
    const type = targetTypeOf(ctx, t);
    // Guns are rolled on the artillery column: never one part with infantry.
    const id = `${type === "infantry" ? "" : `${type}, `}${groupLabel(cover, inSmoke, dugIn, pointBlank)}`;
    const hard = verdicts.some((v) => v.cover.kinds.some((k) => HARD_SURFACES.includes(k)));
    const entry = groups.get(id) ?? {
      models: [],
      group: {
        id,
        type,
        cover,
        inSmoke,
        ...(dugIn ? { dugIn } : {}),
        hardCover: hard,
        rulings: [{ reason: `models ${id}: one part of the target; each weapon fires at one part`, rule: "§5.10" }],
      },
    };
    entry.models.push(t.id);
    groups.set(id, entry);
  }
  return [...groups.values()].map(({ group, models }) => ({ ...group, models }));
}
