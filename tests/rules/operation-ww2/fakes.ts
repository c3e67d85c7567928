/**
 * Plain-data stand-ins for the worked examples: a rules context over a hand-placed table (no Rapier),
 * SightReports written by hand with the facts an example states, and dice that roll what the example rolled.
 */

import { createBattlefield } from "../../../src/core/battlefield";
import type { Dice, DieRoll } from "../../../src/core/dice";
import { tableContext } from "../../../src/rules/context";
import { judgeFire } from "../../../src/rules/judge";
import { type Ow2Context, type Ow2FireDeclaration, type Ow2FireVerdict, operationWw2 } from "../../../src/rules/operation-ww2";
import { type Ow2Setup, ow2Context } from "../../../src/rules/operation-ww2/context";
import type { SightRequest } from "../../../src/rules/ruleset";
import type { SightReport } from "../../../src/sight/sightReport";
import { type Placed, scenario, TEST_CATALOG } from "../../helpers/scene";

type Features = Parameters<typeof scenario>[0];

export function contextFor(models: Placed[], setup: Ow2Setup & { features?: Features; night?: boolean; turn?: number } = {}): Ow2Context {
  const bf = createBattlefield(scenario(setup.features ?? [], models), TEST_CATALOG);
  return ow2Context(tableContext(bf, { night: setup.night ?? false, turn: setup.turn ?? 2 }), setup);
}

export type ReportFacts = Partial<Omit<SightReport, "distance">> & { readonly distance?: number };

/** A SightReport with the given facts; everything else as on an open, flat table. */
export function fakeReport(request: SightRequest, facts: ReportFacts = {}): SightReport {
  const { distance = 20, ...rest } = facts;
  return {
    shooter: request.shooter,
    target: request.target,
    ...(request.weapon ? { weapon: request.weapon } : {}),
    origin: [0, 3, 0],
    visibleFraction: 1,
    anyVisible: true,
    samples: 36,
    confidence95: 0.02,
    parts: [],
    occluders: [],
    areas: [],
    openings: [],
    linearObstacles: [],
    modelsNearLine: [],
    distance: { edgeToEdge: distance, originToEdge: distance, centreToCentre: distance + 2.5, heightDifference: 0, shooterElevation: 0, targetElevation: 0 },
    facing: { hull: { bearing: 0, quadrant: "front", inFrontHalf: true } },
    hullDown: false,
    ...rest,
  };
}

/** A verdict whose sight questions are answered by `facts` (per request). */
export function judgeWith(ctx: Ow2Context, declaration: Ow2FireDeclaration, facts: (r: SightRequest) => ReportFacts): Ow2FireVerdict {
  return judgeFire(operationWw2, declaration, ctx, (r) => fakeReport(r, facts(r)));
}

/** Dice that roll the given values in order, recorded like the game's dice. */
export function scriptedDice(values: readonly number[]): Dice {
  const rolls: DieRoll[] = [];
  const next = (sides: number, reason: string) => {
    const value = values[rolls.length];
    if (value === undefined) throw new Error(`the script has no roll left for "${reason}"`);
    if (value < 1 || value > sides) throw new Error(`scripted ${value} cannot come up on a d${sides} ("${reason}")`);
    rolls.push({ index: rolls.length, sides, value, reason });
    return value;
  };
  return { seed: 0, roll: next, fraction: (reason) => (next(2 ** 32, reason) - 1) / 2 ** 32, rolls };
}

/** A low wall crossed by the line with the target just behind it, hiding part of it. */
export const behindLowWall = (kind: "wall" | "hedge", height: number, behind: number, hidden = 0.4): ReportFacts => ({
  visibleFraction: 1 - hidden,
  occluders: [{ id: `${kind}-1`, kind, parts: [kind], samples: 14 }],
  linearObstacles: [
    {
      id: `${kind}-1`,
      kind,
      height,
      thickness: 1,
      onCentreLine: true,
      alongLine: 15,
      distanceFromShooter: 15,
      distanceFromTarget: behind,
      shooterTouches: false,
      targetTouches: behind <= 0.5,
      clearance: 1,
      top: height,
    },
  ],
});
