/**
 * Setting up a battle. The source names missions (Meeting Engagement, Prepared Positions…) but prints none of
 * them, nor a game length or deployment zones: everything here is a sample, so the missions built from it say
 * "sample".
 */
import type { MissionSetup } from "../../core/mission/samples";
import { inchesToCm } from "../../core/units";

export const FOW_MISSION_SETUP: MissionSetup = {
  turns: 6,
  zoneDepth: () => inchesToCm(12),
};
