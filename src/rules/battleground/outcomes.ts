/**
 * Hit effects as states on the table (§7, §8): a result of the effects table becomes the game log's
 * outcomes (killed, destroyed, pinned, markers for Suppressed, Immobilised, wounded), a second Pin
 * becomes Suppression, and a destroyed vehicle's occupants test their survival.
 */
import type { SmokeCloud } from "../../core/game/events";
import type { Cause, DiceReferee } from "../referee";
import { type BgContext, hasMarker, MARKERS, modelState, sampleMark } from "./context";
import { hitEffect, survivalResult, type TableHalf } from "./effects";
import type { HitEffect } from "./tables";

/** One resolution's referee with the game's rules context, and who was pinned during it. */
export interface BgRef {
  readonly ref: DiceReferee;
  readonly ctx: BgContext;
  readonly pinnedNow: Set<string>;
  /** "model|marker" left during this resolution, so a state is marked once. */
  readonly marked: Set<string>;
  /** Smoke clouds the resolution's smoke rounds leave on the table (§4). */
  readonly clouds: SmokeCloud[];
}

/** Leaves a marker on a model once: a state it already has (on the table or from this resolution) is said, not repeated. */
function mark(b: BgRef, model: string, marker: string, cause: Cause): void {
  const m = b.ctx.models.get(model);
  const key = `${model}|${marker}`;
  if ((m && hasMarker(m, marker)) || b.marked.has(key)) b.ref.outcome(model, "no-effect", `already ${marker}`, cause);
  else {
    b.marked.add(key);
    b.ref.outcome(model, "damaged", marker, cause);
  }
}

const SURVIVAL_WORDS = {
  "evacuates-with-bonus-action": "evacuates with a bonus action",
  evacuates: "evacuates away from the threat",
  "evacuates-suppressed": "evacuates away from the threat, Suppressed",
  killed: "killed",
  "killed-morale": "killed; −1 to the morale test",
} as const;

const suppress = (b: BgRef, model: string, cause: Cause): void => mark(b, model, MARKERS.suppressed, cause);

/** Applies one result of the effects table to a model. */
export function applyHitEffect(b: BgRef, model: string, effect: HitEffect, cause: Cause): void {
  const m = b.ctx.models.get(model);
  switch (effect) {
    case "no-effect":
      b.ref.outcome(model, "no-effect", "no effect", cause);
      return;
    case "killed":
      b.ref.outcome(model, "casualty", "killed", cause);
      return;
    case "destroyed":
      b.ref.outcome(model, "destroyed", "destroyed", cause);
      survival(b, model);
      return;
    case "wounded":
      if (b.ctx.options.infantryColumnTwo === "out-of-action") b.ref.outcome(model, "casualty", "wounded, out of action", cause);
      else {
        mark(b, model, MARKERS.wounded, cause);
        suppress(b, model, cause);
      }
      return;
    case "immobilised-suppressed":
      mark(b, model, MARKERS.immobilised, cause);
      suppress(b, model, cause);
      b.ref.note(`${model} is immobilised to the end of the game and Suppressed: its crew takes a Morale test whether they abandon it`, "§8", cause.rolls);
      return;
    case "suppressed":
      suppress(b, model, cause);
      return;
    case "pinned":
      // A further Pin on a Pinned model turns into Suppression (§8).
      if ((m?.pinned ?? false) || b.pinnedNow.has(model)) {
        b.ref.note(`${model} was already Pinned: the further Pin makes it Suppressed`, "§8", cause.rolls);
        suppress(b, model, cause);
      } else {
        b.pinnedNow.add(model);
        b.ref.outcome(model, "pinned", "pinned", cause);
      }
      return;
  }
}

/** §7: every occupant of a destroyed vehicle or building tests its survival. */
function survival(b: BgRef, destroyed: string): void {
  for (const occupant of modelState(b.ctx, destroyed).occupants ?? []) {
    const value = b.ref.dice.roll(20, `survival of ${occupant} in ${destroyed}`);
    const index = b.ref.lastRoll;
    const result = survivalResult(b.ctx, value);
    b.ref.explain(index, { purpose: "save", model: occupant, meaning: `survival ${value}: ${SURVIVAL_WORDS[result]}`, rule: "§7" });
    const cause = { by: `the destruction of ${destroyed}`, rolls: [index] };
    if (result === "killed" || result === "killed-morale") b.ref.outcome(occupant, "casualty", SURVIVAL_WORDS[result], cause);
    else if (result === "evacuates-suppressed") suppress(b, occupant, cause);
    else b.ref.outcome(occupant, "no-effect", SURVIVAL_WORDS[result], cause);
  }
}

/** One roll on the effects table: impact, d20, the row and column read, and the result applied. */
export function effectRoll(b: BgRef, model: string, half: TableHalf, impact: number, build: string, by: string, extraRolls: readonly number[] = []): void {
  const value = b.ref.dice.roll(20, `effect roll on ${model}`);
  const index = b.ref.lastRoll;
  const found = hitEffect(b.ctx, half, impact, value);
  const columnWord = `${half} row ${found.row}, column ${found.column}`;
  const mapping = sampleMark(b.ctx, "effect-columns");
  b.ref.explain(index, {
    purpose: "damage",
    model,
    total: impact,
    meaning: found.beyondTable
      ? `impact ${impact} (${build}) is above the table: ${found.effect} (option)`
      : `impact ${impact} (${build}), d20 ${value}: ${columnWord} → ${found.effect}`,
    rule: "§10",
    ...mapping,
  });
  applyHitEffect(b, model, found.effect, { by, rolls: [...extraRolls, index] });
}
