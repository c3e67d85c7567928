/** The app: the table, the toolbar, the tool's panel and the game log, restored from the autosave. */
import { useCallback, useEffect, useState } from "react";
import { BattlefieldScene } from "../scene/BattlefieldScene";
import { useGame } from "../state/game";
import { useLosFeed, useSightSync } from "../state/useSight";
import { useEditor } from "../state/editorStore";
import { EditPanel } from "./panels/EditPanel";
import { HelpOverlay } from "./panels/HelpOverlay";
import { LogPanel } from "./panels/LogPanel";
import { LosPanel } from "./panels/LosPanel";
import { SelectionPanel } from "./panels/SelectionPanel";
import { TemplatePanel } from "./panels/TemplatePanel";
import { Toast } from "./panels/Toast";
import { Toolbar } from "./panels/Toolbar";
import { restoreAutosave, startAutosave } from "../state/persistence";
import { useUi } from "../state/uiStore";
import { exposeTestHooks } from "../state/testHooks";
import { useEditorShortcuts } from "./useEditorShortcuts";
import { useShortcuts } from "./useShortcuts";

function SidePanel() {
  const tool = useUi((s) => s.tool);
  const measured = useUi((s) => s.measured);
  const editing = useEditor((s) => s.editing);
  if (editing) {
    return (
      <div className="panel side editing" data-testid="side-panel">
        <EditPanel />
      </div>
    );
  }
  return (
    <div className="panel side" data-testid="side-panel">
      {tool === "select" && <SelectionPanel />}
      {tool === "los" && <LosPanel />}
      {tool === "template" && <TemplatePanel />}
      {tool === "measure" && <p className="muted">{measured.length < 2 ? "Click two models: the ruler shows base-to-base distance and height difference." : "Click another model to measure again."}</p>}
    </div>
  );
}

export function App() {
  const [ready, setReady] = useState(false);
  const [help, setHelp] = useState(false);
  const [focus, setFocus] = useState<{ ids: readonly string[]; serial: number }>({ ids: [], serial: 0 });
  useEffect(() => {
    // Restore first, then save every change: a refresh or a crash loses nothing.
    let stop = () => {};
    restoreAutosave(useGame)
      .catch((error: Error) => useGame.getState().notify("error", `Could not read the autosave: ${error.message}`))
      .finally(() => {
        stop = startAutosave(useGame);
        setReady(true);
      });
    return () => stop();
  }, []);
  useSightSync();
  useLosFeed();
  useEffect(exposeTestHooks, []);
  const onFocus = useCallback(() => setFocus((f) => ({ ids: useUi.getState().selection, serial: f.serial + 1 })), []);
  const onHelp = useCallback(() => setHelp((h) => !h), []);
  useShortcuts(onFocus, onHelp);
  useEditorShortcuts();
  return (
    <main className="app" data-ready={ready}>
      <BattlefieldScene focus={focus} />
      <Toolbar onHelp={onHelp} />
      <SidePanel />
      <LogPanel />
      <Toast />
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
    </main>
  );
}
