/**
 * The units the battlefield editor offers under Bolt Action: infantry squads and teams of the catalog's
 * figures, the PaK 40 (artillery), and each vehicle on its own, under the names Bolt Action gives them. The
 * source gives no army lists (digest §9), so the squad and team compositions are sample data, marked
 * "sample" in the editor; each model's troop type, quality and weapons come from profiles.sample.json.
 */
import { times, type UnitPreset } from "../ruleset";

const SAMPLE = "Sample composition: the Bolt Action source gives no army lists (§9); edit src/rules/bolt-action/unitPresets.ts.";

export const BA_UNIT_PRESETS: readonly UnitPreset[] = [
  { id: "ba-us-rifle-squad", name: "US Army rifle squad", kind: "squad", models: ["us-nco", "us-bar-gunner", ...times(8, "us-rifleman")], sample: SAMPLE },
  { id: "ba-ger-grenadier-squad", name: "Grenadier squad", kind: "squad", models: ["ger-nco", "ger-mg42-team", ...times(7, "ger-rifleman")], sample: SAMPLE },
  { id: "ba-us-bazooka-team", name: "Bazooka team", kind: "team", models: ["us-bazooka", "us-rifleman"], sample: SAMPLE },
  { id: "ba-us-mmg-team", name: "MMG team (.30 cal)", kind: "team", models: ["us-30cal-team"] },
  { id: "ba-ger-panzerschreck-team", name: "Panzerschreck team", kind: "team", models: ["ger-panzerschreck", "ger-rifleman"], sample: SAMPLE },
  { id: "ba-ger-lmg-team", name: "LMG team (MG 42)", kind: "team", models: ["ger-mg42-team"] },
  { id: "ba-ger-pak40", name: "PaK 40 heavy anti-tank gun", kind: "gun", models: ["ger-pak40"] },
  { id: "ba-us-sherman", name: "M4 Sherman medium tank", kind: "vehicle", models: ["us-sherman-m4"] },
  { id: "ba-us-jeep", name: "Willys jeep with .30 cal (soft-skin)", kind: "vehicle", models: ["us-jeep"] },
  { id: "ba-ger-panzer-iv", name: "Panzer IV Ausf. H medium tank", kind: "vehicle", models: ["ger-panzer-iv"] },
  { id: "ba-ger-panther", name: "Panther Ausf. G heavy tank", kind: "vehicle", models: ["ger-panther"] },
  { id: "ba-ger-sdkfz-251", name: "Sd.Kfz. 251/1 half-track", kind: "vehicle", models: ["ger-sdkfz-251"] },
  { id: "ba-ger-kubelwagen", name: "Kübelwagen (soft-skin)", kind: "vehicle", models: ["ger-kubelwagen"] },
];
