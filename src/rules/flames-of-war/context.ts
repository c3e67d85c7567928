/**
 * Everything Flames of War's functions read besides the sight reports: the table, the options, the tables
 * (with their sample marks), the game state, and each model's team profile and area memberships.
 */

import type { Vec2 } from "../../core/geometry2d";
import { footprintShareInside } from "../../sight/membership";
import type { ModelFacts, RulesContext } from "../context";
import { type SystemContext, type SystemSetup, systemContext } from "../systemContext";
import { DEFAULT_OPTIONS, type FowOptions } from "./options";
import { FOW_TABLES, type FowTableData, type TableId, type TeamProfile, type WeaponProfile } from "./tables";
import { BAILED_OUT, type FowGameState, type FowModelState, type TeamNote, type Training } from "./types";

/** An area feature and the share of a model's footprint inside it. */
export interface AreaMembership {
  readonly id: string;
  readonly share: number;
}

export interface FowContext extends SystemContext<FowOptions, FowTableData, TableId, FowGameState> {
  /** Per model, the area features covering any of its footprint (G10). */
  readonly memberships: ReadonlyMap<string, readonly AreaMembership[]>;
}

export type FowSetup = SystemSetup<FowOptions, FowTableData, FowGameState>;

/** The plan outline of an area feature a model can be in: woods, crops, a building. */
function areaOutline(feature: RulesContext["terrain"] extends ReadonlyMap<string, infer F> ? F : never): readonly Vec2[] | undefined {
  if (feature.kind === "woods" || feature.kind === "crops") return feature.outline;
  if (feature.kind === "building") return feature.footprint;
  return undefined;
}

/** Per model, the share of its footprint inside each area feature it overlaps (G10). */
function areaMemberships(table: RulesContext): Map<string, AreaMembership[]> {
  const outlines = [...table.terrain.values()].flatMap((f) => {
    const outline = areaOutline(f);
    return outline ? [{ id: f.id, outline }] : [];
  });
  const memberships = new Map<string, AreaMembership[]>();
  for (const model of table.models.values()) {
    const shares = outlines.map((a) => ({ id: a.id, share: footprintShareInside(model.footprint, a.outline) })).filter((m) => m.share > 0);
    if (shares.length) memberships.set(model.id, shares);
  }
  return memberships;
}

export function fowContext(table: RulesContext, setup: FowSetup = {}): FowContext {
  return { ...systemContext(table, { options: DEFAULT_OPTIONS, tables: FOW_TABLES }, setup), memberships: areaMemberships(table) };
}

export { sampleMark } from "../systemContext";

/** A drag's rounding (cm): a move a hair past its Tactical distance is still within it. */
export const MOVE_TOLERANCE = 0.05;

/**
 * What a model did in its side's latest player turn; At Double, where not declared, from how far it moved in
 * the Movement Step against its team's Tactical distance (§5.1).
 */
export function modelState(ctx: FowContext, id: string): FowModelState {
  const state = ctx.game.models?.[id] ?? {};
  const model = ctx.models.get(id);
  if (state.atDouble !== undefined || state.distance === undefined || !model) return state;
  return { ...state, atDouble: state.distance > ctx.tables.movement.rates[teamOf(ctx, model).type].tactical + MOVE_TOLERANCE };
}

export function teamOf(ctx: FowContext, model: ModelFacts): TeamProfile {
  const team = ctx.tables.teams[model.def.id];
  if (!team)
    throw new Error(
      `Flames of War has no stat line for model "${model.id}" (${model.def.id}); add it to the teams table (known: ${Object.keys(ctx.tables.teams).join(", ")})`,
    );
  return team;
}

export const hasNote = (team: TeamProfile, note: TeamNote): boolean => team.notes.includes(note);

export function trainingOf(ctx: FowContext, model: ModelFacts): Training {
  return ctx.game.units?.[model.unitId]?.training ?? teamOf(ctx, model).training;
}

export interface ResolvedWeapon extends WeaponProfile {
  /** The model definition's weapon id. */
  readonly mount: string;
  /** The small-arms or weapons table id. */
  readonly id: string;
  readonly table: "small-arms" | "weapons";
}

export function weaponProfile(ctx: FowContext, model: ModelFacts, mount: string): ResolvedWeapon | undefined {
  const id = teamOf(ctx, model).weapons[mount];
  if (id === undefined) return undefined;
  const smallArm = ctx.tables["small-arms"][id];
  if (smallArm) return { ...smallArm, mount, id, table: "small-arms" };
  const weapon = ctx.tables.weapons[id];
  return weapon ? { ...weapon, mount, id, table: "weapons" } : undefined;
}

/** The weapon a team fires unless told otherwise: its stat line's primary weapon, else its first. */
export function mainWeapon(ctx: FowContext, model: ModelFacts): ResolvedWeapon | undefined {
  const team = teamOf(ctx, model);
  const mount = team.primary ?? Object.keys(team.weapons)[0];
  return mount === undefined ? undefined : weaponProfile(ctx, model, mount);
}

export const isArmoured = (team: TeamProfile): boolean => team.type === "tank" || team.type === "armoured-transport";
export const isVehicle = (team: TeamProfile): boolean => isArmoured(team) || team.type === "unarmoured-vehicle";
export const isBailedOut = (model: ModelFacts): boolean => model.markers.includes(BAILED_OUT);
