/**
 * Battleground WWII's own actions (Ruleset.actions), taken through the Actions panel and carried out by the
 * rules: the Rally test of a Suppressed unit (002 l.235–237); a Charge, the Morale test of every base designated
 * (l.245–249) before it moves into contact; Close combat, once in contact (l.251–286); the Morale tests of a crew
 * whose vehicle is immobilised (l.232) and of a unit that lost a model (l.226); the immobilisation or unbogging
 * test (l.23–57); clearing a jam (l.137); Pinned lifted when an activation is over (l.240–241). What the rules
 * require now is `due`: Pinned lifted, an immobilisation test after a move through #, a crew's and a unit's
 * Morale test.
 */
import type { Dice } from "../../core/dice";
import { inchesToCm } from "../../core/units";
import { modelsNamed, unitNamed } from "../context";
import type { Question } from "../questions";
import { DiceReferee } from "../referee";
import {
  type ActionGeometry,
  type ActionRequest,
  type ActionResult,
  type ActionSpec,
  type DueAction,
  diceSamples,
  type Ruling,
  refusedAction,
  uniqueSampleTables,
} from "../ruleset";
import { actionRefusal, pinsLapsing } from "./activation";
import { immobilisationDue } from "./bogging";
import { resolveCloseCombat } from "./closeCombat";
import { type BgContext, hasMarker, MARKERS, modelState } from "./context";
import { fireVerdict, sightRequests } from "./fire";
import type { BgRef } from "./outcomes";
import { isVehicle } from "./profiles";
import type { ActionDetails } from "./records";
import { MORALE_RULES, RALLY_RULE, resolveMorale, resolveRally } from "./states";
import { resolveClearJam, resolveImmobilisation } from "./tests";
import type { BgFireDeclaration, ImmobilisationDeclaration, MoraleCause } from "./types";

const ACTIVATIONS = ["activations"];
const PIN_LAPSE = "pin-lapse";
/** A charge reaches what one full move does (l.252–253): an infantry move action's 6 MP, 1" each (sample), centre to centre. */
const CHARGE_REACH = inchesToCm(6);
const PIN_RULE = "002 l.240–241";
/** Tests the rules call for whenever they fall due, the turn's end included (activation.ts REACTIONS). */
const ANY_STEP = ["activations", "end"];

const flag = (id: string, label: string): Question => ({ id, kind: "flag", label, rule: "§2", default: false });

const IMMOBILISATION_ASKS: readonly Question[] = [
  {
    id: "situation",
    kind: "choice",
    label: "Test of",
    rule: "§2",
    default: "as-moved",
    choices: [
      { value: "as-moved", label: "the ground it drove through (woods or other #)" },
      { value: "terrain", label: "terrain marked #" },
      { value: "woods", label: "woods" },
      { value: "overrun", label: "overrunning an enemy" },
      { value: "ram", label: "ramming a vehicle or building" },
    ],
  },
  flag("towing", "towing artillery or a trailer"),
  flag("heightChange", "a change of height"),
  flag("reverse", "moving backwards"),
  flag("streamOrDitch", "entering or leaving a stream or ditch"),
  flag("wire", "through wire"),
  flag("snowOrMud", "deep snow or mud"),
  { id: "otherClass", kind: "number", label: "Class of the enemy overrun or object rammed", rule: "§2", min: 0, max: 10, step: 1, default: 0 },
  { id: "buildingOv", kind: "number", label: "OV of a collapsed building's material", rule: "§2", min: 0, max: 20, step: 1, default: 0 },
];

export const BG_ACTIONS: readonly ActionSpec[] = [
  {
    id: "rally",
    name: "Rally test",
    rule: RALLY_RULE,
    summary:
      "A Suppressed model's only action in its activation, the player's to try (the sheet does not make it): a pass removes Suppression, a 1 also gives a Bonus Move (sample: d20 ≤ Training)",
    phases: ACTIVATIONS,
    by: "unit",
    asks: [],
    tried: { when: "before-move" },
  },
  {
    id: "charge",
    name: "Charge",
    rule: MORALE_RULES.charge,
    summary: "The bases designated take a Morale test (sample: d20 ≤ Training): passed, they move into contact; failed, they lose their Standard Action",
    phases: ACTIVATIONS,
    by: "unit",
    target: "enemy-unit",
    asks: [],
    tried: { when: "before-move", within: CHARGE_REACH },
  },
  {
    id: "close-combat",
    name: "Close combat",
    rule: "002 l.244–286",
    summary: "The charging bases in contact fight: d20 + Close Combat and modifiers each side, or a strike at a vehicle's top armour",
    phases: ACTIVATIONS,
    by: "unit",
    target: "enemy-unit",
    asks: [{ id: "toImmobilise", kind: "flag", label: "attack to immobilise (a vehicle)", rule: "§9.3", default: false }],
    tried: { when: "after-move", within: CHARGE_REACH },
  },
  {
    id: "morale-test",
    name: "Morale test",
    rule: "002 l.226, 232",
    summary: "The crew of an immobilised vehicle (failed: they abandon it) or a unit that lost a model (failed: Pinned, sample) tests its morale",
    phases: ANY_STEP,
    by: "unit",
    sides: "any",
    asks: [
      {
        id: "cause",
        kind: "choice",
        label: "Test for",
        rule: "§7, §8",
        default: "losses",
        choices: [
          { value: "losses", label: "losses (a model killed)" },
          { value: "crew", label: "the crew of an immobilised vehicle" },
        ],
      },
    ],
  },
  {
    id: "immobilisation-test",
    name: "Immobilisation / unbogging test",
    rule: "002 l.23–57",
    summary: "d20 ≤ 2 × Training with the sheet's modifiers: failed, the vehicle bogs down; a bogged-down vehicle's test is its unbogging test",
    phases: ANY_STEP,
    by: "unit",
    asks: IMMOBILISATION_ASKS,
  },
  {
    id: PIN_LAPSE,
    name: "Pinned lifts",
    rule: PIN_RULE,
    summary:
      "Pinned is removed once the unit's activation is over: due as the turn's steps show it ended (in free play, taken when the players' activation ends)",
    phases: ANY_STEP,
    by: "unit",
    sides: "any",
    asks: [],
  },
  {
    id: "clear-jam",
    name: "Clear a jam",
    rule: "002 l.137",
    summary: "Clears the unit's jammed weapons (sample: d20 ≤ Training)",
    phases: ACTIVATIONS,
    by: "unit",
    asks: [],
  },
];

function immobilisationOf(answers: ActionRequest["answers"] = {}): ImmobilisationDeclaration | undefined {
  const situation = answers.situation ?? "as-moved";
  if (situation === "as-moved") return undefined;
  const conditions = (["towing", "heightChange", "reverse", "streamOrDitch", "wire", "snowOrMud"] as const).filter((c) => answers[c] === true);
  return {
    situation: situation as ImmobilisationDeclaration["situation"],
    ...(conditions.length ? { conditions } : {}),
    ...(typeof answers.otherClass === "number" && answers.otherClass ? { otherClass: answers.otherClass } : {}),
    ...(typeof answers.buildingOv === "number" && answers.buildingOv ? { buildingOv: answers.buildingOv } : {}),
  };
}

/** Close combat judged as a shot of the unit at its target, its sight lines measured now. */
function closeCombat(b: BgRef, request: ActionRequest, geometry: ActionGeometry): readonly Ruling[] | undefined {
  const declaration: BgFireDeclaration = {
    shooter: request.unit!,
    target: request.target!,
    action: "close-combat",
    ...(request.answers?.toImmobilise === true ? { toImmobilise: true } : {}),
  };
  const verdict = fireVerdict(declaration, sightRequests(declaration, b.ctx).map(geometry.sight), b.ctx);
  if (!verdict.valid) return verdict.rulings;
  resolveCloseCombat(b, verdict);
  return undefined;
}

/**
 * Pinned lifted from the unit's models (l.240–241): those whose activation the turn's steps show over; in free
 * play every Pinned model of the unit (the players say when its activation ended). Refused where none lapses.
 */
function liftPins(b: BgRef, unit: string): Ruling | undefined {
  const lifted = b.ctx.game.activations ? (pinsLapsing(b.ctx).get(unit) ?? []) : modelsNamed(b.ctx, unit).filter((m) => m.pinned);
  if (!lifted.length) return { reason: `no model of ${unit} is Pinned${b.ctx.game.activations ? " past the end of its activation" : ""}`, rule: PIN_RULE };
  for (const m of lifted) b.ref.outcome(m.id, "unpinned", "Pinned lifted: its activation is over", { by: `the end of ${unit}'s activation`, rolls: [] });
  b.ref.note(`${unit}'s activation is over: Pinned is removed from ${lifted.map((m) => m.id).join(", ")}`, PIN_RULE);
  return undefined;
}

export function takeAction(request: ActionRequest, dice: Dice, ctx: BgContext, geometry: ActionGeometry): ActionResult {
  const spec = BG_ACTIONS.find((a) => a.id === request.action)!;
  const unit = unitNamed(ctx, request.unit!).id;
  const busy = modelsNamed(ctx, unit)
    .map((m) => actionRefusal(ctx, m, request.action))
    .find((r) => r !== undefined);
  if (busy) return refusedAction([busy], spec.name);
  const b: BgRef = { ref: new DiceReferee(dice, 20), ctx, pinnedNow: new Set(), marked: new Set(), clouds: [] };
  switch (request.action) {
    case "rally": {
      const no = resolveRally(b, unit);
      if (no) return refusedAction([no], spec.name);
      break;
    }
    case "charge":
      if (modelsNamed(ctx, unit).every((m) => isVehicle(ctx, m)))
        return refusedAction(
          [{ reason: `${unit} has no base to charge with: a charge is the infantry bases' (close combat)`, rule: "002 l.245–251" }],
          spec.name,
        );
      b.ref.note(`${unit} is designated to charge ${request.target}: each base tests its morale first`, MORALE_RULES.charge);
      resolveMorale(b, unit, "charge");
      break;
    case "close-combat": {
      const no = closeCombat(b, request, geometry);
      if (no) return refusedAction(no, spec.name);
      break;
    }
    case "morale-test":
      resolveMorale(b, unit, (request.answers?.cause ?? "losses") as MoraleCause);
      break;
    case "immobilisation-test":
      resolveImmobilisation(b, unit, immobilisationOf(request.answers));
      break;
    case "clear-jam":
      resolveClearJam(b, unit);
      break;
    case PIN_LAPSE: {
      const no = liftPins(b, unit);
      if (no) return refusedAction([no], spec.name);
      break;
    }
  }
  const rolled = b.ref.rolledDice();
  const details: ActionDetails = {
    dice: rolled,
    steps: b.ref.steps,
    allocation: b.ref.allocation,
    sampleTables: uniqueSampleTables(diceSamples(rolled)),
    ...(request.target !== undefined ? { target: request.target } : {}),
  };
  const outcomes = b.ref.finalOutcomes();
  const said = outcomes
    .filter((o) => o.effect !== "no-effect")
    .map((o) => (o.effect === "cleared" ? `${o.model} no longer ${o.detail}` : `${o.model} ${o.detail || o.effect}`));
  const tests = rolled.filter((d) => d.purpose === "test").map((d) => d.meaning);
  return {
    rolls: b.ref.rolls(),
    outcomes,
    summary: `${unit}: ${spec.name}${request.target ? ` at ${request.target}` : ""}; ${[...tests, ...said].join("; ") || b.ref.steps.map((s) => s.text).join("; ")}`,
    details,
  };
}

/**
 * Due: Pinned lifted once a unit's activation is over (l.240–241), the immobilisation test after a move
 * through #, a crew's Morale test, a unit's Morale test after losses.
 */
export function due(ctx: BgContext, side: string | undefined): readonly DueAction[] {
  const found: DueAction[] = [];
  const lapsing = pinsLapsing(ctx);
  for (const unit of ctx.units.values()) {
    if (side !== undefined && unit.side !== side) continue;
    const lifted = lapsing.get(unit.id);
    if (lifted)
      found.push({
        request: { action: PIN_LAPSE, unit: unit.id },
        why: { reason: `${unit.id}'s activation is over: Pinned is removed from ${lifted.map((m) => m.id).join(", ")}`, rule: PIN_RULE },
      });
    const models = modelsNamed(ctx, unit.id);
    const drove = models.find((m) => isVehicle(ctx, m) && immobilisationDue(ctx, m).length > 0);
    if (drove)
      found.push({
        request: { action: "immobilisation-test", unit: unit.id },
        why: { reason: `${drove.id} drove through ground marked #: the immobilisation test`, rule: "002 l.22, 25–27" },
      });
    const crew = models.find((m) => hasMarker(m, MARKERS.immobilised) && isVehicle(ctx, m) && !modelState(ctx, m.id).crewTested);
    if (crew)
      found.push({
        request: { action: "morale-test", unit: unit.id, answers: { cause: "crew" } },
        why: { reason: `${crew.id} is immobilised: its crew tests whether it abandons the vehicle`, rule: MORALE_RULES.crew },
      });
    const losses = ctx.game.losses?.[unit.id];
    if (losses && !losses.tested && models.length)
      found.push({
        request: { action: "morale-test", unit: unit.id, answers: { cause: "losses" } },
        why: { reason: `${unit.id} lost ${losses.killed} model(s) this turn: a Morale test (inference from l.226)`, rule: MORALE_RULES.losses },
      });
  }
  return found;
}
