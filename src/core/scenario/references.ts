/**
 * Checks the schema cannot express: unique ids, references to model definitions and buildings,
 * openings that fit their walls, models on the table and inside the building whose floor they stand on.
 */

import { figureScale } from "../battlefield";
import { featurePoints, shapeKind } from "../edit/shape";
import { distance2, pointInPolygon } from "../geometry2d";
import type { ModelCatalog, ModelDefinition } from "../modelDefinition";
import { catalogFor } from "../scale";
import { checkModelShapes } from "../solids/modelSolids";
import type { ScenarioIssue } from "./issue";
import { type Building, type Feature, LIMITS, type Mission, type Model, type Point, type Scenario } from "./schema";

export function checkReferences(scenario: Scenario, catalog: ModelCatalog): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const seen = new Map<string, string>();
  const claimId = (id: string, path: string) => {
    const first = seen.get(id);
    if (first) issues.push({ path: `${path}.id`, message: `id "${id}" is already used at ${first}` });
    else seen.set(id, path);
  };
  const knownModels = () => [...catalog.keys()].join(", ");
  const { width, depth } = scenario.table;
  const onTable = ([x, z]: readonly [number, number]) => x >= 0 && x <= width && z >= 0 && z <= depth;

  const nearTable = ([x, z]: Point) => x >= -LIMITS.offTable && x <= width + LIMITS.offTable && z >= -LIMITS.offTable && z <= depth + LIMITS.offTable;
  issues.push(...checkCounts(scenario));

  scenario.features.forEach((feature, i) => {
    const path = `features[${i}]`;
    claimId(feature.id, path);
    const points = featurePoints(feature);
    const far = points.findIndex((p) => !nearTable(p));
    if (far >= 0)
      issues.push({
        path: pointPath(feature, path, far),
        message: `[${points[far]!.join(", ")}] is more than ${LIMITS.offTable} cm off the ${width} × ${depth} cm table`,
      });
    if (feature.kind === "building") issues.push(...checkBuilding(feature, path));
    if (feature.kind === "wreck") {
      const def = catalog.get(feature.model);
      if (!def) issues.push({ path: `${path}.model`, message: `unknown model definition "${feature.model}"; known: ${knownModels()}` });
      else if (!def.vehicle) issues.push({ path: `${path}.model`, message: `"${feature.model}" is not a vehicle and cannot be a wreck` });
    }
  });

  issues.push(...checkMiniatureIds(scenario));
  if (scenario.mission) issues.push(...checkMission(scenario.mission, scenario));

  const buildings = new Map(scenario.features.filter((f): f is Building => f.kind === "building").map((b) => [b.id, b]));
  scenario.forces.forEach((force, fi) => {
    claimId(force.id, `forces[${fi}]`);
    force.units.forEach((unit, ui) => {
      claimId(unit.id, `forces[${fi}].units[${ui}]`);
      unit.models.forEach((model, mi) => {
        const path = `forces[${fi}].units[${ui}].models[${mi}]`;
        claimId(model.id, path);
        if (!catalog.has(model.model)) {
          issues.push({ path: `${path}.model`, message: `unknown model definition "${model.model}"; known: ${knownModels()}` });
        }
        if (!onTable(model.position)) {
          issues.push({
            path: `${path}.position`,
            message: `[${model.position.join(", ")}] is off the ${width} × ${depth} cm table (x from 0 to ${width}, z from 0 to ${depth})`,
          });
        }
        if (model.floor && model.elevation !== undefined) {
          issues.push({ path: `${path}.floor`, message: "give either floor or elevation, not both" });
        }
        if (model.floor) {
          const building = buildings.get(model.floor.building);
          if (!building) issues.push({ path: `${path}.floor.building`, message: `no building with id "${model.floor.building}"` });
          else if (model.floor.level >= building.floors) {
            issues.push({
              path: `${path}.floor.level`,
              message: `building "${building.id}" has floors 0–${building.floors - 1} (0 is the ground floor), got ${model.floor.level}`,
            });
          }
          if (building && !pointInPolygon(model.position, building.footprint)) {
            issues.push({
              path: `${path}.position`,
              message: `[${model.position.join(", ")}] is outside the footprint of building "${building.id}", whose floor the model stands on`,
            });
          }
        }
        if (model.eyeHeight !== undefined && model.figureHeight !== undefined && model.eyeHeight > model.figureHeight) {
          issues.push({ path: `${path}.eyeHeight`, message: `eye (${model.eyeHeight} cm) above the top of the figure (${model.figureHeight} cm)` });
        }
        const def = catalog.get(model.model);
        if (def) issues.push(...checkModelSize(def, model, path));
      });
    });
  });
  return issues;
}

/** The JSON path of a feature's `index`-th shaping point (featurePoints' order). */
function pointPath(feature: Feature, path: string, index: number): string {
  const kind = shapeKind(feature);
  if (kind === "point") return `${path}.at`;
  const field = feature.kind === "building" ? "footprint" : kind === "outline" ? "outline" : kind === "points" ? "points" : "path";
  return `${path}.${field}[${index}]`;
}

/** Limits on the whole table the schema cannot count per list: models across units, buildings among features. */
function checkCounts(scenario: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const models = scenario.forces.reduce((n, f) => n + f.units.reduce((m, u) => m + u.models.length, 0), 0);
  if (models > LIMITS.models) issues.push({ path: "forces", message: `${models} models; a battlefield may have at most ${LIMITS.models}` });
  const units = scenario.forces.reduce((n, f) => n + f.units.length, 0);
  if (units > LIMITS.units) issues.push({ path: "forces", message: `${units} units; a battlefield may have at most ${LIMITS.units}` });
  const hills = scenario.features.filter((f) => f.kind === "hill");
  if (hills.length) {
    // The bounding box of every hill, clipped to the table: what the ground grid covers.
    const xs = hills.flatMap((h) => h.outline.map((p) => Math.min(Math.max(p[0], 0), scenario.table.width)));
    const zs = hills.flatMap((h) => h.outline.map((p) => Math.min(Math.max(p[1], 0), scenario.table.depth)));
    const area = (Math.max(...xs) - Math.min(...xs) + 1) * (Math.max(...zs) - Math.min(...zs) + 1);
    const tests = Math.round(area * xs.length);
    if (tests > LIMITS.hillGroundTests) {
      issues.push({
        path: "features",
        message: `the hills' ${xs.length} outline points over ${Math.round(area)} cm² of ground make ${tests} ground tests, more than the ${LIMITS.hillGroundTests} the ground may take; use fewer outline points or smaller hills`,
      });
    }
  }
  const buildings = scenario.features.filter((f) => f.kind === "building").length;
  if (buildings > LIMITS.buildings) issues.push({ path: "features", message: `${buildings} buildings; a battlefield may have at most ${LIMITS.buildings}` });
  return issues;
}

function checkBuilding(b: Building, path: string): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const walls = b.footprint.length;
  // A ruin has no roof, so its roof shape does not matter.
  if (!b.ruined && b.roof.state === "intact" && b.roof.shape === "gable" && walls !== 4) {
    issues.push({
      path: `${path}.roof.shape`,
      message: `a gable roof (the default) needs a 4-point footprint, this one has ${walls} points; give "roof": {"shape": "flat"}`,
    });
  }
  if (b.ruined?.wallHeights && b.ruined.wallHeights.length > walls) {
    issues.push({ path: `${path}.ruined.wallHeights`, message: `${b.ruined.wallHeights.length} heights for ${walls} walls` });
  }
  const openingIds = new Map<string, string>();
  b.openings.forEach((o, i) => {
    const at = `${path}.openings[${i}]`;
    const first = openingIds.get(o.id);
    if (first) issues.push({ path: `${at}.id`, message: `opening id "${o.id}" is already used at ${first}` });
    else openingIds.set(o.id, at);
    if (o.wall >= walls) {
      issues.push({ path: `${at}.wall`, message: `the building has walls 0–${walls - 1} (wall i runs from footprint point i to the next), got ${o.wall}` });
      return;
    }
    if (o.floor >= b.floors) issues.push({ path: `${at}.floor`, message: `the building has floors 0–${b.floors - 1}, got ${o.floor}` });
    const length = distance2(b.footprint[o.wall]!, b.footprint[(o.wall + 1) % walls]!);
    if (o.offset - o.width / 2 < 0 || o.offset + o.width / 2 > length) {
      const from = o.offset - o.width / 2;
      const to = o.offset + o.width / 2;
      issues.push({
        path: `${at}.offset`,
        message: `a ${o.width} cm wide opening centred ${o.offset} cm along wall ${o.wall} spans ${round(from)} to ${round(to)} cm, but the wall is ${round(length)} cm long`,
      });
    }
    if (o.sill + o.height > b.floorHeight) {
      issues.push({ path: `${at}.height`, message: `sill ${o.sill} + height ${o.height} cm is taller than the ${b.floorHeight} cm storey (floorHeight)` });
    }
  });
  return issues;
}

/** Lengths in messages: at most 2 decimals, no trailing zeros. */
const round = (cm: number) => String(Math.round(cm * 100) / 100);

/** An imported miniature's id names one model: not a shipped one, not another miniature. */
function checkMiniatureIds(scenario: Scenario): ScenarioIssue[] {
  const shipped = catalogFor(scenario.scale);
  const issues: ScenarioIssue[] = [];
  scenario.miniatures?.forEach((mini, i) => {
    const path = `miniatures[${i}].id`;
    if (shipped.has(mini.id)) issues.push({ path, message: `"${mini.id}" is a shipped model's id; give the miniature another` });
    else if (scenario.miniatures!.findIndex((m) => m.id === mini.id) < i)
      issues.push({ path, message: `id "${mini.id}" is already used by another miniature` });
  });
  return issues;
}

/**
 * A model as the sight engine builds it: an eye no higher than the model (or it sees over everything), and
 * figures not squashed so flat by a figureHeight that a convex part of them has no shape left.
 */
function checkModelSize(def: ModelDefinition, model: Model, path: string): ScenarioIssue[] {
  const scale = figureScale(def, model);
  const { top, unbuildable } = checkModelShapes(def, scale);
  const issues: ScenarioIssue[] = [];
  if (unbuildable) {
    issues.push({ path: `${path}.figureHeight`, message: `at ${model.figureHeight} cm the model's ${unbuildable}; give it a taller figure height` });
  }
  const figureTop = Math.max(top, model.figureHeight ?? def.figureHeight ?? 0);
  if (model.eyeHeight !== undefined && model.eyeHeight > figureTop && !(model.figureHeight !== undefined && model.eyeHeight > model.figureHeight)) {
    issues.push({
      path: `${path}.eyeHeight`,
      message: `eye (${model.eyeHeight} cm) above the top of the model (${round(figureTop)} cm); an eye is within its model`,
    });
  }
  return issues;
}

/**
 * A mission fits its table and names what exists: zones and objectives on the table, rectangles with an area,
 * objective ids once each, sides that a force or a deployment zone has, victory held at a point or area objective
 * and exits that a side can leave by.
 */
function checkMission(mission: Mission, scenario: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const { width, depth } = scenario.table;
  const offTable = (p: Point, path: string) => {
    if (p[0] < 0 || p[0] > width || p[1] < 0 || p[1] > depth)
      issues.push({ path, message: `[${p.join(", ")}] is off the ${width} × ${depth} cm table (x from 0 to ${width}, z from 0 to ${depth})` });
  };
  const sides = new Set([...scenario.forces.map((f) => f.side), ...mission.zones.map((z) => z.side)]);
  const knownSide = (side: string | undefined, path: string) => {
    if (side === undefined || sides.has(side)) return;
    const known = sides.size ? `the sides are ${[...sides].map((s) => `"${s}"`).join(", ")}` : "the battlefield has no forces and the mission no zones";
    issues.push({ path, message: `unknown side "${side}": no force or deployment zone has it; ${known}` });
  };

  mission.zones.forEach((zone, i) => {
    const path = `mission.zones[${i}]`;
    if (zone.kind === "polygon") zone.outline.forEach((p, k) => offTable(p, `${path}.outline[${k}]`));
    else {
      offTable(zone.from, `${path}.from`);
      offTable(zone.to, `${path}.to`);
      if (zone.from[0] === zone.to[0] || zone.from[1] === zone.to[1])
        issues.push({ path: `${path}.to`, message: "a rectangle's opposite corners must differ in x and in z" });
    }
  });

  const objectiveIds = new Map<string, string>();
  mission.objectives.forEach((objective, i) => {
    const path = `mission.objectives[${i}]`;
    const first = objectiveIds.get(objective.id);
    if (first) issues.push({ path: `${path}.id`, message: `objective id "${objective.id}" is already used at ${first}` });
    else objectiveIds.set(objective.id, path);
    knownSide(objective.side, `${path}.side`);
    if (objective.kind === "point") offTable(objective.at, `${path}.at`);
    if (objective.kind === "area") objective.outline.forEach((p, k) => offTable(p, `${path}.outline[${k}]`));
  });

  mission.victory.forEach((condition, i) => {
    const path = `mission.victory[${i}]`;
    if (condition.kind === "most-points") return;
    knownSide(condition.side, `${path}.side`);
    if (condition.kind === "hold") {
      const objective = mission.objectives.find((o) => o.id === condition.objective);
      const held = mission.objectives.filter((o) => o.kind !== "exit").map((o) => `"${o.id}"`);
      if (!objective || objective.kind === "exit")
        issues.push({
          path: `${path}.objective`,
          message: `no point or area objective "${condition.objective}" to hold; ${held.length ? `the mission has ${held.join(", ")}` : "the mission has none"}`,
        });
    } else if (!mission.objectives.some((o) => o.kind === "exit" && (o.side === undefined || o.side === condition.side)))
      issues.push({ path: `${path}.side`, message: `no exit objective that "${condition.side}" may leave by` });
  });
  return issues;
}
