/**
 * Setting up a battle. The source gives the turn (orders, turn end) but no game length, deployment or
 * missions: everything here is a sample, so the missions built from it say "sample".
 */
import type { MissionSetup } from "../../core/mission/samples";
import { inchesToCm } from "../../core/units";

export const BA_MISSION_SETUP: MissionSetup = {
  turns: 6,
  zoneDepth: () => inchesToCm(12),
};
