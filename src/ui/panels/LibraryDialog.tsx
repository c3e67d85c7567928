/**
 * The player's battlefields: save the table as it stands (to the browser's list, or as a scenario file), with
 * the game's rule system, and for each saved one play it, download it, rename it or delete it. Playing opens
 * New game… on it, its own rule system chosen; starting checks it like Open… (a damaged entry lists its
 * problems) and does not replace a game in progress without asking.
 */
import { useCallback, useEffect, useState } from "react";
import type { BattlefieldChoice } from "../../state/battlefields";
import { useGame } from "../../state/game";
import {
  battlefieldFileName,
  deleteBattlefield,
  listBattlefields,
  renameBattlefield,
  type SavedBattlefield,
  saveBattlefield,
  savedChoice,
  scenarioFile,
} from "../../state/library";
import { download } from "../../state/persistence";
import { askToConfirm } from "./ConfirmDialog";
import { Dialog } from "./Dialog";

export function LibraryDialog({ onPlay, onClose }: { onPlay(battlefield: BattlefieldChoice): void; onClose(): void }) {
  const scenario = useGame((s) => s.state.scenario);
  // The rule system of the game it was laid out under goes with it.
  const rules = useGame((s) => s.log.header.ruleset);
  const ruleset = { id: rules.id, version: rules.version };
  const notify = useGame((s) => s.notify);
  const [name, setName] = useState(scenario.name);
  const [entries, setEntries] = useState<SavedBattlefield[]>();
  const [renaming, setRenaming] = useState<{ id: string; name: string }>();
  const refresh = useCallback(() => {
    listBattlefields()
      .then(setEntries)
      .catch((error: Error) => notify("error", `Could not read the saved battlefields: ${error.message}`));
  }, [notify]);
  useEffect(refresh, [refresh]);
  const act = (what: string, job: Promise<unknown>) => job.then(refresh).catch((error: Error) => notify("error", `Could not ${what}: ${error.message}`));
  return (
    <Dialog label="Battlefields" testId="library" onClose={onClose}>
      <h2>Battlefields</h2>
      <div style={{ display: "flex", gap: 6, alignItems: "center", flexWrap: "wrap" }}>
        Save this table as
        <input value={name} onChange={(e) => setName(e.target.value)} aria-label="Battlefield name" data-testid="library-name" />
        <button
          type="button"
          disabled={!name.trim()}
          onClick={() =>
            act(
              "save the battlefield",
              saveBattlefield(scenario, name.trim(), ruleset).then(() => notify("info", `Saved ${name.trim()} in this browser`)),
            )
          }
          data-testid="library-save"
        >
          Save
        </button>
        <button
          type="button"
          disabled={!name.trim()}
          onClick={() => download(scenarioFile(scenario, name.trim(), ruleset), battlefieldFileName(name.trim()))}
          data-testid="library-download-table"
        >
          Download file
        </button>
      </div>
      <h3>Saved in this browser</h3>
      {entries === undefined ? (
        <p className="muted">Reading…</p>
      ) : entries.length === 0 ? (
        <p className="muted">None yet. Files can also be opened with Open… or dropped onto the window.</p>
      ) : (
        <table data-testid="library-list">
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="library-entry">
                <td>
                  {renaming?.id === entry.id ? (
                    <input
                      autoFocus
                      value={renaming.name}
                      aria-label="New name"
                      onChange={(e) => setRenaming({ id: entry.id, name: e.target.value })}
                      onKeyDown={(e) => {
                        if (e.key === "Enter" && renaming.name.trim())
                          void act("rename it", renameBattlefield(entry.id, renaming.name.trim())).then(() => setRenaming(undefined));
                        if (e.key === "Escape") setRenaming(undefined);
                      }}
                    />
                  ) : (
                    <span className="entry-name">{entry.name}</span>
                  )}
                  <div className="muted">{new Date(entry.saved).toLocaleString()}</div>
                </td>
                <td style={{ whiteSpace: "nowrap" }}>
                  <button type="button" onClick={() => onPlay(savedChoice(entry))} data-testid="library-play">
                    Play
                  </button>{" "}
                  <button type="button" onClick={() => download(entry.text, battlefieldFileName(entry.name))} data-testid="library-download">
                    Download
                  </button>{" "}
                  <button type="button" onClick={() => setRenaming({ id: entry.id, name: entry.name })}>
                    Rename
                  </button>{" "}
                  <button
                    type="button"
                    onClick={() =>
                      void askToConfirm(`Delete ${entry.name}?`, `${entry.name} is deleted from this browser's saved battlefields.`, "Delete").then((yes) => {
                        if (yes) void act("delete it", deleteBattlefield(entry.id));
                      })
                    }
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">Every change to the table is also autosaved: a refresh or a closed tab loses nothing.</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </Dialog>
  );
}
