/**
 * The player's battlefields, kept in the browser (IndexedDB) apart from the autosave: saved from the table,
 * renamed, deleted, downloaded as scenario JSON, and played. Each is kept as the file text it downloads as,
 * so what comes back is exactly what was saved.
 */
import { createStore, del, get, set, values } from "idb-keyval";
import type { Scenario, ScenarioRuleset } from "../core/scenario/schema";
import type { BattlefieldChoice } from "./battlefields";

export interface SavedBattlefield {
  readonly id: string;
  readonly name: string;
  /** ISO time of the last save or rename. */
  readonly saved: string;
  /** The scenario file's text. */
  readonly text: string;
}

const store = () => createStore("hulldown-library", "battlefields");

/**
 * The scenario file of a table: pretty JSON, named as given, and saying which rule system it is laid out for
 * (a game on it starts under that one unless the player chooses another).
 */
export function scenarioFile(scenario: Scenario, name = scenario.name, ruleset: ScenarioRuleset | undefined = scenario.ruleset): string {
  return `${JSON.stringify({ ...scenario, name, ...(ruleset && { ruleset }) }, null, 2)}\n`;
}

export async function listBattlefields(): Promise<SavedBattlefield[]> {
  const all = await values<SavedBattlefield>(store());
  return all.sort((a, b) => b.saved.localeCompare(a.saved));
}

export async function saveBattlefield(scenario: Scenario, name: string, ruleset?: ScenarioRuleset): Promise<SavedBattlefield> {
  const entry: SavedBattlefield = {
    id: `bf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    name,
    saved: new Date().toISOString(),
    text: scenarioFile(scenario, name, ruleset),
  };
  await set(entry.id, entry, store());
  return entry;
}

/** Renames the entry and the battlefield inside it. */
export async function renameBattlefield(id: string, name: string): Promise<void> {
  const entry = await get<SavedBattlefield>(id, store());
  if (!entry) throw new Error(`no saved battlefield "${id}"`);
  const data = JSON.parse(entry.text) as Scenario;
  await set(id, { ...entry, name, saved: new Date().toISOString(), text: scenarioFile(data, name) }, store());
}

/** A saved battlefield as New game… offers it, beside the shipped ones. */
export const savedChoice = (entry: SavedBattlefield): BattlefieldChoice => ({
  id: `saved:${entry.id}`,
  name: entry.name,
  load: async () => JSON.parse(entry.text) as unknown,
});

export async function deleteBattlefield(id: string): Promise<void> {
  await del(id, store());
}

export const battlefieldFileName = (name: string): string =>
  `${
    name
      .replace(/[^\w-]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "battlefield"
  }.json`;
