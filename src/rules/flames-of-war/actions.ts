/**
 * Flames of War's own actions (Ruleset.actions): Infiltration in the deployment (l.30–39); Digging In in the
 * Movement Step (l.69), and mounting and dismounting there (or in a Stormtroopers move, l.173, 276); in the
 * Starting Step the Motivation Test to unpin and the
 * Platoon and Company Morale Checks, due when the rules require them (003 l.13–16, 71, 222); an Artillery
 * Bombardment in the Shooting Step (l.155, 246, 255); Tip and Run after shooting (l.116–120); in the Assault
 * Step an assault (l.63–64, 105, 109, 315–331) and the Stormtroopers move (l.266–280), these two national
 * rules where the game switches them on. Each is carried out by its rule module; its record is the action's
 * details, which the game state reads back (playerTurn.ts actionsThisTurn).
 */
import type { Dice } from "../../core/dice";
import { unitNamed } from "../context";
import type { ActionGeometry, ActionRequest, ActionResult, ActionSpec, ActionSystem, DueAction, Ruling } from "../ruleset";
import { DEPLOYMENT } from "../turn";
import { fightAssault } from "./assault";
import { bombard } from "./bombardment";
import { type FowContext, isArmoured, isBailedOut, modelState, teamOf } from "./context";
import { digIn, digInRefusal } from "./digIn";
import { infiltrate, infiltrationRefusal } from "./infiltration";
import { companyMoraleCheck, companyMoraleDue, platoonMoraleCheck, platoonMoraleDue, unpinTest } from "./morale";
import type { FowResolution } from "./ratingTests";
import { specialMove } from "./specialMoves";
import { dismount, dismountRefusal, mount, mountRefusal } from "./transport";
import { FOW_TURN } from "./turn";

const [STARTING, MOVEMENT, SHOOTING, ASSAULT] = FOW_TURN.phases.map((p) => p.id) as [string, string, string, string];

export const FOW_ACTIONS: readonly ActionSpec[] = [
  {
    id: "infiltrate",
    name: "Infiltration",
    rule: "§6.1 (003 l.30–39)",
    summary: 'A platoon set up 8"/20 cm from every enemy infiltrates: spotted at once by an enemy within 16"/40 cm that sees it unconcealed, else on a 6.',
    phases: [DEPLOYMENT],
    by: "unit",
    asks: [],
  },
  {
    id: "unpin",
    name: "Motivation Test to unpin",
    rule: "§5.3 (003 l.13)",
    summary: "A Pinned Down platoon tests its Motivation: passed, it is no longer Pinned Down.",
    phases: [STARTING],
    by: "unit",
    asks: [],
  },
  {
    id: "platoon-morale",
    name: "Platoon Morale Check",
    rule: "§5.3 (003 l.13, 222)",
    summary: "A platoon with too few teams left tests its Motivation: failed, it leaves the table (sample).",
    phases: [STARTING],
    by: "unit",
    asks: [],
  },
  {
    id: "company-morale",
    name: "Company Morale Check",
    rule: "§5.3 (003 l.71)",
    summary: "A company with too few platoons left tests its Motivation: failed, it withdraws (sample).",
    phases: [STARTING],
    by: "side",
    asks: [],
  },
  {
    id: "dig-in",
    name: "Dig In",
    rule: "§2.5 (003 l.69)",
    summary: "A platoon that has not moved takes a Skill Test: passed, its infantry and gun teams are Dug In until they move.",
    phases: [MOVEMENT],
    by: "unit",
    asks: [],
  },
  {
    id: "mount",
    name: "Mount",
    rule: "§4.9 (003 l.173, 276, 442)",
    summary:
      "The platoon's infantry and man-packed gun teams touching a transport or tank of the chosen platoon board it: Passengers, who do not shoot and are hit only through it.",
    phases: [MOVEMENT, ASSAULT],
    by: "unit",
    target: "own-unit",
    asks: [],
  },
  {
    id: "dismount",
    name: "Dismount",
    rule: "§4.9 (003 l.173, 276)",
    summary: "The platoon's passengers step off their vehicles where their figures stand.",
    phases: [MOVEMENT, ASSAULT],
    by: "unit",
    asks: [],
  },
  {
    id: "bombardment",
    name: "Artillery Bombardment",
    rule: "§5.4 (003 l.155, 246, 255)",
    summary: "The battery ranges in on a point (three attempts), then every team under the template rolls to be hit; one hit pins a platoon.",
    phases: [SHOOTING],
    by: "unit",
    target: "point",
    asks: [
      {
        id: "commanderSpotting",
        kind: "flag",
        label: "Company Commander spots",
        rule: "§5.4 (003 l.242, 246)",
        default: false,
        help: "+1 to range in",
      },
    ],
  },
  {
    id: "tip-and-run",
    name: "Tip and Run",
    rule: "§6.2 (003 l.116–120)",
    summary: 'After shooting: a Skill Test, passed the platoon moves 4"/10 cm; it does not assault this turn.',
    phases: [SHOOTING],
    by: "unit",
    asks: [],
  },
  {
    id: "assault",
    name: "Assault",
    rule: "§5.2 (003 l.63–64, 105, 109)",
    summary:
      "The teams in contact assault: Defensive Fire, the assault rolls, Motivation Tests to Counterattack or Break Off, until one side holds the ground.",
    phases: [ASSAULT],
    by: "unit",
    target: "enemy-unit",
    asks: [],
  },
  {
    id: "stormtroopers",
    name: "Stormtroopers move",
    rule: "§6.4 (003 l.266–280)",
    summary: 'A Skill Test: passed, the platoon moves another 4"/10 cm; it does not assault this turn.',
    phases: [ASSAULT],
    by: "unit",
    asks: [],
  },
];

/** Whether `unit` (or side) has taken `action` this player turn. */
export const takenThisTurn = (ctx: FowContext, action: string, by: string): boolean =>
  (ctx.game.taken ?? []).some((t) => t.action === action && (t.unit ?? t.side) === by);

const refuse = (reason: string, rule: string): ActionResult => ({ refused: [{ reason, rule }], rolls: [], outcomes: [], summary: reason });

const result = <R>(r: FowResolution<R>): ActionResult => ({
  rolls: r.rolls,
  outcomes: r.outcomes,
  summary: r.summary,
  details: { record: r.record, dice: r.dice, steps: r.steps, sampleTables: r.sampleTables },
});

/** Why `unit` may not assault or make a special move this turn: it tried Stormtroopers or Tip and Run (l.120, 274). */
function triedSpecialMove(ctx: FowContext, unit: string): Ruling | undefined {
  if (takenThisTurn(ctx, "stormtroopers", unit))
    return { reason: `${unit} tried a Stormtroopers move this turn: it does not assault`, rule: "§6.4 (003 l.274)" };
  if (takenThisTurn(ctx, "tip-and-run", unit)) return { reason: `${unit} tried Tip and Run this turn: it does not assault`, rule: "§6.2 (003 l.120)" };
  return undefined;
}

function takeAction(request: ActionRequest, dice: Dice, ctx: FowContext, geometry: ActionGeometry): ActionResult {
  const unit = request.unit ?? "";
  switch (request.action) {
    case "unpin":
      if (!unitNamed(ctx, unit).models.some((id) => ctx.models.get(id)!.pinned)) return refuse(`${unit} is not Pinned Down`, "§5.3 (003 l.13)");
      if (takenThisTurn(ctx, "unpin", unit)) return refuse(`${unit} has tested to unpin this turn already`, "§5.3 (003 l.16)");
      return result(unpinTest(ctx, dice, unit));
    case "platoon-morale":
      if (!platoonMoraleDue(ctx, unit)) return refuse(`${unit} has lost too few teams for a Platoon Morale Check`, "§5.3 (003 l.13)");
      if (takenThisTurn(ctx, "platoon-morale", unit)) return refuse(`${unit} has taken its Platoon Morale Check this turn`, "§5.3 (003 l.13)");
      return result(platoonMoraleCheck(ctx, dice, unit));
    case "company-morale": {
      const side = request.side ?? "";
      if (!companyMoraleDue(ctx, side)) return refuse(`${side} have lost too few platoons for a Company Morale Check`, "§5.3 (003 l.71)");
      if (takenThisTurn(ctx, "company-morale", side)) return refuse(`${side} have taken their Company Morale Check this turn`, "§5.3 (003 l.71)");
      return result(companyMoraleCheck(ctx, dice, side));
    }
    case "dig-in": {
      const refusal = digInRefusal(ctx, unit);
      if (refusal) return { refused: [refusal], rolls: [], outcomes: [], summary: refusal.reason };
      if (takenThisTurn(ctx, "dig-in", unit)) return refuse(`${unit} has tried to dig in this turn`, "§2.5");
      return result(digIn(ctx, dice, unit));
    }
    case "mount": {
      const refusal = mountRefusal(ctx, unit, request.target ?? "");
      if (refusal) return { refused: [refusal], rolls: [], outcomes: [], summary: refusal.reason };
      return result(mount(ctx, dice, unit, request.target!));
    }
    case "dismount": {
      const refusal = dismountRefusal(ctx, unit);
      if (refusal) return { refused: [refusal], rolls: [], outcomes: [], summary: refusal.reason };
      return result(dismount(ctx, dice, unit));
    }
    case "bombardment":
      if (takenThisTurn(ctx, "bombardment", unit)) return refuse(`${unit} has bombarded this turn already`, "§5.4");
      if (unitNamed(ctx, unit).models.some((id) => ctx.game.models?.[id]?.shot))
        return refuse(`${unit} has shot this turn: it does not bombard as well`, "§5.4");
      return result(bombard(ctx, dice, { battery: unit, point: request.point!, commanderSpotting: request.answers?.commanderSpotting === true }, geometry));
    case "assault": {
      const tried = triedSpecialMove(ctx, unit);
      if (tried) return { refused: [tried], rolls: [], outcomes: [], summary: tried.reason };
      if (takenThisTurn(ctx, "assault", unit)) return refuse(`${unit} has fought its assault this turn`, "§5.2 (003 l.63)");
      try {
        return result(fightAssault(ctx, dice, unit, request.target!));
      } catch (error) {
        return refuse((error as Error).message, "§5.2 (003 l.63)");
      }
    }
    case "infiltrate": {
      if (!ctx.options.infiltration) return refuse("Infiltration is a national rule this game does not switch on (Options)", "§6.1 (003 l.30–39)");
      const refusal = infiltrationRefusal(ctx, unit);
      if (refusal) return { refused: [refusal], rolls: [], outcomes: [], summary: refusal.reason };
      return result(infiltrate(ctx, dice, unit, geometry));
    }
    case "stormtroopers":
    case "tip-and-run": {
      const option = request.action === "stormtroopers" ? ctx.options.stormtroopers : ctx.options.tipAndRun;
      const spec = FOW_ACTIONS.find((a) => a.id === request.action)!;
      if (!option) return refuse(`${spec.name} is a national rule this game does not switch on (Options)`, spec.rule);
      const tried = triedSpecialMove(ctx, unit);
      if (tried) return { refused: [tried], rolls: [], outcomes: [], summary: tried.reason };
      const refusal = request.action === "stormtroopers" ? stormtroopersRefusal(ctx, unit) : tipAndRunRefusal(ctx, unit);
      if (refusal) return { refused: [refusal], rolls: [], outcomes: [], summary: refusal.reason };
      return result(specialMove(ctx, dice, unit, request.action));
    }
    default:
      return refuse(`Flames of War has no action "${request.action}"`, "§5");
  }
}

/** Why a platoon may not try a Stormtroopers move (003 l.268, 278, 280, 284). */
function stormtroopersRefusal(ctx: FowContext, unit: string): Ruling | undefined {
  const models = unitNamed(ctx, unit).models.map((id) => ctx.models.get(id)!);
  if (models.some((m) => modelState(ctx, m.id).atDouble)) return { reason: `${unit} moved At Double: no Stormtroopers move`, rule: "§6.4 (003 l.278)" };
  if (models.some((m) => isBailedOut(m) || ctx.game.models?.[m.id]?.boggedDown))
    return { reason: `${unit} has a Bailed Out or Bogged Down vehicle`, rule: "§6.4 (003 l.278)" };
  if (models.some((m) => m.pinned && !isArmoured(teamOf(ctx, m))))
    return { reason: `${unit} is Pinned Down: only armoured vehicles make a Stormtroopers move so`, rule: "§6.4 (003 l.280)" };
  if (models.some((m) => teamOf(ctx, m).type === "gun" && ctx.game.models?.[m.id]?.shot))
    return { reason: `${unit}'s guns shot this turn`, rule: "§6.4 (003 l.284)" };
  if (takenThisTurn(ctx, "bombardment", unit)) return { reason: `${unit} fired an Artillery Bombardment this turn`, rule: "§6.4 (003 l.284)" };
  return undefined;
}

/** Tip and Run is taken straight after shooting (003 l.118): the platoon must have shot this turn. */
function tipAndRunRefusal(ctx: FowContext, unit: string): Ruling | undefined {
  if (unitNamed(ctx, unit).models.some((id) => ctx.game.models?.[id]?.shot)) return undefined;
  return { reason: `${unit} has not shot this turn: Tip and Run follows its shooting`, rule: "§6.2 (003 l.118)" };
}

/** What the rules require of `side` in its Starting Step: the Company and Platoon Morale Checks, then unpinning. */
function due(ctx: FowContext, side: string | undefined): DueAction[] {
  const step = ctx.game.step;
  if (step?.phase !== STARTING || step.side === undefined || (side !== undefined && side !== step.side)) return [];
  const acting = step.side;
  const out: DueAction[] = [];
  const company = companyMoraleDue(ctx, acting);
  if (company && !takenThisTurn(ctx, "company-morale", acting)) out.push({ request: { action: "company-morale", side: acting }, why: company });
  const units = [...ctx.units.values()].filter((u) => u.side === acting && u.models.length > 0);
  for (const u of units) {
    const why = platoonMoraleDue(ctx, u.id);
    if (why && !takenThisTurn(ctx, "platoon-morale", u.id)) out.push({ request: { action: "platoon-morale", unit: u.id }, why });
  }
  for (const u of units)
    if (u.models.some((id) => ctx.models.get(id)!.pinned) && !takenThisTurn(ctx, "unpin", u.id))
      out.push({ request: { action: "unpin", unit: u.id }, why: { reason: `${u.id} is Pinned Down: a Motivation Test to unpin`, rule: "§5.3 (003 l.13)" } });
  return out;
}

export const FOW_ACTION_SYSTEM: ActionSystem<FowContext> = { actions: FOW_ACTIONS, takeAction, due };
