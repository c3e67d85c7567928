/** Autosaves that did not restore whole, kept aside: open one into the table, or export it to a file. */
import { useEffect, useState } from "react";
import { useGame } from "../../state/game";
import { downloadKept, type KeptSave, keptSaves, restoreKept } from "../../state/persistence";

export function KeptSavesPanel({ onClose }: { onClose: () => void }) {
  const [kept, setKept] = useState<readonly KeptSave[] | string>();
  useEffect(() => {
    keptSaves().then(setKept, (error: Error) => setKept(`The kept saves cannot be read: ${error.message}`));
  }, []);
  return (
    <div className="panel help" role="dialog" aria-label="Kept saves" data-testid="kept-saves">
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
                    onClick={() => {
                      if (
                        useGame.getState().log.events.length &&
                        !window.confirm("Replace the current game with this kept save? Save the current one first if you want to keep it.")
                      )
                        return;
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
    </div>
  );
}
