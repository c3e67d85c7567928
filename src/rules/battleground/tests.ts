/**
 * Tests a model takes when its player (or the opponent) calls them: clearing a jammed weapon (§3.7; the
 * procedure is sample data) and the immobilisation test against 2 × Training (§2), also as the unbogging
 * test of a bogged-down vehicle.
 */
import { type ModelFacts, modelsNamed } from "../context";
import type { Modifier } from "../ruleset";
import { immobilisationDue, STILL_BOGGED } from "./bogging";
import { hasMarker, MARKERS, modelState, sampleMark } from "./context";
import type { BgRef } from "./outcomes";
import { isVehicle, profileOf, profileSample, trainingOf, weaponIds } from "./profiles";
import type { ImmobilisationDeclaration } from "./types";

/** Pinned: −5 to every roll but Morale tests (§8), so to these tests too. */
const pinnedPenalty = (b: BgRef, m: ModelFacts): number => (m.pinned ? b.ctx.tables["to-hit"].shooter.pinnedOrDamaged : 0);

const jammedWeapons = (b: BgRef, m: ModelFacts) => weaponIds(b.ctx, m).filter((w) => hasMarker(m, MARKERS.jammed(w)));

export function resolveClearJam(b: BgRef, unit: string): number {
  let rolled = 0;
  for (const m of modelsNamed(b.ctx, unit)) {
    const jams = jammedWeapons(b, m);
    for (const weapon of jams) {
      const need = trainingOf(b.ctx, m) + b.ctx.tables.procedures.clearJam.modifier + pinnedPenalty(b, m);
      const value = b.ref.dice.roll(20, `clear the jam of ${weapon} (${m.id})`);
      const index = b.ref.lastRoll;
      rolled++;
      const cleared = value <= need;
      b.ref.explain(index, {
        purpose: "test",
        model: m.id,
        need,
        under: true,
        meaning: `clearing ${value} ${cleared ? "at or under" : "over"} ${need} → ${cleared ? "cleared" : "still jammed"}`,
        rule: "§3.7",
        ...sampleMark(b.ctx, "procedures"),
      });
      if (cleared) b.ref.outcome(m.id, "cleared", MARKERS.jammed(weapon), { by: `${m.id} clearing its jam`, rolls: [index] });
      else b.ref.outcome(m.id, "no-effect", `${weapon} still jammed`, { by: `${m.id} clearing its jam`, rolls: [index] });
    }
  }
  if (!rolled) b.ref.note(`no jammed weapon to clear in ${unit}`, "§3.7");
  return rolled;
}

/**
 * What the test is of when the player does not say: the unbogging test of a bogged-down vehicle (l.56–57), else
 * the test its last moves made due, in woods when it drove through woods (l.53), else on terrain.
 */
function declared(b: BgRef, m: ModelFacts, given: ImmobilisationDeclaration | undefined): ImmobilisationDeclaration {
  const unbogging = given?.unbogging ?? hasMarker(m, MARKERS.bogged);
  if (given) return { ...given, unbogging };
  const woods = immobilisationDue(b.ctx, m).some((id) => b.ctx.terrain.get(id)?.kind === "woods");
  return { situation: woods ? "woods" : "terrain", unbogging };
}

function immobilisationModifiers(b: BgRef, m: ModelFacts, decl: ImmobilisationDeclaration): Modifier[] {
  const t = b.ctx.tables.immobilisation;
  const vehicle = profileOf(b.ctx, m).vehicle!;
  const mod = (value: number, reason: string, extra = {}): Modifier => ({ value, reason, rule: "§2", roll: "test", ...extra });
  const mods: Modifier[] = [];
  const own = vehicle.class;
  if (decl.situation === "woods") {
    mods.push(mod(own, `in woods the Class is added: +${own}`, profileSample(b.ctx)));
    mods.push(mod(-trainingOf(b.ctx, m), `moving through woods: −Training`, profileSample(b.ctx)));
  } else if (decl.situation === "overrun") {
    mods.push(mod(own, `overrunning: own Class added`, profileSample(b.ctx)));
    mods.push(
      mod(
        t.overrunEnemyClassFactor * (decl.otherClass ?? 0),
        `overrunning an enemy of Class ${decl.otherClass ?? 0}: × ${Math.abs(t.overrunEnemyClassFactor)}`,
      ),
    );
  } else if (decl.situation === "ram" && b.ctx.options.classInRamming === "rammed-class") {
    mods.push(mod(-(decl.otherClass ?? 0), `ramming: the rammed object's Class ${decl.otherClass ?? 0} (option)`));
  } else mods.push(mod(-own, `the vehicle's Class ${own}`, profileSample(b.ctx)));
  if (decl.buildingOv) mods.push(mod(-decl.buildingOv, `the collapsed building's OV ${decl.buildingOv}`));
  if (vehicle.drive === "half-tracked") mods.push(mod(t.conditions.halfTrack, "a half-tracked vehicle", profileSample(b.ctx)));
  if (vehicle.drive === "wheeled") mods.push(mod(t.conditions.wheeled, "a wheeled vehicle", profileSample(b.ctx)));
  for (const c of decl.conditions ?? [])
    mods.push(
      mod(
        t.conditions[c],
        {
          towing: "towing artillery or a trailer",
          heightChange: "a change of height",
          reverse: "moving backwards",
          streamOrDitch: "entering or leaving a stream or ditch",
          wire: "through wire or similar fortifications",
          snowOrMud: "deep snow or mud",
        }[c],
      ),
    );
  if (m.pinned) mods.push(mod(pinnedPenalty(b, m), `${m.id} is Pinned: −5 to every roll but Morale tests`, { rule: "§8" }));
  const failed = modelState(b.ctx, m.id).failedUnbogging ?? 0;
  if (decl.unbogging && failed) mods.push(mod(t.perFailedUnbogging * failed, `${failed} failed unbogging test(s)`));
  return mods;
}

export function resolveImmobilisation(b: BgRef, unit: string, given?: ImmobilisationDeclaration): number {
  let rolled = 0;
  for (const m of modelsNamed(b.ctx, unit).filter((x) => isVehicle(b.ctx, x))) {
    const training = trainingOf(b.ctx, m);
    const decl = declared(b, m, given);
    const unbogging = decl.unbogging ?? false;
    const mods = immobilisationModifiers(b, m, decl);
    const need = b.ctx.tables.immobilisation.trainingFactor * training + mods.reduce((s, x) => s + x.value, 0);
    const value = b.ref.dice.roll(20, `${unbogging ? "unbogging" : "immobilisation"} test of ${m.id}`);
    const index = b.ref.lastRoll;
    rolled++;
    const passed = value <= need;
    const build = `2 × Training ${training}${mods.map((x) => ` ${x.value >= 0 ? "+" : "−"} ${Math.abs(x.value)} (${x.reason})`).join("")}`;
    b.ref.explain(index, {
      purpose: "test",
      model: m.id,
      need,
      under: true,
      meaning: `${value} against ${need} (${build}) → ${passed ? "passes" : "fails"}`,
      rule: "§2",
      ...profileSample(b.ctx),
    });
    const cause = { by: `${m.id}'s ${unbogging ? "unbogging" : "immobilisation"} test`, rolls: [index] };
    if (unbogging && passed) b.ref.outcome(m.id, "cleared", MARKERS.bogged, cause);
    else if (!passed && !unbogging) {
      b.ref.outcome(m.id, "damaged", MARKERS.bogged, cause);
      b.ref.note(`${m.id} is bogged down: its move ends, and its next action starts with an unbogging test`, "§2", [index]);
    } else b.ref.outcome(m.id, "no-effect", passed ? "passes, moves on" : STILL_BOGGED, cause);
  }
  if (!rolled) b.ref.note(`${unit} has no vehicle to test`, "§2");
  return rolled;
}
