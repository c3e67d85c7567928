/**
 * Searchlights and flares, the night fighting options (000 l.1025–1035), each switched on by the players
 * (options `searchlights`, `flares`). A searchlight's unit lights an enemy unit it sees, spotted or not, with a
 * T(10): it is spotted with the day values, and every unit within 200 cm spots the searchlight's unit (l.1029). A
 * flare (mortars and pistols) lights the unit it is fired at on 7+; a miss scatters (l.1033: the scatter is the
 * player's, §9.2), and the flare is gone at the end of the turn (l.1033). Both light for the turn they are used in.
 */
import { modelsNamed } from "../context";
import type { ActionGeometry, Ruling } from "../ruleset";
import { type Ow2Context, unitState } from "./context";
import type { Referee } from "./referee";

/** A flare lands on its target on 7 or more (000 l.1033). */
export const FLARE_HITS_ON = 7;

/** Whether the target unit is lit this turn (a searchlight or a flare), or by the game's own state. */
export const isLit = (ctx: Ow2Context, unit: string): boolean => unitState(ctx, unit).illuminated ?? ctx.game.play?.lit?.[unit] !== undefined;

/** Whether the unit uses a searchlight this turn (spotted by every unit within 200 cm). */
export const usesSearchlight = (ctx: Ow2Context, unit: string): boolean =>
  unitState(ctx, unit).searchlight ?? ctx.game.play?.searchlights?.includes(unit) ?? false;

/** Why `unit` may not light `target` with `what` now, or undefined: night, the game's option, and sight of the target. */
export function lightingRefusal(
  ctx: Ow2Context,
  what: "searchlight" | "flare",
  unit: string,
  target: string,
  geometry: Pick<ActionGeometry, "sight"> | undefined,
): Ruling | undefined {
  const rule = what === "searchlight" ? "000 l.1029" : "000 l.1033";
  if (!ctx.night) return { reason: `a ${what} is used in night fighting`, rule: "000 l.1025" };
  if (!(what === "searchlight" ? ctx.options.searchlights : ctx.options.flares))
    return { reason: `${what}s are an optional rule this game does not switch on (Options)`, rule: "000 l.1009–1011, l.1025" };
  if (!geometry) return undefined;
  const sees = modelsNamed(ctx, unit).some((m) => modelsNamed(ctx, target).some((t) => geometry.sight({ shooter: m.id, target: t.id }).anyVisible));
  // A flare may go at a unit out of sight when a friend who sees it passes its position (l.1033): the player's word.
  if (!sees && what === "searchlight") return { reason: `no model of ${unit} sees ${target}: the searchlight lights a unit in sight`, rule };
  return undefined;
}

/** A flare fired at `target`: 7+ lights it, else it scatters (placed by the player). */
export function fireFlare(ref: Referee, unit: string, target: string): { hit: boolean; ruling: Ruling } {
  const value = ref.roll(`flare: ${unit} at ${target} (${FLARE_HITS_ON}+)`);
  const hit = value >= FLARE_HITS_ON;
  ref.explain(ref.lastRoll, {
    purpose: "to-hit",
    need: FLARE_HITS_ON,
    meaning: `flare ${FLARE_HITS_ON}+ → ${hit ? "on target" : "scatters"}`,
    rule: "000 l.1033",
  });
  return {
    hit,
    ruling: hit
      ? { reason: `${value}: the flare's T(10) lands on ${target}: every unit under it is spotted with the day values this turn`, rule: "000 l.1033" }
      : { reason: `${value}: the flare scatters (place its T(10) by the scatter rules); units under it are lit`, rule: "000 l.1033, §9.2" },
  };
}
