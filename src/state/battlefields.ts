/** The battlefields that ship with Hulldown, validated when chosen. */
import normandyBocage from "../scenarios/normandy-bocage.json";
import defaultBattlefield from "../scenarios/default.json";
import ruinedTown from "../scenarios/ruined-town.json";

export const BATTLEFIELDS = [
  { id: "default", name: "Saint-Martin crossroads (default)", data: defaultBattlefield as unknown },
  { id: "normandy-bocage", name: "Hedgerows at Le Mesnil", data: normandyBocage as unknown },
  { id: "ruined-town", name: "The ruins of Saint-Lô", data: ruinedTown as unknown },
] as const;
