/** The top bar: battlefield and file commands, the tools, and the view toggles. */
import { useRef } from "react";
import { BATTLEFIELDS } from "../battlefields";
import { gameOn, useGame } from "../game";
import { downloadGame, openFile } from "../persistence";
import { useUi, type Tool } from "../store/uiStore";

const TOOL_BUTTONS: ReadonlyArray<readonly [Tool, string, string]> = [
  ["select", "Select / move", "S"],
  ["los", "Line of sight", "L"],
  ["measure", "Ruler", "M"],
  ["template", "Templates", "T"],
];

export function Toolbar({ onHelp, onKeptSaves }: { onHelp: () => void; onKeptSaves: () => void }) {
  const { tool, unit, showRoofs, eyeView, viewshed, set } = useUi();
  const name = useGame((s) => s.log.header.scenario.name);
  const file = useRef<HTMLInputElement>(null);
  const newGame = (id: string) => {
    const battlefield = BATTLEFIELDS.find((b) => b.id === id);
    if (!battlefield) return;
    if (useGame.getState().log.events.length && !window.confirm("Start a new game? Save this one first if you want to keep it.")) return;
    const game = gameOn(battlefield.data);
    if (game.ok) {
      useGame.getState().replace(game.log, { kind: "info", text: `New game: ${battlefield.name}` });
      set({ selection: [], shooter: undefined, target: undefined, measured: [] });
    } else useGame.getState().notify("error", game.error);
  };
  return (
    <div className="toolbar">
      <h1>
        Hulldown <span className="muted">· {name}</span>
      </h1>
      <div className="group">
        {TOOL_BUTTONS.map(([id, label, key]) => (
          <button key={id} aria-pressed={tool === id} onClick={() => set({ tool: id })} title={`${label} (${key})`} data-testid={`tool-${id}`}>
            {label} <kbd>{key}</kbd>
          </button>
        ))}
      </div>
      <div className="group">
        <button aria-pressed={unit === "in"} onClick={() => set({ unit: unit === "cm" ? "in" : "cm" })} title="Units (U)">
          {unit === "cm" ? "cm" : "inches"}
        </button>
        <button aria-pressed={!showRoofs} onClick={() => set({ showRoofs: !showRoofs })} title="Roofs (R)">
          roofs {showRoofs ? "on" : "off"}
        </button>
        <button aria-pressed={eyeView} onClick={() => set({ eyeView: !eyeView })} title="Model's-eye view (V)">
          eye view
        </button>
        <button aria-pressed={viewshed} onClick={() => set({ viewshed: !viewshed })} title="What the selected model sees, painted on the table (W)" data-testid="toggle-viewshed">
          viewshed
        </button>
      </div>
      <div className="group">
        <select value="" onChange={(e) => newGame(e.target.value)} aria-label="New game on a battlefield">
          <option value="">New game…</option>
          {BATTLEFIELDS.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
        <button onClick={() => downloadGame(useGame.getState().log)}>Save</button>
        <button onClick={() => file.current?.click()}>Open…</button>
        <input
          ref={file}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void openFile(f, useGame);
            e.target.value = "";
          }}
        />
        <button onClick={onKeptSaves} title="Autosaves that did not restore whole" data-testid="open-kept-saves">
          Kept saves…
        </button>
        <button onClick={onHelp} title="Help (?)">?</button>
      </div>
    </div>
  );
}
