/**
 * Deployment zones: where each side sets up. A rectangle is its two opposite corners; a point on a zone's edge
 * is in the zone, so a model set down exactly on the line drawn on the table is deployed.
 */
import { distanceToPolygonBoundary, pointInPolygon, type Vec2 } from "../geometry2d";
import type { DeploymentZone, Mission } from "../scenario/schema";

/** How close to a zone's outline (cm) a point counts as on it: rounding, not a rule. */
const ON_EDGE = 1e-6;

/** A zone's outline, a rectangle's four corners counter-clockwise seen from above. */
export function zoneOutline(zone: DeploymentZone): Vec2[] {
  if (zone.kind === "polygon") return zone.outline.map(([x, z]) => [x, z]);
  const [x0, x1] = [Math.min(zone.from[0], zone.to[0]), Math.max(zone.from[0], zone.to[0])];
  const [z0, z1] = [Math.min(zone.from[1], zone.to[1]), Math.max(zone.from[1], zone.to[1])];
  return [
    [x0, z0],
    [x1, z0],
    [x1, z1],
    [x0, z1],
  ];
}

/** Whether a point lies in the zone, its edge included. */
export function inZone(zone: DeploymentZone, point: Vec2): boolean {
  const outline = zoneOutline(zone);
  return pointInPolygon(point, outline) || distanceToPolygonBoundary(point, outline) <= ON_EDGE;
}

/** Whether `point` lies in one of `side`'s deployment zones (false for a side the mission gives no zone). */
export function inDeploymentZone(mission: Mission, side: string, point: Vec2): boolean {
  return mission.zones.some((zone) => zone.side === side && inZone(zone, point));
}
