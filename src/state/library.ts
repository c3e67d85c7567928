/**
 * The player's battlefields, kept in the browser (IndexedDB) apart from the autosave: saved from the table,
 * renamed, deleted, downloaded as scenario JSON, and played. Each is kept as the file text it downloads as,
 * so what comes back is exactly what was saved.
 */
import { createStore, del, get, set, values } from "idb-keyval";
import type { Scenario } from "../core/scenario/schema";

export interface SavedBattlefield {
  readonly id: string;
  readonly name: string;
  /** ISO time of the last save or rename. */
  readonly saved: string;
  /** The scenario file's text. */
  readonly text: string;
}

const store = () => createStore("hulldown-library", "battlefields");

/** The scenario file of a table: pretty JSON, named as given. */
export function scenarioFile(scenario: Scenario, name = scenario.name): string {
  return `${JSON.stringify({ ...scenario, name }, null, 2)}\n`;
}

export async function listBattlefields(): Promise<SavedBattlefield[]> {
  const all = await values<SavedBattlefield>(store());
  return all.sort((a, b) => b.saved.localeCompare(a.saved));
}

export async function saveBattlefield(scenario: Scenario, name: string): Promise<SavedBattlefield> {
  const entry: SavedBattlefield = {
    id: `bf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    name,
    saved: new Date().toISOString(),
    text: scenarioFile(scenario, name),
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
