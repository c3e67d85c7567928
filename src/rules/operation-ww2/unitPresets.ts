/**
 * The units the battlefield editor offers under Operation WW2: squads and teams of the catalog's figures,
 * the PaK 40 with its crew, and each vehicle on its own. The source gives no army lists (NOT GIVEN in the
 * digest), so the infantry compositions are sample data, editable here and marked "sample" in the editor.
 */
import { times, type UnitPreset } from "../ruleset";

const SAMPLE = "Sample composition: Operation WW2's army lists are not given in the source; edit src/rules/operation-ww2/unitPresets.ts.";

export const OW2_UNIT_PRESETS: readonly UnitPreset[] = [
  { id: "us-rifle-squad", name: "US rifle squad", kind: "squad", models: ["us-nco", "us-bar-gunner", ...times(8, "us-rifleman")], sample: SAMPLE },
  { id: "us-bazooka-team", name: "US bazooka team", kind: "team", models: ["us-bazooka", "us-rifleman"], sample: SAMPLE },
  { id: "us-30cal-team", name: "US .30 cal team", kind: "team", models: ["us-30cal-team"] },
  {
    id: "ger-grenadier-squad",
    name: "Panzergrenadier squad",
    kind: "squad",
    models: ["ger-nco", "ger-mg42-team", ...times(6, "ger-rifleman")],
    sample: SAMPLE,
  },
  { id: "ger-panzerschreck-team", name: "Panzerschreck team", kind: "team", models: ["ger-panzerschreck", "ger-rifleman"], sample: SAMPLE },
  { id: "ger-mg42-team", name: "MG 42 team", kind: "team", models: ["ger-mg42-team"] },
  { id: "ger-pak40", name: "7.5 cm PaK 40 with crew", kind: "gun", models: ["ger-pak40"] },
  { id: "us-sherman", name: "M4 Sherman", kind: "vehicle", models: ["us-sherman-m4"] },
  { id: "us-jeep", name: "Willys jeep with .30 cal", kind: "vehicle", models: ["us-jeep"] },
  { id: "ger-panzer-iv", name: "Panzer IV Ausf. H", kind: "vehicle", models: ["ger-panzer-iv"] },
  { id: "ger-panther", name: "Panther Ausf. G", kind: "vehicle", models: ["ger-panther"] },
  { id: "ger-sdkfz-251", name: "SdKfz 251/1 half-track", kind: "vehicle", models: ["ger-sdkfz-251"] },
  { id: "ger-kubelwagen", name: "Kübelwagen", kind: "vehicle", models: ["ger-kubelwagen"] },
];
