/**
 * The units the battlefield editor offers under Battleground WWII: squads and weapon teams of the catalog's
 * figures, the PaK 40 with its crew, and each vehicle on its own. The sheet gives no organisations or troop
 * data (digest §13), so the compositions are sample data, marked "sample" in the editor; each model's
 * training, DM and weapons come from profiles.sample.json.
 */
import { times, type UnitPreset } from "../ruleset";

const SAMPLE = "Sample composition: the Battleground WWII sheet gives no organisations (§13); edit src/rules/battleground/unitPresets.ts.";

export const BG_UNIT_PRESETS: readonly UnitPreset[] = [
  { id: "bg-us-rifle-squad", name: "US rifle squad", kind: "squad", models: ["us-nco", "us-bar-gunner", ...times(10, "us-rifleman")], sample: SAMPLE },
  { id: "bg-ger-gruppe", name: "Grenadier Gruppe", kind: "squad", models: ["ger-nco", "ger-mg42-team", ...times(7, "ger-rifleman")], sample: SAMPLE },
  { id: "bg-us-bazooka-team", name: "Bazooka team", kind: "team", models: ["us-bazooka", "us-rifleman"], sample: SAMPLE },
  { id: "bg-us-30cal-team", name: ".30 cal MG team", kind: "team", models: ["us-30cal-team"] },
  { id: "bg-ger-panzerschreck-team", name: "Panzerschreck team", kind: "team", models: ["ger-panzerschreck", "ger-rifleman"], sample: SAMPLE },
  { id: "bg-ger-mg42-team", name: "MG 42 team", kind: "team", models: ["ger-mg42-team"] },
  { id: "bg-ger-pak40", name: "7.5 cm PaK 40 with crew", kind: "gun", models: ["ger-pak40"] },
  { id: "bg-us-sherman", name: "M4 Sherman", kind: "vehicle", models: ["us-sherman-m4"] },
  { id: "bg-us-jeep", name: "Willys jeep with .30 cal", kind: "vehicle", models: ["us-jeep"] },
  { id: "bg-ger-panzer-iv", name: "Panzer IV Ausf. H", kind: "vehicle", models: ["ger-panzer-iv"] },
  { id: "bg-ger-panther", name: "Panther Ausf. G", kind: "vehicle", models: ["ger-panther"] },
  { id: "bg-ger-sdkfz-251", name: "Sd.Kfz. 251/1 half-track", kind: "vehicle", models: ["ger-sdkfz-251"] },
  { id: "bg-ger-kubelwagen", name: "Kübelwagen", kind: "vehicle", models: ["ger-kubelwagen"] },
];
