/**
 * Display names: what a player reads for a unit, a model or a terrain feature. Ids stay the keys of the
 * data (and show in tooltips); everything a player sees says "Grenadiers 2 · rifleman 3" or "Hill 112".
 *
 * A name given in the scenario wins. Otherwise:
 * - a unit is its commonest model type and its number among the force's units of that type
 *   ("Panzergrenadier squad 2", "M4 Sherman 1");
 * - a model is its unit's name, then its type and number within the unit ("Grenadiers 2 · US rifleman 3");
 *   a unit's only model of a type has no number, and a one-model unit's model is called like the unit;
 * - a feature is its kind and number ("Building 3", "Tank traps 1");
 * - a force is its side ("Germany").
 */
import type { ModelCatalog } from "./modelDefinition";
import type { Scenario } from "./scenario/schema";

export interface DisplayNames {
  /** The display name of a unit, model or feature id; an id the scenario does not know is returned as it is. */
  of(id: string): string;
  /**
   * `text` (a ruling, a report line) with every whole-word id replaced by its display name. An id that is a
   * plain word ("ruin", "church") may be the word itself: after "the", "a" or "an" it is left alone
   * ("stands in the ruin ruin" → "stands in the ruin Ruined bakery").
   */
  inText(text: string): string;
  /** A model's name as read under its unit's heading: "Panzergrenadier 3" rather than "Grenadiers 2 · Panzergrenadier 3". */
  withinUnit(modelId: string, unitId: string): string;
}

/** A model definition's name without its equipment note: "US rifleman (M1 Garand)" → "US rifleman". */
export const typeName = (definitionName: string): string => definitionName.replace(/\s*\([^)]*\)\s*$/, "").trim() || definitionName;

/** "tankTraps" → "Tank traps". */
const kindName = (kind: string): string => {
  const words = kind.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function countOf<T>(counts: Map<T, number>, key: T): number {
  const n = (counts.get(key) ?? 0) + 1;
  counts.set(key, n);
  return n;
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) countOf(counts, v);
  return [...counts.entries()].reduce((best, e) => (e[1] > best[1] ? e : best))[0];
}

function nameTable(scenario: Scenario, catalog: ModelCatalog): Map<string, string> {
  const names = new Map<string, string>();
  const modelType = (definition: string) => typeName(catalog.get(definition)?.name ?? definition);
  const featureCounts = new Map<string, number>();
  for (const f of scenario.features) {
    const n = countOf(featureCounts, f.kind);
    names.set(f.id, f.name?.trim() || `${kindName(f.kind)} ${n}`);
  }
  for (const force of scenario.forces) {
    names.set(force.id, force.name.trim() || force.side);
    const unitCounts = new Map<string, number>();
    for (const unit of force.units) {
      const type = mostCommon(unit.models.map((m) => m.model));
      const def = catalog.get(type);
      const kind = def?.category === "infantry" ? `${modelType(type)} squad` : modelType(type);
      const unitName = unit.name.trim() || `${kind} ${countOf(unitCounts, kind)}`;
      names.set(unit.id, unitName);
      const perType = new Map<string, number>();
      for (const m of unit.models) perType.set(m.model, (perType.get(m.model) ?? 0) + 1);
      const numbered = new Map<string, number>();
      for (const m of unit.models) {
        const own = m.name?.trim();
        if (own) names.set(m.id, own);
        else if (unit.models.length === 1) names.set(m.id, unitName);
        else names.set(m.id, `${unitName} · ${modelType(m.model)}${perType.get(m.model)! > 1 ? ` ${countOf(numbered, m.model)}` : ""}`);
      }
    }
  }
  return names;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Names for the ids of `scenarios`, the first that knows an id winning: pass the game's starting scenario
 * first so a model keeps its number after a comrade falls, then the current one for models placed since.
 */
export function displayNames(scenarios: readonly Scenario[], catalog: ModelCatalog): DisplayNames {
  const names = new Map<string, string>();
  for (const scenario of [...scenarios].reverse()) for (const [id, name] of nameTable(scenario, catalog)) names.set(id, name);
  // Longest ids first, so "ger-sq1-m10" is not read as "ger-sq1-m1" followed by "0"; an id is a whole word
  // when no letter, digit, "-" or "_" touches it.
  const ids = [...names.keys()].sort((a, b) => b.length - a.length);
  const isWord = (id: string) => /^[a-z]+$/i.test(id);
  const matching = (list: string[], guard: string) => (list.length ? [`(?<![\\w-])${guard}(?:${list.map(escapeRegExp).join("|")})(?![\\w-])`] : []);
  const alternatives = [
    ...matching(
      ids.filter((id) => !isWord(id)),
      "",
    ),
    ...matching(ids.filter(isWord), "(?<!\\b(?:[Tt]he|[Aa]n?) )"),
  ];
  const pattern = alternatives.length ? new RegExp(alternatives.join("|"), "g") : undefined;
  const of = (id: string) => names.get(id) ?? id;
  return {
    of,
    inText: (text) => (pattern ? text.replace(pattern, (id) => names.get(id) ?? id) : text),
    withinUnit: (modelId, unitId) => {
      const prefix = `${of(unitId)} · `;
      const name = of(modelId);
      return name.startsWith(prefix) ? name.slice(prefix.length) : name;
    },
  };
}
