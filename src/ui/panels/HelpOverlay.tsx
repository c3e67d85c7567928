/** Help: the camera, how to look and fire, and the shortcuts. */
import { EDITOR_SHORTCUTS } from "../useEditorShortcuts";
import { SHORTCUTS } from "../useShortcuts";
import { Dialog } from "./Dialog";

const CAMERA: ReadonlyArray<readonly [string, string]> = [
  ["left-drag on the table", "orbit around the table (on a model, with Select: move the model)"],
  ["right-drag, or Shift+left-drag", "pan"],
  ["mouse wheel", "zoom in and out (zoomed in, every figure gets its own sight label)"],
  ["F", "centre the camera on the selection"],
  ["V", "look through the selected model's eyes (or its weapon's sight)"],
];

function KeyTable({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <table>
      <tbody>
        {rows.map(([keys, what]) => (
          <tr key={keys}>
            <th>
              <kbd>{keys}</kbd>
            </th>
            <td>{what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HelpOverlay({ onClose, onBriefing }: { onClose: () => void; onBriefing: () => void }) {
  return (
    <Dialog className="panel help" label="Help" testId="help" onClose={onClose}>
      <div className="panel-title">
        <h2>Hulldown</h2>
        <button type="button" onClick={onBriefing}>
          Briefing
        </button>
        <button type="button" onClick={onClose} aria-label="Close help">
          ✕
        </button>
      </div>
      <p>Line of sight here is measured by rays against the real 3D table.</p>
      <h3>Look</h3>
      <ol>
        <li>
          Press <kbd>L</kbd>, click one of your models: every enemy unit shows how much of it can be seen.
        </li>
        <li>Hover an enemy: the rays appear (green clear, red blocked) and the panel gives the full report.</li>
      </ol>
      <h3>Fire</h3>
      <ol>
        <li>
          With <kbd>L</kbd>, click your firing model, then click the enemy model to fire at.
        </li>
        <li>
          The panel judges the shot under the game's rules: can it fire or why not, every modifier with its rule reference. Set the orders and options it asks
          for.
        </li>
        <li>
          Press <strong>Roll</strong>: the game's seeded dice resolve it into the game log; <kbd>Ctrl+Z</kbd> takes it back.
        </li>
      </ol>
      <h3>Camera</h3>
      <KeyTable rows={CAMERA} />
      <h3>Keys</h3>
      <KeyTable rows={SHORTCUTS} />
      <h3>Edit the battlefield</h3>
      <p>
        Edit mode (<kbd>B</kbd>, or <strong>Edit</strong> in the toolbar) is apart from play: its panel has two tabs. <strong>Terrain</strong> draws and places
        features and buildings; <strong>Forces</strong> (<kbd>P</kbd>) adds units from the rule system's presets where you click, names them, gives them a side,
        and edits or deletes the model you click. Every edit is undone with <kbd>Ctrl+Z</kbd>. A play tool (<kbd>S</kbd> <kbd>L</kbd> <kbd>M</kbd> <kbd>T</kbd>)
        or <kbd>B</kbd> goes back to play.
      </p>
      <KeyTable rows={EDITOR_SHORTCUTS} />
      <p className="muted">
        Your game is saved in this browser after every change. <kbd>?</kbd> or <kbd>Esc</kbd> closes this help.
      </p>
    </Dialog>
  );
}
