/**
 * Cover (§5.9, §5.14): light, medium or heavy, from what the line crosses and where the target stands.
 * The best source wins. Which terrain gives which class is the cover table (partly sample data).
 */
import { footprintDistance } from "../../core/footprint";
import type { SightReport } from "../../sight/sightReport";
import { type ModelFacts, requireModel } from "../context";
import type { Ruling, SampleTable } from "../ruleset";
import { isV1, type Ow2Context, sampleOf } from "./context";
import { hasProperty, hasShield, isVehicle } from "./profiles";
import { isLow, lowObstacleReach } from "./sight";
import { betterCover, type CoverClass, coverRank } from "./types";

/** A model this close to a vehicle stands next to it (cm). */
const NEXT_TO_VEHICLE = 1;

export interface Cover {
  readonly class: CoverClass;
  /** What gives cover, best first. */
  readonly sources: readonly Ruling[];
  /** The cover table's keys of those sources ("wall", "building", "vehicle-tank"…). */
  readonly kinds: readonly string[];
}

interface Source {
  readonly class: CoverClass;
  readonly key: string;
  readonly reason: string;
  /** The cover table is sample data and the source does not give this entry. */
  readonly sample?: SampleTable;
}

/** The cover table's class for a kind of source, and how sure the source is of it. */
function fromTable(ctx: Ow2Context, key: string, what: string): Source | undefined {
  const entry = ctx.tables.cover[key];
  if (!entry) return undefined;
  const basis = entry.basis === "given" ? "" : ` (${entry.basis} value)`;
  const sample = entry.basis === "sample" ? sampleOf(ctx, "cover") : undefined;
  return { class: entry.class, key, reason: `${entry.class} cover: ${what}${basis}`, ...(sample ? { sample } : {}) };
}

const OCCLUDER_KEYS: Readonly<Record<string, string>> = {
  wall: "wall",
  hedge: "hedge",
  bocage: "bocage",
  sandbags: "sandbags",
  "building-wall": "building",
  "building-floor": "building",
  roof: "building",
  hill: "hill",
  ground: "hill",
  smoke: "smoke",
  wreck: "wreck",
  "tank-trap": "tank-trap",
};

/** The class the cover table gives a kind of terrain (an occluder's or an area's kind, or a table key). */
export function terrainCoverClass(ctx: Ow2Context, kind: string): CoverClass {
  return ctx.tables.cover[OCCLUDER_KEYS[kind] ?? kind]?.class ?? "open";
}

/** The cover-table key for a vehicle as cover (§5.9, §5.14). */
const vehicleKey = (m: ModelFacts): string => `vehicle-${m.def.vehicle?.class ?? "unarmoured"}`;

/** What hides part of the target; walls and hedges on the line are obstacleSources' to judge. */
function occluderSources(report: SightReport, ctx: Ow2Context): Source[] {
  if (report.visibleFraction >= 1) return [];
  const onLine = new Set(report.linearObstacles.map((c) => c.id));
  return report.occluders.flatMap((o) => {
    if (onLine.has(o.id)) return [];
    if (o.kind === "model") {
      const m = ctx.models.get(o.id);
      if (!m) return [];
      return fromTable(ctx, m.def.vehicle ? vehicleKey(m) : "infantry", `partly hidden behind ${o.id}`) ?? [];
    }
    const key = OCCLUDER_KEYS[o.kind];
    return (key && fromTable(ctx, key, `partly hidden by ${o.id} (${o.kind})`)) || [];
  });
}

/** The cover of an area a model stands in; crops hide only under v2.0 and only when tall (§5.3, §5.9). */
function areaSource(ctx: Ow2Context, id: string, kind: string): Source | undefined {
  if (kind === "crops") {
    const feature = ctx.terrain.get(id);
    if (isV1(ctx) || (feature && "concealing" in feature && !feature.concealing)) return undefined;
  }
  return fromTable(ctx, kind, `stands in ${kind === "ruins" ? "the ruin" : kind} ${id}`);
}

const areaSources = (report: SightReport, ctx: Ow2Context): Source[] => report.areas.flatMap((a) => (a.targetInside && areaSource(ctx, a.id, a.kind)) || []);

/** Walls and hedges on the line with the target close behind them (where ground-level sight stops anyway). */
function obstacleSources(report: SightReport, ctx: Ow2Context): Source[] {
  const hiding = new Set(report.occluders.map((o) => o.id));
  return report.linearObstacles.flatMap((c) => {
    if (c.kind === "wire") return [];
    const behind = c.distanceFromTarget <= (isLow(c) ? lowObstacleReach(ctx) : 5) && report.distance.shooterElevation < c.top;
    if (!behind && !hiding.has(c.id)) return [];
    return fromTable(ctx, c.kind, `behind the ${c.kind} ${c.id} on the line of fire`) ?? [];
  });
}

function nearbyVehicleSources(target: ModelFacts, ctx: Ow2Context): Source[] {
  if (target.def.category === "vehicle") return [];
  return [...ctx.models.values()].flatMap((v) => {
    if (v.id === target.id || !v.def.vehicle || footprintDistance(v.footprint, target.footprint) > NEXT_TO_VEHICLE) return [];
    return fromTable(ctx, vehicleKey(v), `next to the ${v.def.vehicle.class === "tank" ? "tank" : `${v.def.vehicle.class} vehicle`} ${v.id}`) ?? [];
  });
}

/** A gun's crew: light cover, medium behind its shield when shot from the front (§5.9, §6.12). */
function gunCrewSources(report: SightReport, target: ModelFacts, ctx: Ow2Context): Source[] {
  if (target.def.category !== "gun") return [];
  const front = report.facing.hull.quadrant === "front";
  const source = hasShield(target)
    ? fromTable(
        ctx,
        front ? "gun-shield-front" : "gun-shield-other",
        `the crew of a shielded gun, shot from its ${front ? "front" : report.facing.hull.quadrant}`,
      )
    : fromTable(ctx, "gun-no-shield", "the crew of a gun without a shield");
  return source ? [source] : [];
}

/** The target's cover from this shooter, and every source of it, best first. */
export function coverOf(report: SightReport, ctx: Ow2Context): Cover {
  const target = requireModel(ctx, report.target);
  const sources = [
    ...areaSources(report, ctx),
    ...obstacleSources(report, ctx),
    ...occluderSources(report, ctx),
    ...nearbyVehicleSources(target, ctx),
    ...gunCrewSources(report, target, ctx),
  ];
  const partly = !sources.length && report.visibleFraction < 1 && report.visibleFraction > 0 ? fromTable(ctx, "partly-hidden", "partly hidden") : undefined;
  if (partly) sources.push(partly);
  if (hasProperty(ctx, target, "camouflage-net") && isVehicle(ctx, target) && report.visibleFraction <= 0.75)
    sources.push({ class: "light", key: "camouflage-net", reason: "light cover: a camouflage net and at least 25 % hidden" });
  return pick(sources);
}

/**
 * Cover where a model stands, whoever looks: the area it stands in and the vehicles next to it. For
 * models an area weapon lands on, where no line of fire decides (§8.1, §9).
 */
export function standingCover(ctx: Ow2Context, m: ModelFacts): Cover {
  return pick([...m.standsIn.flatMap((a) => areaSource(ctx, a.id, a.kind) ?? []), ...nearbyVehicleSources(m, ctx)]);
}

function pick(found: readonly Source[]): Cover {
  const sources = [...found].sort((a, b) => coverRank(b.class) - coverRank(a.class)).filter((s, i, all) => all.findIndex((t) => t.reason === s.reason) === i);
  const cls = sources.reduce<CoverClass>((best, s) => betterCover(best, s.class), "open");
  return {
    class: cls,
    sources: sources.length
      ? sources.map((s) => ({ reason: s.reason, rule: "§5.9", ...(s.sample ? { sample: s.sample } : {}) }))
      : [{ reason: "in the open: nothing hides or shelters it", rule: "§5.2" }],
    kinds: [...new Set(sources.map((s) => s.key))],
  };
}

/** The share of the target's body each occluder hides (visibleFraction split by blocked samples). */
export function hiddenShares(report: SightReport): Map<string, number> {
  const blocked = report.occluders.reduce((s, o) => s + o.samples, 0);
  const shares = new Map<string, number>();
  if (!blocked) return shares;
  for (const o of report.occluders) shares.set(o.id, (shares.get(o.id) ?? 0) + ((1 - report.visibleFraction) * o.samples) / blocked);
  return shares;
}

/** A vehicle is in cover for spotting when half hidden by terrain, or standing in woods or ruins (§5.14). */
export function vehicleInCoverForSpotting(report: SightReport, ctx: Ow2Context): Ruling | undefined {
  const target = requireModel(ctx, report.target);
  const byTerrain = [...hiddenShares(report)].filter(([id]) => !ctx.models.has(id)).reduce((s, [, share]) => s + share, 0);
  const needed = hasProperty(ctx, target, "camouflage-net") ? 0.25 : 0.5;
  if (byTerrain >= needed)
    return {
      reason: `${Math.round(byTerrain * 100)} % hidden by terrain (at least ${needed * 100} %${needed < 0.5 ? " with its camouflage net" : ""})`,
      rule: "§5.14",
    };
  const area = report.areas.find((a) => a.targetInside && (a.kind === "woods" || a.kind === "ruins"));
  return area && { reason: `it stands in ${area.kind === "ruins" ? "the ruin" : "the woods"} ${area.id}`, rule: "§5.14" };
}
