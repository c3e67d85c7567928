/** The shortcuts and the three things to try first. */
import { EDITOR_SHORTCUTS } from "../useEditorShortcuts";
import { SHORTCUTS } from "../useShortcuts";

export function HelpOverlay({ onClose }: { onClose: () => void }) {
  return (
    <div className="panel help" role="dialog" aria-label="Help" onClick={onClose}>
      <h2>Hulldown</h2>
      <p>Line of sight here is measured by rays against the real 3D table. To try it:</p>
      <ol>
        <li>Press <kbd>L</kbd>, click one of your models: every enemy shows how much of it can be seen.</li>
        <li>Hover an enemy: the rays appear (green clear, red blocked) and the panel gives the full report.</li>
        <li>Press <kbd>S</kbd> and drag a model somewhere else: the answers follow. <kbd>Ctrl+Z</kbd> undoes.</li>
      </ol>
      <table>
        <tbody>
          {[...SHORTCUTS, ...EDITOR_SHORTCUTS].map(([keys, what]) => (
            <tr key={keys}>
              <th><kbd>{keys}</kbd></th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Your game is saved in this browser after every change. Click to close.</p>
    </div>
  );
}
