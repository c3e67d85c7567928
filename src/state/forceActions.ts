/**
 * The battlefield editor's actions on forces: lay out a unit from the rule system's presets where the player
 * clicked (each model on the nearest free spot), edit a model, rename a unit or give it to another side,
 * delete. Each is one command in the game log, so one undo.
 */
import { modelFootprint } from "../core/battlefield";
import { freeId } from "../core/edit/newFeatures";
import { footprintBounds } from "../core/footprint";
import { type Formation, formationOffsets, laidOut } from "../core/formation";
import type { ModelChanges, Placement, UnitFieldChanges } from "../core/game/events";
import { type Body, bodyOf, nearestFreeSpot, tableBodies } from "../core/placement";
import type { Model, Scenario } from "../core/scenario/schema";
import type { UnitField } from "../rules/questions";
import { rulesetById } from "../rules/registry";
import type { UnitPreset } from "../rules/ruleset";
import { useGame } from "./game";

/** Space between models of a new unit beyond their own size (cm): well inside any system's coherency. */
const GAP = 1.5;

/** The unit presets of the game's rule system. */
export function unitPresets(): readonly UnitPreset[] {
  return rulesetById(useGame.getState().log.header.ruleset.id)?.unitPresets ?? [];
}

/** The unit fields the game's rule system reads (its quality, an officer's rank), which the editor sets per unit. */
export function unitFields(): readonly UnitField[] {
  return rulesetById(useGame.getState().log.header.ruleset.id)?.unitFields ?? [];
}

/** The force id a side's new units join: the side's first force, else a new one named after it. */
export function forceForSide(scenario: Scenario, side: string): string {
  return scenario.forces.find((f) => f.side === side)?.id ?? `force-${side.toLowerCase().replace(/[^a-z0-9]+/g, "-") || "side"}`;
}

/** A unit left unnamed is called after its preset and a number the game has not used: "Bazooka team 2". */
function presetUnitName(everPlaced: Scenario, preset: UnitPreset): string {
  const prefix = `${preset.name} `;
  const used = everPlaced.forces.flatMap((f) => f.units.map((u) => u.name)).filter((n) => n.startsWith(prefix));
  const numbers = used.map((n) => Number(n.slice(prefix.length))).filter(Number.isInteger);
  return `${prefix}${Math.max(0, ...numbers) + 1}`;
}

export interface UnitRequest {
  readonly preset: UnitPreset;
  readonly side: string;
  /** Blank: the preset's name and a number. */
  readonly name: string;
  readonly formation: Formation;
  /** Where the player clicked: the ground, or a building floor. */
  readonly at: Placement;
}

/**
 * Lays the unit out around the click, each model moved to the nearest spot where it stands free of walls,
 * buildings and other models; refused with a message when one finds no room.
 */
export function placeUnit(request: UnitRequest): boolean {
  const { battlefield, everPlaced, perform, notify } = useGame.getState();
  const { scenario, catalog } = battlefield;
  if (!request.side.trim()) {
    notify("error", "Give the new unit a side in the Forces panel first.");
    return false;
  }
  const defs = request.preset.models.map((id) => catalog.get(id));
  const missing = request.preset.models.find((_, i) => !defs[i]);
  if (missing) {
    notify("error", `${request.preset.name} needs model "${missing}", which this table's catalog does not have`);
    return false;
  }
  // An id the game never used, so a log line about a unit that left never names this one.
  const unitId = freeId(everPlaced, request.preset.id);
  const size = Math.max(
    ...defs.map((def) => {
      const [x0, z0, x1, z1] = footprintBounds(modelFootprint(def!, { id: "", model: def!.id, position: [0, 0], heading: 0, turretHeading: 0 }));
      return Math.max(x1 - x0, z1 - z0);
    }),
  );
  const spots = laidOut(request.at.position, request.at.heading, formationOffsets(defs.length, size + GAP, request.formation));
  const others: Body[] = tableBodies(battlefield);
  const models: Model[] = [];
  for (const [i, def] of defs.entries()) {
    const wanted: Model = {
      id: `${unitId}-${i + 1}`,
      model: def!.id,
      position: [spots[i]![0], spots[i]![1]],
      heading: request.at.heading,
      turretHeading: 0,
      ...(request.at.floor ? { floor: request.at.floor } : {}),
    };
    const model = nearestFreeSpot(battlefield, def!, wanted, others);
    if (!model) {
      notify("error", `No room for ${request.preset.name} here: ${def!.name} finds no free spot near the click`);
      return false;
    }
    models.push(model);
    others.push(bodyOf(def!, model));
  }
  const name = request.name.trim() || presetUnitName(everPlaced, request.preset);
  return perform({ type: "place-unit", force: forceForSide(scenario, request.side), side: request.side, unit: { id: unitId, name, models } });
}

export function editModel(model: string, changes: ModelChanges): boolean {
  return useGame.getState().perform({ type: "edit-model", model, changes });
}

export function editUnit(unit: string, patch: { name?: string; force?: string; fields?: UnitFieldChanges }): boolean {
  return useGame.getState().perform({ type: "edit-unit", unit, ...patch });
}

export function removeUnit(unit: string): boolean {
  return useGame.getState().perform({ type: "remove-unit", unit });
}

export function removeModel(model: string): boolean {
  return useGame.getState().perform({ type: "remove-model", model, cause: "deleted in the editor" });
}
