/**
 * What rules know about the table besides sight lines: who the models are (definition, unit, side), where
 * they stand (footprint, floor, the areas they stand in), and what has happened to them (pinned, damage
 * markers from the game state). Built once per table state by the caller; rulesets add their own state
 * (orders, exposed crews…) on top.
 */
import { type Battlefield, modelFootprint, modelPose, wreckFootprint } from "../core/battlefield";
import type { Footprint } from "../core/footprint";
import type { ModelStatus } from "../core/game/state";
import type { Vec2 } from "../core/geometry2d";
import type { ModelDefinition } from "../core/modelDefinition";
import type { Feature } from "../core/scenario/schema";
import { areaPrisms, standsIn } from "../sight/areas";
import type { AreaKind } from "../sight/sightReport";

export interface ModelFacts {
  readonly id: string;
  readonly unitId: string;
  readonly side: string;
  readonly def: ModelDefinition;
  readonly position: Vec2;
  readonly heading: number;
  readonly footprint: Footprint;
  /** Height of its feet above the table (ground, hill or floor). */
  readonly feetY: number;
  readonly floor?: { readonly building: string; readonly level: number };
  readonly pinned: boolean;
  /** Damage markers the rule system left on it ("immobilised", "main weapon destroyed"…). */
  readonly markers: readonly string[];
  /** Area features it stands in. */
  readonly standsIn: ReadonlyArray<{ readonly id: string; readonly kind: AreaKind }>;
}

export interface UnitFacts {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly models: readonly string[];
  /** The battlefield's word for the troops' quality and an officer's rank, which the rule system reads (Unit.quality, Unit.rank). */
  readonly quality?: string;
  readonly rank?: string;
}

export interface RulesContext {
  readonly models: ReadonlyMap<string, ModelFacts>;
  readonly units: ReadonlyMap<string, UnitFacts>;
  readonly terrain: ReadonlyMap<string, Feature>;
  /** Each wreck's hull in plan, by feature id: rules that ask whether a model touches one (cover behind a wreck). */
  readonly wrecks: ReadonlyMap<string, Footprint>;
  readonly table: { readonly width: number; readonly depth: number };
  /** Game turn, from 1. */
  readonly turn: number;
  readonly night: boolean;
}

export interface TableContextOptions {
  /** Per-model status from the game state (state.status). */
  readonly status?: Readonly<Record<string, ModelStatus>>;
  readonly turn?: number;
  readonly night?: boolean;
}

/** The rules' view of a battlefield as it stands now. */
export function tableContext(battlefield: Battlefield, options: TableContextOptions = {}): RulesContext {
  const prisms = areaPrisms(battlefield);
  const models = new Map<string, ModelFacts>();
  const units = new Map<string, UnitFacts>();
  for (const force of battlefield.scenario.forces) {
    for (const unit of force.units)
      units.set(unit.id, {
        id: unit.id,
        name: unit.name,
        side: force.side,
        models: unit.models.map((m) => m.id),
        ...(unit.quality !== undefined && { quality: unit.quality }),
        ...(unit.rank !== undefined && { rank: unit.rank }),
      });
  }
  for (const entry of battlefield.models.values()) {
    const { model, def } = entry;
    const feetY = modelPose(battlefield, model, def).y;
    const status = options.status?.[model.id];
    models.set(model.id, {
      id: model.id,
      unitId: entry.unitId,
      side: entry.side,
      def,
      position: model.position,
      heading: model.heading,
      footprint: modelFootprint(def, model),
      feetY,
      ...(model.floor ? { floor: model.floor } : {}),
      pinned: status?.pinned ?? false,
      markers: status?.markers ?? [],
      standsIn: prisms.filter((p) => standsIn(p, feetY, model.position)).map((p) => ({ id: p.id, kind: p.kind })),
    });
  }
  return {
    models,
    units,
    terrain: new Map(battlefield.scenario.features.map((f) => [f.id, f])),
    wrecks: new Map(
      battlefield.scenario.features.flatMap((f) => {
        const hull = f.kind === "wreck" ? wreckFootprint(f, battlefield.catalog) : undefined;
        return hull ? [[f.id, hull] as const] : [];
      }),
    ),
    table: battlefield.scenario.table,
    turn: options.turn ?? 1,
    night: options.night ?? false,
  };
}

export function requireModel(context: RulesContext, id: string): ModelFacts {
  const m = context.models.get(id);
  if (!m) throw new Error(`no model "${id}" on the table`);
  return m;
}

/** The models a declaration's id names: a unit's models, or the one model. */
export function modelsNamed(context: RulesContext, id: string): ModelFacts[] {
  const unit = context.units.get(id);
  if (unit) return unit.models.flatMap((m) => context.models.get(m) ?? []);
  return [requireModel(context, id)];
}

/** The unit a declaration's id names (the model's unit for a model id). */
export function unitNamed(context: RulesContext, id: string): UnitFacts {
  const unit = context.units.get(id) ?? context.units.get(requireModel(context, id).unitId);
  if (!unit) throw new Error(`no unit "${id}" on the table`);
  return unit;
}
