/**
 * Setting up a battle. The rules give the game's length and the deployment zones of a points mission; the
 * missions themselves are "published separately" (digest §18.1), so the objectives are Hulldown's samples.
 */
import type { MissionSetup } from "../../core/mission/samples";

/** No man's land between the two deployment zones (cm). */
const NO_MANS_LAND = 50;

export const OW2_MISSION_SETUP: MissionSetup = {
  // "Általában egy játék 6 körig tart" (usually a game lasts 6 turns): seed 000, line 37; digest §2.1.
  turns: 6,
  // Two deployment zones either side of a 50 cm no man's land, the rest shared equally (120 cm: 35 cm each):
  // seed 000, lines 987-989; digest §18.1.
  zoneDepth: (across) => Math.max(0, (across - NO_MANS_LAND) / 2),
  source: "Operation WW2 §2.1 (usually 6 turns) and §18.1 (zones either side of a 50 cm no man's land)",
};
