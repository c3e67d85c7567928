/**
 * The tests of the states (002 l.226, 232, 235–249): the Rally test a Suppressed model takes in its activation
 * (a 1 gives it a Bonus Move this turn), and the Morale test before a charge (failed: the bases lose their
 * Standard Action), of a crew whose vehicle is immobilised (failed: it abandons the vehicle) and of a unit that
 * lost a model (−1 for each killed "with −1 to the morale test", l.226). The sheet names these tests but gives no
 * number to roll against: d20 at or under Training plus the sample `procedures` table's modifier. They are the
 * system's actions (actions.ts); their dice stay in the action's record, each with its rule, which the game state
 * reads back (records.ts).
 */
import type { GameEvent } from "../../core/game/events";
import { movesIn, unitsById } from "../../core/game/models";
import { changesPosition, turnStart } from "../../core/game/state";
import { type ModelFacts, modelsNamed } from "../context";
import type { GameHistory, Modifier, RolledDie, Ruling } from "../ruleset";
import { hasMarker, MARKERS, sampleMark } from "./context";
import type { BgRef } from "./outcomes";
import { isVehicle, trainingOf } from "./profiles";
import { resolutions, resolvedOf } from "./records";
import type { BgCharge, BgLosses, MoraleCause } from "./types";

export const RALLY_RULE = "002 l.235–237";
export const MORALE_RULES: Readonly<Record<MoraleCause, string>> = {
  charge: "002 l.245–249",
  crew: "002 l.230–233",
  losses: "002 l.224–226",
};
/** The −1 to the morale test of a model killed by a survival roll of 20 (l.226), the sheet's own number. */
export const KILLED_MORALE_PENALTY = -1;
export const KILLED_WITH_MORALE = "killed; −1 to the morale test";

/** The tests of this turn's resolutions with `rule`: each die with the model it was rolled for. */
function testsThisTurn(events: readonly GameEvent[], rule: string): Array<Pick<RolledDie, "model" | "value" | "need">> {
  return resolutions(events).flatMap((r) => r.dice.filter((d) => d.rule === rule && d.purpose === "test"));
}

const passed = (d: Pick<RolledDie, "value" | "need">): boolean => d.need !== undefined && d.value <= d.need;

/** A model's rally this turn (l.236–237): a 1 gives it a Bonus Move, any other pass leaves it where it is. */
export function ralliedThisTurn(events: readonly GameEvent[], model: string): "bonus-move" | "stays" | undefined {
  const rally = testsThisTurn(events, RALLY_RULE).find((d) => d.model === model && passed(d));
  return rally && (rally.value === 1 ? "bonus-move" : "stays");
}

/**
 * A unit's charge this turn (l.245–253), from its last Morale test before a charge: passed or failed, the
 * unit it charges, and whether the unit has moved since (its charge move); undefined where it took none.
 */
export function chargeOf(events: readonly GameEvent[], unit: string, models: ReadonlySet<string>): BgCharge | undefined {
  let charge: BgCharge | undefined;
  for (const e of events.slice(turnStart(events))) {
    const r = resolvedOf(e);
    const test = r?.by === unit ? r.dice.filter((d) => d.rule === MORALE_RULES.charge && d.purpose === "test").at(-1) : undefined;
    if (test) charge = { morale: passed(test) ? "passed" : "failed", ...(r!.target !== undefined ? { target: r!.target } : {}) };
    else if (charge && !charge.moved && movesIn(e).some((m) => models.has(m.model) && changesPosition(m))) charge = { ...charge, moved: true };
  }
  return charge;
}

/** Pinned: −5 to every roll but Morale tests (l.239–240). */
const pinned = (b: BgRef, m: ModelFacts, morale: boolean): Modifier[] =>
  m.pinned && !morale
    ? [
        {
          value: b.ctx.tables["to-hit"].shooter.pinnedOrDamaged,
          reason: `${m.id} is Pinned: −5 to every roll but Morale tests`,
          rule: "002 l.239–240",
          roll: "test",
        },
      ]
    : [];

/** One d20 test at or under Training + the sample modifier + `mods`; says what it meant and returns whether it passed. */
function d20Test(
  b: BgRef,
  m: ModelFacts,
  what: string,
  base: number,
  mods: readonly Modifier[],
  rule: string,
): { value: number; passed: boolean; index: number } {
  const training = trainingOf(b.ctx, m);
  const need = training + base + mods.reduce((s, x) => s + x.value, 0);
  const value = b.ref.dice.roll(20, `${what} of ${m.id}`);
  const index = b.ref.lastRoll;
  const ok = value <= need;
  const build = [
    `Training ${training}`,
    ...(base ? [`${base >= 0 ? "+" : "−"} ${Math.abs(base)} (sample)`] : []),
    ...mods.map((x) => `${x.value >= 0 ? "+" : "−"} ${Math.abs(x.value)} (${x.reason})`),
  ];
  b.ref.explain(index, {
    purpose: "test",
    model: m.id,
    need,
    under: true,
    meaning: `${what} ${value} against ${need} (${build.join(" ")}; sample: the sheet names the test, not its number) → ${ok ? "passes" : "fails"}`,
    rule,
    ...sampleMark(b.ctx, "procedures"),
  });
  return { value, passed: ok, index };
}

/**
 * The Rally test of each Suppressed model of the unit (l.235–237): passed, Suppression comes off; a 1 also gives
 * a Bonus Move. The sheet lets the model try ("may only try", l.235–236) and does not make it: the player's
 * action, not a due one. Refused where no model of the unit is Suppressed.
 */
export function resolveRally(b: BgRef, unit: string): Ruling | undefined {
  const suppressed = modelsNamed(b.ctx, unit).filter((x) => hasMarker(x, MARKERS.suppressed));
  if (!suppressed.length) return { reason: `no model of ${unit} is Suppressed`, rule: RALLY_RULE };
  for (const m of suppressed) {
    const t = d20Test(b, m, "rally test", b.ctx.tables.procedures.rally.modifier, pinned(b, m, false), RALLY_RULE);
    const cause = { by: `${m.id}'s rally test`, rolls: [t.index] };
    if (t.passed) {
      b.ref.outcome(m.id, "cleared", MARKERS.suppressed, cause);
      b.ref.note(`${m.id} rallies${t.value === 1 ? " with a 1: it has a Bonus Move this turn" : ": Suppression removed, its activation spent"}`, RALLY_RULE, [
        t.index,
      ]);
    } else b.ref.outcome(m.id, "no-effect", "still Suppressed", cause);
  }
  return undefined;
}

/**
 * Each unit's models killed this turn, those killed "with −1 to the morale test" (l.226), and whether it took its
 * Morale test after the last of them: the casualties of the resolutions whose target was the unit or a model of
 * it still on the table (a removed model's unit is no longer on the table to ask).
 */
export function lossesThisTurn(history: GameHistory): Record<string, BgLosses> {
  const unitOf = unitsById(history.state.scenario);
  const losses: Record<string, BgLosses> = {};
  for (const r of resolutions(history.events)) {
    const tested = r.action === "morale-test" && r.dice.some((d) => d.rule === MORALE_RULES.losses) ? unitOf.get(r.by) : undefined;
    if (tested !== undefined && losses[tested]) losses[tested] = { ...losses[tested]!, tested: true };
    const unit = r.target === undefined ? undefined : unitOf.get(r.target);
    const dead = r.outcomes.filter((o) => o.effect === "casualty");
    if (unit === undefined || !dead.length) continue;
    const had = losses[unit] ?? { killed: 0, withMorale: 0, tested: false };
    losses[unit] = { killed: had.killed + dead.length, withMorale: had.withMorale + dead.filter((o) => o.detail === KILLED_WITH_MORALE).length, tested: false };
  }
  return losses;
}

/** Whether the crew of a vehicle took its Morale test since the vehicle was immobilised (l.232). */
export function crewTested(events: readonly GameEvent[], model: string): boolean {
  let tested = false;
  for (const r of resolutions(events, false)) {
    if (r.outcomes.some((o) => o.model === model && o.effect === "damaged" && o.detail === MARKERS.immobilised)) tested = false;
    if (r.dice.some((d) => d.rule === MORALE_RULES.crew && d.model === model)) tested = true;
  }
  return tested;
}

/**
 * The Morale test (l.226, 232, 245–249), by its cause: one for the unit before a charge ("the bases designated
 * take a morale test", l.247–248) and after losses, taken by its first model, its leader (sample reading: the
 * sheet does not say whose values); one for each vehicle's crew. Pinned does not count (l.240). Failed before a
 * charge: the bases lose their Standard Action (no charge); a crew abandons its vehicle; after losses the unit is
 * Pinned (sample: the sheet gives no result).
 */
export function resolveMorale(b: BgRef, unit: string, cause: MoraleCause): number {
  const rule = MORALE_RULES[cause];
  const members = modelsNamed(b.ctx, unit);
  const testers = cause === "crew" ? members.filter((m) => isVehicle(b.ctx, m)) : members.slice(0, 1);
  const killed = cause === "losses" ? (b.ctx.game.losses?.[unit]?.withMorale ?? 0) : 0;
  const mods: Modifier[] = killed
    ? [{ value: KILLED_MORALE_PENALTY * killed, reason: `${killed} model(s) killed with −1 to the morale test`, rule: "002 l.226", roll: "test" }]
    : [];
  const what = { charge: "morale test before a charge", crew: "morale test of the crew", losses: "morale test after losses" }[cause];
  for (const m of testers) {
    const t = d20Test(b, m, what, b.ctx.tables.procedures.morale.modifier, mods, rule);
    const by = { by: `${m.id}'s ${what}`, rolls: [t.index] };
    const bearers = cause === "crew" ? [m] : members;
    for (const x of bearers) {
      if (t.passed) b.ref.outcome(x.id, "no-effect", cause === "charge" ? "may charge" : "holds", by);
      else if (cause === "charge") b.ref.outcome(x.id, "no-effect", "loses its Standard Action: no charge", by);
      else if (cause === "crew") b.ref.outcome(x.id, "damaged", MARKERS.abandoned, by);
      else b.ref.outcome(x.id, "pinned", "pinned (failed morale, sample)", by);
    }
  }
  if (!testers.length) b.ref.note(`${unit} has no model to take the ${what}`, rule);
  return testers.length;
}
