/**
 * The verdict on a declared action for the whole firing unit (§3, §5, §9): which sight reports it needs,
 * and for every firer whether it may act, at which target model, with how many dice and which Target
 * Number (or, for small arms against infantry, which impact value), each with its reason and rule.
 */
import { cmToInches } from "../../core/units";
import type { SightReport } from "../../sight/sightReport";
import { type ModelFacts, modelsNamed, unitNamed } from "../context";
import { type FirerVerdict, type FireVerdict, type Modifier, type Ruling, type ShotVerdict, type SightRequest, sightKey, uniqueSampleTables } from "../ruleset";
import { actionRefusal, chargeFellShort, chargeReaches, chargeStage } from "./activation";
import { type ArmourHit, armourFromShooter } from "./armour";
import { type BgContext, hasMarker, MARKERS, modelState, sampleMark } from "./context";
import { type Protection, protectionOf, seenFraction } from "./cover";
import { apRangeModifier, CRITICAL_BONUS, onlyNoEffect, scoresCriticals } from "./effects";
import { type FiringWeapon, firingWeapon, isUnarmoured, isVehicle, usualWeapon } from "./profiles";
import { RULESET_ID } from "./tables";
import { diceFor, fireModeOf, targetNumber } from "./toHit";
import type { BgAction, BgFireDeclaration } from "./types";

export type Ammunition = "standard" | "HE" | "smoke";

/** One firer's shot at its target model, with what resolution needs. */
export interface BgShot extends ShotVerdict {
  readonly target: string;
  /** "to-hit": a d20 against the TN first; "effect": small arms against infantry roll straight on the effects table (§5). */
  readonly resolution: "to-hit" | "effect";
  readonly ammunition: Ammunition;
  /** Range in cm, measured as the option says. */
  readonly range: number;
  readonly protection: Protection;
  /** For AP against a vehicle: the armour it meets and the AP range modifier. */
  readonly armour?: ArmourHit;
  readonly effectModifiers: readonly Modifier[];
  /** Refused because no d20 on the effects table could harm the target (its last ruling says why). */
  readonly harmless?: true;
}

export interface BgFirer extends FirerVerdict {
  readonly shots: readonly BgShot[];
  readonly firing?: FiringWeapon;
  readonly shot?: BgShot;
}

export interface BgFireVerdict extends FireVerdict {
  readonly declaration: BgFireDeclaration;
  readonly action: BgAction;
  readonly firingUnit: string;
  readonly targetUnit: string;
  readonly firers: readonly BgFirer[];
  /** Every sight report the verdict read, for resolution (close combat distances, the defender's terrain). */
  readonly reports: readonly SightReport[];
}

const actionOf = (decl: BgFireDeclaration): BgAction => decl.action ?? "fire";

function firerWeapon(ctx: BgContext, decl: BgFireDeclaration, m: ModelFacts): FiringWeapon | { error: string } {
  const id = decl.weapon ?? usualWeapon(ctx, m);
  return id === undefined ? { error: `${m.id} has no weapon` } : firingWeapon(ctx, m, id);
}

/** The sight reports an action needs: each firer's weapon line (its eye for close combat) to each target model. */
export function sightRequests(decl: BgFireDeclaration, ctx: BgContext): SightRequest[] {
  const action = actionOf(decl);
  const targets = modelsNamed(ctx, decl.target);
  return modelsNamed(ctx, decl.shooter).flatMap((m) => {
    const w = action === "fire" ? firerWeapon(ctx, decl, m) : undefined;
    const weapon = w && !("error" in w) ? { weapon: w.id } : {};
    return targets.map((t) => ({ shooter: m.id, target: t.id, ...weapon }));
  });
}

const eff = (value: number, reason: string, rule: string): Modifier => ({ value, reason, rule, roll: "damage" });

/** §6.3: small arms against infantry, straight on the effects table. */
function smallArmsModifiers(ctx: BgContext, firer: ModelFacts, target: ModelFacts, p: Protection): Modifier[] {
  const t = ctx.tables["effect-modifiers"].smallArms;
  const mods: Modifier[] = [];
  const movement = modelState(ctx, target.id).movement;
  if (movement === "running") mods.push(eff(t.running, `${target.id} is running`, "§6.3"));
  else if (movement === "moving" || movement === "evading") mods.push(eff(t.moving, `${target.id} is moving`, "§6.3"));
  const mode = fireModeOf(ctx, firer);
  if (mode === 3) mods.push(eff(t.onTheMove, `${firer.id} fires on the move (as OM3)`, "§6.3"));
  else if (mode === 2) mods.push(eff(t.shooterMoving, `${firer.id} moved (as OM2)`, "§6.3"));
  if (firer.pinned) mods.push(eff(t.shooterPinned, `${firer.id} is Pinned`, "§6.3"));
  if (p.cover === "light") mods.push({ ...p.sources[0]!, value: t.lightCover, roll: "damage", rule: "§6.3" });
  if (p.cover === "linear") mods.push({ ...p.sources[0]!, value: t.linearCover, roll: "damage", rule: "§6.3" });
  // Heavy cover and smoke are one row of the table: −8 once for either or both.
  if (p.cover === "heavy")
    mods.push({
      ...p.sources[0]!,
      value: t.heavyCoverOrSmoke,
      roll: "damage",
      rule: "§6.3",
      reason: `${p.sources[0]!.reason}${p.smoke.length ? " (and smoke: the same row, once)" : ""}`,
    });
  else if (p.smoke.length) mods.push(eff(t.heavyCoverOrSmoke, `smoke on the line (${p.smoke.join(", ")}), counted once`, "§6.3"));
  if (p.camouflaged) mods.push(eff(t.camouflaged, `${target.id} is camouflaged`, "§6.3"));
  return mods;
}

export function defaultAmmunition(ctx: BgContext, w: FiringWeapon, target: ModelFacts): Ammunition {
  if (isVehicle(ctx, target)) return "standard";
  return w.weapon.fp === undefined && w.weapon.he ? "HE" : "standard";
}

/** The shot of one firer at one target model on one line. */
function shotAt(ctx: BgContext, decl: BgFireDeclaration, firer: ModelFacts, w: FiringWeapon, target: ModelFacts, report: SightReport): BgShot {
  const rulings: Ruling[] = [];
  const range = ctx.options.rangeMeasure === "edge-to-edge" ? report.distance.edgeToEdge : report.distance.centreToCentre;
  const protection = protectionOf(ctx, report);
  const ammunition = decl.ammunition ?? defaultAmmunition(ctx, w, target);
  const vehicle = isVehicle(ctx, target);
  const base = { group: target.id, target: target.id, ammunition, range, protection, effectModifiers: [] as Modifier[] };
  const refuse = (reason: string, rule: string, sample: Pick<Ruling, "sample"> = {}): BgShot => ({
    ...base,
    resolution: "to-hit",
    canFire: false,
    rulings: [...rulings, { reason, rule, ...sample }],
    modifiers: [],
  });
  const seen = seenFraction(report);
  if (seen <= 0) return refuse(`${firer.id} cannot see ${target.id}`, "§3.1");
  rulings.push({
    reason: `${firer.id} sees ${(seen * 100).toFixed(0)} % of ${target.id}${seen > report.visibleFraction ? " (smoke counted as seen through: it is a modifier here)" : ""}`,
    rule: "§3.1",
  });
  if (report.arc && !report.arc.inArc)
    return refuse(`${target.id} is outside the ${report.arc.arc}° arc of ${w.weapon.name} (bearing ${report.arc.bearing.toFixed(0)}°)`, "§3.1");
  if (cmToInches(range) > w.weapon.range)
    return refuse(`${target.id} is ${cmToInches(range).toFixed(1)}" away, beyond the ${w.weapon.range}" range of ${w.weapon.name}`, "§3.1");
  if (ammunition === "HE" && !w.weapon.he) return refuse(`${w.weapon.name} has no HE round`, "§4");
  if (ammunition === "smoke" && !w.weapon.smoke) return refuse(`${w.weapon.name} has no smoke round`, "§4");
  if (!vehicle && ammunition === "standard") {
    if (w.weapon.fp === undefined) return refuse(`${w.weapon.name} has no firepower against infantry: fire HE`, "§5, §6.2");
    const mods = smallArmsModifiers(ctx, firer, target, protection);
    const impact = w.weapon.fp + mods.reduce((s, m) => s + m.value, 0);
    return {
      ...base,
      resolution: "effect",
      canFire: true,
      rulings: [
        ...rulings,
        { reason: `small arms at infantry: no to-hit roll; each die rolls on the effects table at impact ${impact} (FP ${w.weapon.fp})`, rule: "§5, §6.3" },
      ],
      modifiers: mods,
      effectModifiers: mods,
    };
  }
  const tn = targetNumber(ctx, { firer, weapon: w, target, range, protection });
  if (tn.refused) return { ...base, resolution: "to-hit", canFire: false, rulings: [...rulings, tn.refused], modifiers: tn.modifiers };
  let armour: ArmourHit | undefined;
  const effectModifiers: Modifier[] = [];
  if (vehicle && ammunition === "standard") {
    if (w.weapon.ov === undefined) return refuse(`${w.weapon.name} has no OV against vehicles`, "§6.1");
    armour = armourFromShooter(ctx, target, report);
    const ap = apRangeModifier(ctx, w.weapon.ap ?? 0, range);
    if (!ap) return refuse(`${cmToInches(range).toFixed(1)}" is beyond the AP table's last row`, "§6.1");
    if (ap.value === null) return refuse(`${w.weapon.name} (${ap.label}) has no effect at up to ${ap.band}" (the AP table's NO)`, "§6.1");
    effectModifiers.push(eff(ap.value, `AP range: ${ap.label} up to ${ap.band}"`, "§6.1"));
    if (isUnarmoured(ctx, target)) effectModifiers.push(eff(ctx.tables["ap-range"].unarmoured, `${target.id} is unarmoured`, "§6.1"));
    const harmless = cannotHarm(ctx, w, target, armour, effectModifiers);
    if (harmless) return { ...refuse(harmless, "§3.6, §6.1, §10", sampleMark(ctx, "effect-columns")), harmless: true };
  }
  return {
    ...base,
    resolution: "to-hit",
    canFire: true,
    rulings: [
      ...rulings,
      {
        reason: `TN ${formatTn(tn.tn)} = Training ${tn.modifiers.map((m, i) => (i === 0 ? `${m.value}` : ` ${m.value >= 0 ? "+" : "−"} ${Math.abs(m.value)}`)).join("")}: a d20 at or under it hits`,
        rule: "§3.2",
      },
      ...(armour ? [armour.ruling] : []),
    ],
    modifiers: [...tn.modifiers, ...effectModifiers],
    need: tn.tn,
    under: true,
    ...(armour ? { armour } : {}),
    effectModifiers,
  };
}

/**
 * Why an AP hit cannot harm a vehicle, when it cannot: at the best impact the shot can reach (OV − DV and the
 * AP range, with a Major Critical Hit's +10 where the weapon scores criticals), every d20 on the Hit Effects
 * Table reads no effect.
 */
function cannotHarm(ctx: BgContext, w: FiringWeapon, target: ModelFacts, armour: ArmourHit, mods: readonly Modifier[]): string | undefined {
  const ov = w.weapon.ov!;
  const impact = ov - armour.dv + mods.reduce((s, m) => s + m.value, 0);
  const critical = scoresCriticals(w.weapon) ? CRITICAL_BONUS.major : 0;
  if (!onlyNoEffect(ctx, "vehicles", impact + critical)) return undefined;
  const build = `OV ${ov} − DV ${armour.dv} (${armour.part}${armour.face ? ` ${armour.face}` : ""})${mods.map((m) => ` ${m.value >= 0 ? "+" : "−"} ${Math.abs(m.value)}`).join("")}`;
  const signed = (n: number) => (n < 0 ? `−${-n}` : String(n));
  const best = critical ? `, ${signed(impact + critical)} with a Major Critical Hit` : " (rifles and machine weapons score no critical hits)";
  return `${w.weapon.name} cannot harm ${target.id}: impact ${signed(impact)} (${build})${best}, and at that impact every d20 on the Hit Effects Table is no effect`;
}

export const formatTn = (tn: number): string => (Number.isInteger(tn) ? String(tn) : tn.toFixed(2));

function judgeFirer(
  ctx: BgContext,
  decl: BgFireDeclaration,
  firer: ModelFacts,
  targets: readonly ModelFacts[],
  report: (t: ModelFacts, w: FiringWeapon) => SightReport,
): BgFirer {
  const w = firerWeapon(ctx, decl, firer);
  if ("error" in w) return { model: firer.id, dice: 0, canFire: false, rulings: [{ reason: w.error, rule: "§3" }], shots: [] };
  const none = (rulings: readonly Ruling[], shots: readonly BgShot[] = []): BgFirer => ({
    model: firer.id,
    weapon: { id: w.id },
    firing: w,
    dice: 0,
    canFire: false,
    rulings,
    shots,
  });
  if (hasMarker(firer, MARKERS.abandoned)) return none([{ reason: `${firer.id} was abandoned by its crew`, rule: "002 l.232" }]);
  if (hasMarker(firer, MARKERS.suppressed)) return none([{ reason: `${firer.id} is Suppressed: in its activation it may only try to rally`, rule: "§8" }]);
  if (modelState(ctx, firer.id).rallied)
    return none([{ reason: `${firer.id} spent its activation rallying: it has no Standard Action to fire this turn`, rule: "002 l.235–237" }]);
  if (modelState(ctx, firer.id).charge?.morale === "failed")
    return none([{ reason: `${firer.id} failed the Morale test before a charge: it lost its Standard Action`, rule: "002 l.248–249" }]);
  const charge = chargeStage(ctx, firer);
  if (charge === "short") return none([chargeFellShort(ctx, firer)]);
  if (charge) return none([{ reason: `${firer.id} charges: its Standard Action is the attack (Close combat), not a shot`, rule: "002 l.245–246" }]);
  const shots = targets.map((t) => shotAt(ctx, decl, firer, w, t, report(t, w)));
  const possible = shots.filter((s) => s.canFire);
  // A model named as the target is the aim; a unit is engaged at its nearest model the firer can shoot.
  const shot =
    possible.find((s) => s.target === decl.target) ?? (targets.some((t) => t.id === decl.target) ? undefined : possible.sort((a, b) => a.range - b.range)[0]);
  if (!shot)
    return none(
      shots.length === 1 ? shots[0]!.rulings : [{ reason: `${firer.id} can shoot no model of ${unitNamed(ctx, decl.target).id}`, rule: "§3.1" }],
      shots,
    );
  const { dice, rulings } = diceFor(ctx, firer, w, shot.target, shot.resolution === "to-hit");
  return {
    model: firer.id,
    weapon: { id: w.id },
    firing: w,
    dice,
    canFire: dice > 0,
    rulings,
    shots,
    group: shot.target,
    shot,
    ...(ctx.sampleTables.weapons ? { sample: ctx.sampleTables.weapons } : {}),
  };
}

const uniqueRulings = (rulings: readonly Ruling[]): Ruling[] => [...new Map(rulings.map((r) => [r.reason, r])).values()];

/** Every sample table the verdict's numbers came from (its rulings, the firers' shots and profiles). */
function verdictSampleTables(ctx: BgContext, rulings: readonly Ruling[], firers: readonly BgFirer[]) {
  const marked = (rs: readonly Ruling[]) => rs.flatMap((r) => (r.sample ? [r.sample] : []));
  return uniqueSampleTables([
    ...(ctx.sampleTables.profiles ? [ctx.sampleTables.profiles] : []),
    ...marked(rulings),
    ...firers.flatMap((f) => [
      ...(f.sample ? [f.sample] : []),
      ...marked(f.rulings),
      ...f.shots.flatMap((s) => [...marked(s.rulings), ...marked(s.modifiers)]),
    ]),
  ]);
}

/**
 * In a game that follows its turns, a charge comes after its Morale test (l.247–249): refused before one, and
 * for models that failed it (they lose their Standard Action); then the charge move into contact (refused
 * before it, l.245, 251–253), and after one that fell short (the Standard Action lost, l.252–253). In free play
 * the test and the move are the players'.
 */
function chargeProblems(ctx: BgContext, models: readonly ModelFacts[], target: string): Ruling[] {
  if (!ctx.game.activations) return [];
  const unit = models[0]?.unitId;
  const toMove = models.find((m) => chargeStage(ctx, m) === "to-move");
  if (toMove && unit !== undefined && !chargeReaches(ctx, unit, target))
    return [{ reason: `${unit} is not in contact with ${target}: its charge move comes first (one full move)`, rule: "002 l.245, 251–253" }];
  const untested = models.filter((m) => modelState(ctx, m.id).charge === undefined);
  const failed = models.filter((m) => modelState(ctx, m.id).charge?.morale === "failed");
  const short = models.find((m) => chargeStage(ctx, m) === "short");
  return [
    ...(untested.length
      ? [{ reason: `${untested.map((m) => m.id).join(", ")}: take the Morale test before a charge first (action: Charge)`, rule: "002 l.247–248" }]
      : []),
    ...(failed.length
      ? [{ reason: `${failed.map((m) => m.id).join(", ")} failed the Morale test before a charge: they lose their Standard Action`, rule: "002 l.248–249" }]
      : []),
    ...(short ? [chargeFellShort(ctx, short)] : []),
  ];
}

/** The verdict on a declaration; `needs` lists sight reports still to measure. */
export function fireVerdict(decl: BgFireDeclaration, given: readonly SightReport[], ctx: BgContext): BgFireVerdict {
  const action = actionOf(decl);
  const firingUnit = unitNamed(ctx, decl.shooter);
  const targetUnit = unitNamed(ctx, decl.target);
  const head = { ruleset: RULESET_ID, declaration: decl, action, firingUnit: firingUnit.id, targetUnit: targetUnit.id };
  const byKey = new Map(given.map((r) => [sightKey({ shooter: r.shooter, target: r.target, ...(r.weapon ? { weapon: r.weapon } : {}) }), r]));
  const needs = sightRequests(decl, ctx).filter((r) => !byKey.has(sightKey(r)));
  if (needs.length)
    return {
      ...head,
      valid: false,
      rulings: [{ reason: `${needs.length} more sight line(s) to measure before a verdict`, rule: "§3.1" }],
      firers: [],
      needs,
      sampleTables: [],
      reports: [],
    };
  const firersOf = modelsNamed(ctx, decl.shooter);
  const targets = modelsNamed(ctx, decl.target);
  const problems: Ruling[] = [];
  if (firingUnit.side === targetUnit.side) problems.push({ reason: `${targetUnit.id} is on the acting unit's own side`, rule: "§3.1" });
  if (action === "close-combat") problems.push(...chargeProblems(ctx, firersOf, targetUnit.id));
  const acting = firersOf.map((m) => actionRefusal(ctx, m, action)).find((r) => r !== undefined);
  if (acting) problems.push(acting);
  let firers: BgFirer[];
  if (action === "fire") {
    firers = firersOf.map((m) => judgeFirer(ctx, decl, m, targets, (t, w) => byKey.get(sightKey({ shooter: m.id, target: t.id, weapon: w.id }))!));
  } else {
    // Close combat is judged as it is resolved; each model takes part.
    firers = firersOf.map((m) => ({ model: m.id, dice: 1, canFire: true, rulings: [], shots: [] }));
  }
  const valid = problems.length === 0 && firers.some((f) => f.canFire);
  // A weapon that cannot harm what it sees is said at the top: a player reading only the verdict learns why it stays silent.
  const harmless = uniqueRulings(firers.flatMap((f) => (f.canFire ? [] : f.shots.flatMap((s) => (s.harmless ? [s.rulings.at(-1)!] : [])))));
  const rulings = [
    ...problems,
    ...harmless,
    ...(valid || problems.length ? [] : [{ reason: `no model of ${firingUnit.id} can fire at ${targetUnit.id}`, rule: "§3.1" }]),
  ];
  return { ...head, valid, rulings, firers, needs: [], sampleTables: verdictSampleTables(ctx, rulings, firers), reports: [...byKey.values()] };
}
