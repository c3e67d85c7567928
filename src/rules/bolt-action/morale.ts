/**
 * Morale (001 l.40–52, l.110): a unit's morale by its quality (8, 9, 10), with the bonus of an officer of its
 * side (+1 to +4 by rank) where one stands near (the distance is the sample practice table's), the number order
 * tests and morale checks are rolled against (2D6, at most morale less one a pin: sample practice). Step 7 of
 * shooting is the target's morale check: due for a unit that has lost models since its last check and stands
 * at half its models or fewer (sample), taken by the shooting side as an action at it; failed, the unit is
 * destroyed and leaves the table.
 */
import type { Dice } from "../../core/dice";
import { inchesToCm } from "../../core/units";
import { modelsNamed, unitNamed } from "../context";
import type { ActionRequest, ActionResult, ActionSpec, DueAction } from "../ruleset";
import { type BaContext, pinsOn, sampleMark, unitGap, unitState } from "./context";
import { rollTest } from "./dice";
import { qualityOf } from "./profiles";
import { BaReferee } from "./referee";
import { TOLERANCE } from "./sight";

/** The best officer's bonus a unit has: its own rank, or a friendly officer's with a model within the practice distance. */
export function officerOf(ctx: BaContext, unitId: string): { bonus: number; officer?: string; rank?: string } {
  const unit = unitNamed(ctx, unitId);
  const within = inchesToCm(ctx.tables.practice.officerWithin) + TOLERANCE;
  let best: { bonus: number; officer?: string; rank?: string } = { bonus: 0 };
  for (const u of ctx.units.values()) {
    const bonus = u.rank === undefined ? undefined : ctx.tables.orders.officers[u.rank];
    if (bonus === undefined || u.side !== unit.side || !u.models.length || bonus <= best.bonus) continue;
    if (u.id === unit.id || unitGap(ctx, u.id, unit.id) <= within) best = { bonus, officer: u.id, rank: u.rank! };
  }
  return best;
}

/** The number a unit's order test or morale check must not pass (2D6 at most it), and how it is made up. */
export function moraleTarget(ctx: BaContext, unitId: string, test: "orderTest" | "moraleCheck", pins = pinsOn(ctx, unitId)): { target: number; what: string } {
  const quality = qualityOf(ctx, unitId).quality;
  const morale = ctx.tables.orders.morale[quality];
  const officer = officerOf(ctx, unitId);
  const target = morale + officer.bonus + ctx.tables.practice[test].perPin * pins;
  const parts = [
    `${quality} morale ${morale}`,
    ...(officer.bonus ? [`+${officer.bonus} ${officer.rank} ${officer.officer === unitId ? "(its own)" : `(${officer.officer})`}`] : []),
    ...(pins ? [`${pins} pin${pins === 1 ? "" : "s"}`] : []),
  ];
  return { target, what: parts.join(", ") };
}

export const MORALE_CHECK: ActionSpec = {
  id: "morale-check",
  name: "Morale check",
  rule: "001 l.110",
  summary: "Step 7 of shooting: a unit left at half its models or fewer tests its morale; failed, it is destroyed",
  phases: ["orders"],
  by: "side",
  target: "enemy-unit",
  asks: [],
};

/** What a morale check's action-taken event records: the unit and its losses when tested. */
export interface MoraleRecord {
  readonly check: "morale";
  readonly unit: string;
  readonly lost: number;
  readonly passed: boolean;
}

/** Whether the unit is at half its models or fewer, having lost some since its last check. */
function checkDue(ctx: BaContext, unitId: string): { now: number; start: number } | undefined {
  const state = unitState(ctx, unitId);
  const lost = state.lost ?? 0;
  const now = ctx.units.get(unitId)?.models.length ?? 0;
  if (lost === 0 || now === 0 || lost <= (state.moraleCheckedAt ?? 0)) return undefined;
  const start = now + lost;
  return now <= start * ctx.tables.practice.moraleAtHalf ? { now, start } : undefined;
}

/** The morale checks due: of the enemy units of `side` (each unit's where undefined), each taken by a side other than its own. */
export function dueMoraleChecks(ctx: BaContext, side: string | undefined): DueAction[] {
  const sides = [...new Set([...ctx.units.values()].map((u) => u.side))];
  return [...ctx.units.values()].flatMap((u) => {
    if (side === u.side) return [];
    const due = checkDue(ctx, u.id);
    const by = side ?? sides.find((s) => s !== u.side);
    if (!due || by === undefined) return [];
    return [
      {
        request: { action: MORALE_CHECK.id, side: by, target: u.id },
        why: {
          reason: `${u.id} has ${due.now} of its ${due.start} models left, half or fewer: it checks its morale`,
          rule: "001 l.110",
          ...sampleMark(ctx, "practice"),
        },
      },
    ];
  });
}

export function takeMoraleCheck(request: ActionRequest, dice: Dice, ctx: BaContext): ActionResult {
  const unitId = request.target!;
  const due = checkDue(ctx, unitId);
  if (!due)
    return {
      refused: [
        { reason: `${unitId} has lost no models since its last check, or stands at more than half its models: no morale check is due`, rule: "001 l.110" },
      ],
      rolls: [],
      outcomes: [],
      summary: `${unitId}: no morale check due`,
    };
  const ref = new BaReferee(ctx, dice);
  const { target, what } = moraleTarget(ctx, unitId, "moraleCheck");
  const models = modelsNamed(ctx, unitId);
  const test = rollTest(
    ref,
    ctx.tables.practice.moraleCheck.dice,
    target,
    `morale check of ${unitId} (${what})`,
    "001 l.110, §9",
    sampleMark(ctx, "practice"),
    models[0]?.id,
  );
  if (test.passed) ref.note(`${unitId} passes its morale check (${due.now} of ${due.start} models left)`, "001 l.110", test.rolls);
  else {
    for (const m of models)
      ref.outcome(m.id, "casualty", "fails its morale check: the unit is destroyed", { by: `the morale check of ${unitId}`, rolls: test.rolls });
    ref.note(`${unitId} fails its morale check: the unit is destroyed and leaves the table`, "001 l.110", test.rolls);
  }
  const record: MoraleRecord = { check: "morale", unit: unitId, lost: unitState(ctx, unitId).lost ?? 0, passed: test.passed };
  return {
    rolls: ref.rolls(),
    outcomes: ref.finalOutcomes(),
    units: ref.unitChanges(),
    summary: test.passed ? `${unitId} passes its morale check` : `${unitId} fails its morale check and is destroyed`,
    details: { record, dice: ref.rolledDice(), steps: ref.steps },
  };
}
