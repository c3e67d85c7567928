/**
 * A small table for the tool machines' tests, on the app's real stores: two riflemen of side A in one unit
 * and a Sherman of side B in the open, a two-storey house with a rifleman upstairs, and a wall. Drops land
 * through the real sight host, in this thread. `pointer` makes the synthetic TablePointer the scene reports.
 */
import { newGame } from "../../../src/core/game/gameLog";
import type { Scenario } from "../../../src/core/scenario/schema";
import { useEditor } from "../../../src/state/editorStore";
import { useGame } from "../../../src/state/game";
import { landing } from "../../../src/state/landing";
import { createSightClient } from "../../../src/state/sightClient";
import { createTools } from "../../../src/state/tools";
import type { TablePointer, ToolManager } from "../../../src/state/tools/machine";
import { useUi } from "../../../src/state/uiStore";
import { scenario, testHouse } from "../../helpers/scene";
import { inProcessWorker } from "../../helpers/sightHost";

export const TABLE: Scenario = scenario(
  [
    testHouse(),
    {
      id: "wall-1",
      kind: "wall",
      path: [
        [20, 90],
        [60, 90],
      ],
    },
  ],
  [
    { id: "r1", model: "us-rifleman", position: [30, 30], unit: "squad" },
    { id: "r2", model: "us-rifleman", position: [34, 30], unit: "squad" },
    { id: "sniper", model: "us-rifleman", position: [110, 60], floor: { building: "house", level: 1 } },
    { id: "tank", model: "ger-panzer-iv", position: [150, 30], side: "B" },
  ],
);

/** A fresh game on TABLE, the play and editor stores as the app starts them, and tools whose drops land through a real sight host. */
export async function freshTable(): Promise<ToolManager> {
  useGame.getState().replace(newGame(TABLE, { seed: 7, ruleset: { id: "operation-ww2", version: "2.0", options: {} } }));
  useUi.getState().set({
    tool: "select",
    selection: [],
    hovered: undefined,
    shooter: undefined,
    target: undefined,
    weapon: undefined,
    checks: 0,
    measured: [],
    drag: undefined,
    templateDrag: undefined,
    template: { kind: "blast", radii: [5], name: "L12", length: 12, narrowWidth: 2, wideWidth: 5 },
  });
  useEditor
    .getState()
    .set({ editing: false, part: "terrain", draw: undefined, selected: undefined, vertexDrag: undefined, pointer: undefined, floorShown: {} });
  const client = createSightClient(inProcessWorker());
  await client.sync(TABLE);
  const tools = createTools((at, heading) => landing(at, heading, client));
  tools.reset();
  return tools;
}

/** What the scene would report with the pointer on the table at [x, z] (ground height 0), over what `on` names. */
export function pointer(at: readonly [number, number], on: Partial<TablePointer> = {}): TablePointer {
  return {
    point: [at[0], 0, at[1]],
    stand: { position: [at[0], at[1]] },
    ground: at,
    button: 0,
    pressed: false,
    shift: false,
    alt: false,
    dragged: false,
    ...on,
  };
}

/** The same over a model: what the ray meets and what a click there means. */
export const onModel = (model: string, at: readonly [number, number], extra: Partial<TablePointer> = {}): TablePointer =>
  pointer(at, { model, picked: model, ...extra });

/** Lets the drops' landings (promises on the in-process sight host) finish. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

export const events = () => useGame.getState().log.events.slice(0, useGame.getState().log.cursor);
export const positionOf = (id: string) => useGame.getState().battlefield.models.get(id)!.model.position;
