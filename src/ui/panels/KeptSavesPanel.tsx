/** Autosaves that did not restore whole, kept aside: open one into the table, or export it to a file. */
import { useEffect, useState } from "react";
import { useGame } from "../../state/game";
import { downloadKept, type KeptSave, keptSaves, restoreKept } from "../../state/persistence";
import { askToReplaceGame } from "./ConfirmDialog";
import { Dialog } from "./Dialog";

export function KeptSavesPanel({ onClose }: { onClose: () => void }) {
  const [kept, setKept] = useState<readonly KeptSave[] | string>();
  useEffect(() => {
    keptSaves().then(setKept, (error: Error) => setKept(`The kept saves cannot be read: ${error.message}`));
  }, []);
  return (
    <Dialog className="panel help" label="Kept saves" testId="kept-saves" onClose={onClose}>
      <h2>Kept saves</h2>
      <p className="muted">Autosaves that did not restore whole are kept here, never overwritten.</p>
      {kept === undefined && <p className="muted">Reading…</p>}
      {typeof kept === "string" && <p role="alert">{kept}</p>}
      {Array.isArray(kept) && kept.length === 0 && <p>None: every autosave so far restored whole.</p>}
      {Array.isArray(kept) && kept.length > 0 && (
        <table>
          <tbody>
            {kept.map((k, i) => (
              <tr key={`${k.keptAt}-${i}`} data-testid="kept-save">
                <th>{new Date(k.keptAt).toLocaleString()}</th>
                <td>{k.reason}</td>
                <td>
                  <button
                    type="button"
                    onClick={async () => {
                      if (!(await askToReplaceGame("Restore this kept save?", `The kept save of ${new Date(k.keptAt).toLocaleString()}`))) return;
                      restoreKept(k, useGame);
                      onClose();
                    }}
                  >
                    Restore
                  </button>{" "}
                  <button type="button" onClick={() => downloadKept(k)}>
                    Export
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </Dialog>
  );
}
