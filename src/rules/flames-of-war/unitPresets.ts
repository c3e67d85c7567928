/**
 * The units the battlefield editor offers under Flames of War: platoons of teams (each catalog figure
 * stands for one team), the PaK 40 gun team, and tank platoons and single vehicles. The source gives no
 * army lists or platoon organisations, so the compositions are sample data, marked "sample" in the editor;
 * each team's type, armour, training and weapons come from teams.sample.json.
 */
import { times, type UnitPreset } from "../ruleset";

const SAMPLE = "Sample organisation: the Flames of War source gives no army lists; edit src/rules/flames-of-war/unitPresets.ts.";

export const FOW_UNIT_PRESETS: readonly UnitPreset[] = [
  {
    id: "fow-us-rifle-platoon",
    name: "US rifle platoon",
    kind: "squad",
    models: ["us-nco", "us-bar-gunner", ...times(5, "us-rifleman"), "us-bazooka"],
    sample: SAMPLE,
  },
  {
    id: "fow-ger-grenadier-platoon",
    name: "Grenadier platoon",
    kind: "squad",
    models: ["ger-nco", ...times(2, "ger-mg42-team"), ...times(4, "ger-rifleman"), "ger-panzerschreck"],
    sample: SAMPLE,
  },
  { id: "fow-us-bazooka-team", name: "Bazooka team", kind: "team", models: ["us-bazooka"] },
  { id: "fow-us-30cal-team", name: ".30 cal MG team", kind: "team", models: ["us-30cal-team"] },
  { id: "fow-ger-panzerschreck-team", name: "Panzerschreck team", kind: "team", models: ["ger-panzerschreck"] },
  { id: "fow-ger-mg42-team", name: "MG 42 team", kind: "team", models: ["ger-mg42-team"] },
  { id: "fow-ger-pak40", name: "7.5 cm PaK 40 gun team", kind: "gun", models: ["ger-pak40"] },
  { id: "fow-us-sherman-platoon", name: "M4 Sherman tank platoon", kind: "vehicle", models: times(3, "us-sherman-m4"), sample: SAMPLE },
  { id: "fow-ger-panzer-iv-platoon", name: "Panzer IV tank platoon", kind: "vehicle", models: times(3, "ger-panzer-iv"), sample: SAMPLE },
  { id: "fow-ger-panther", name: "Panther", kind: "vehicle", models: ["ger-panther"] },
  { id: "fow-ger-sdkfz-251", name: "Sd.Kfz. 251/1 armoured transport", kind: "vehicle", models: ["ger-sdkfz-251"] },
  { id: "fow-us-jeep", name: "Jeep with .30 cal", kind: "vehicle", models: ["us-jeep"] },
  { id: "fow-ger-kubelwagen", name: "Kübelwagen", kind: "vehicle", models: ["ger-kubelwagen"] },
];
