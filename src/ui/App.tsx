/** The app: the table, the toolbar, the tool's panel and the game log, restored from the autosave. */
import { useCallback, useEffect, useState } from "react";
import { BattlefieldScene } from "../scene/BattlefieldScene";
import { useGame } from "./game";
import { useLosFeed, useSightSync } from "./hooks/useSight";
import { HelpOverlay } from "./panels/HelpOverlay";
import { LogPanel } from "./panels/LogPanel";
import { LosPanel } from "./panels/LosPanel";
import { SelectionPanel } from "./panels/SelectionPanel";
import { TemplatePanel } from "./panels/TemplatePanel";
import { Toast } from "./panels/Toast";
import { Toolbar } from "./panels/Toolbar";
import { KeptSavesPanel } from "./panels/KeptSavesPanel";
import { startPersistence } from "./persistence";
import { useUi } from "./store/uiStore";
import { exposeTestHooks } from "./testHooks";
import { useShortcuts } from "./useShortcuts";

function SidePanel() {
  const tool = useUi((s) => s.tool);
  const measured = useUi((s) => s.measured);
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
  const [keptSaves, setKeptSaves] = useState(false);
  useEffect(() => {
    // Restore first, then save every change: a refresh or a crash loses nothing. StrictMode runs this twice
    // in development: the first run's cleanup cancels it, so only one autosave subscription ever lives.
    let cancelled = false;
    let stop = () => {};
    void startPersistence(useGame, () => cancelled).then((stopSaving) => {
      if (cancelled) return stopSaving();
      stop = stopSaving;
      setReady(true);
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);
  useSightSync();
  useLosFeed();
  useEffect(exposeTestHooks, []);
  const onFocus = useCallback(() => setFocus((f) => ({ ids: useUi.getState().selection, serial: f.serial + 1 })), []);
  const onHelp = useCallback(() => setHelp((h) => !h), []);
  useShortcuts(onFocus, onHelp);
  return (
    <main className="app" data-ready={ready}>
      <BattlefieldScene focus={focus} />
      <Toolbar onHelp={onHelp} onKeptSaves={() => setKeptSaves(true)} />
      <SidePanel />
      <LogPanel />
      <Toast />
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
      {keptSaves && <KeptSavesPanel onClose={() => setKeptSaves(false)} />}
    </main>
  );
}
