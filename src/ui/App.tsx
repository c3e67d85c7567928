/** The app: the table, the toolbar, the tool's panel and the game log, restored from the autosave. */
import { useCallback, useEffect, useState } from "react";
import type { Vec2 } from "../core/geometry2d";
import { rulesetById } from "../rules/registry";
import { BattlefieldScene } from "../scene/BattlefieldScene";
import { useEditor } from "../state/editorStore";
import { useGame } from "../state/game";
import { startPersistence } from "../state/persistence";
import { joinFromAddress } from "../state/playOnline";
import { useReplay } from "../state/replayStore";
import { tablePointAt } from "../state/tablePicker";
import { exposeTestHooks } from "../state/testHooks";
import { useUi } from "../state/uiStore";
import { useLosFeed, useSightSync } from "../state/useSight";
import { ActionsPanel } from "./panels/ActionsPanel";
import { Briefing, firstBriefing } from "./panels/Briefing";
import { Collapsible } from "./panels/Collapsible";
import { ConfirmDialog } from "./panels/ConfirmDialog";
import { EditPanel } from "./panels/EditPanel";
import { GameResult } from "./panels/GameResult";
import { HelpOverlay } from "./panels/HelpOverlay";
import { ImportMiniDialog } from "./panels/ImportMiniDialog";
import { KeptSavesPanel } from "./panels/KeptSavesPanel";
import { LogPanel } from "./panels/LogPanel";
import { LosPanel } from "./panels/LosPanel";
import { OnlineBar } from "./panels/OnlineBar";
import { RejudgeNotice } from "./panels/RejudgeNotice";
import { ReplayBar } from "./panels/ReplayBar";
import { ReplayLoadNotice } from "./panels/ReplayLoadNotice";
import { SelectionPanel } from "./panels/SelectionPanel";
import { TemplatePanel } from "./panels/TemplatePanel";
import { Toast } from "./panels/Toast";
import { isModelFile, TOOL_NAMES, Toolbar } from "./panels/Toolbar";
import { TurnBar } from "./panels/TurnBar";
import { useEditorShortcuts } from "./useEditorShortcuts";
import { useReplayOpening } from "./useReplayOpening";
import { useShortcuts } from "./useShortcuts";

function SidePanel() {
  const tool = useUi((s) => s.tool);
  const folded = useUi((s) => s.folded);
  const measured = useUi((s) => s.measured);
  const limit = useUi((s) => s.panelLimits.side);
  const editing = useEditor((s) => s.editing);
  const toggle = () => useUi.getState().set({ folded: { ...folded, side: !folded.side } });
  if (editing) {
    return (
      <Collapsible title="Edit the battlefield" className="side editing" testId="side-panel" collapsed={folded.side} onToggle={toggle} maxHeight={limit}>
        <EditPanel />
      </Collapsible>
    );
  }
  return (
    <Collapsible title={TOOL_NAMES[tool]} className="side" testId="side-panel" collapsed={folded.side} onToggle={toggle} maxHeight={limit}>
      {tool === "select" && <SelectionPanel />}
      {tool === "select" && <ActionsPanel />}
      {tool === "los" && <LosPanel />}
      {tool === "template" && <TemplatePanel />}
      {tool === "measure" && (
        <p className="muted">
          {measured.length < 2
            ? "Click two models or two points of the table (or one of each): the ruler shows the distance (base to base between models) and the height difference."
            : "Click another model or point to measure again."}
        </p>
      )}
    </Collapsible>
  );
}

export function App() {
  const [ready, setReady] = useState(false);
  // The briefing opens once with every new game (after the autosave is restored); help opens with "?".
  const [overlay, setOverlay] = useState<"briefing" | "help">();
  const seed = useGame((s) => s.log.header.seed);
  const watching = useReplay((s) => s.replay !== undefined);
  useEffect(() => {
    if (ready && !watching && firstBriefing(seed)) setOverlay("briefing");
  }, [ready, seed, watching]);
  const [focus, setFocus] = useState<{ ids: readonly string[]; serial: number }>({ ids: [], serial: 0 });
  const [keptSaves, setKeptSaves] = useState(false);
  const [miniFile, setMiniFile] = useState<{ file: File; dropAt?: Vec2 }>();
  // A model file dropped on the window opens the import dialog; other drops are left to whoever takes them.
  const modelFileOf = (e: React.DragEvent) => [...e.dataTransfer.files].find((f) => isModelFile(f.name));
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
  // The UI speaks the game's rule system's unit (ruler, distances, template radii); U still toggles it.
  const rulesetId = useGame((s) => s.log.header.ruleset.id);
  const editing = useEditor((s) => s.editing);
  useEffect(() => useUi.getState().set({ unit: rulesetById(rulesetId)?.lengthUnit ?? "cm" }), [rulesetId]);
  const onFocus = useCallback(() => setFocus((f) => ({ ids: useUi.getState().selection, serial: f.serial + 1 })), []);
  const onHelp = useCallback(() => setOverlay((o) => (o === "help" ? undefined : "help")), []);
  const onBriefing = useCallback(() => setOverlay("briefing"), []);
  const onClose = useCallback(() => setOverlay(undefined), []);
  useShortcuts(onFocus, onHelp);
  useEditorShortcuts();
  useReplayOpening(ready);
  // A link to a game online joins its seat once the player's own game is restored (it stays in the autosave).
  useEffect(() => {
    if (ready) void joinFromAddress();
  }, [ready]);
  const dock = useUi((s) => s.dock);
  const turn = rulesetById(rulesetId)?.turn;
  // The result opens when the game ends (and again from the turn bar).
  const [result, setResult] = useState(false);
  const justEnded = useGame((s) => s.justRecorded?.type === "game-ended");
  useEffect(() => setResult(justEnded), [justEnded]);
  return (
    <main
      className={`app dock-${dock}`}
      data-ready={ready}
      onDragOver={(e) => e.dataTransfer.types.includes("Files") && e.preventDefault()}
      onDrop={(e) => {
        const f = modelFileOf(e);
        if (!f) return;
        e.preventDefault();
        // The mini will stand where it was dropped (a drop off the table: at its centre).
        setMiniFile({ file: f, dropAt: tablePointAt(e.clientX, e.clientY) });
      }}
    >
      <BattlefieldScene focus={focus} />
      <Toolbar onHelp={onHelp} onBriefing={onBriefing} onKeptSaves={() => setKeptSaves(true)} onImportMini={(file) => setMiniFile({ file })} />
      <SidePanel />
      <LogPanel />
      {turn && !editing && <TurnBar turn={turn} onResult={() => setResult(true)} />}
      <ReplayBar />
      <OnlineBar />
      <Toast />
      <ReplayLoadNotice />
      <RejudgeNotice />
      <ConfirmDialog />
      {result && <GameResult onClose={() => setResult(false)} />}
      {overlay === "help" && <HelpOverlay onClose={onClose} onBriefing={onBriefing} />}
      {overlay === "briefing" && <Briefing onClose={onClose} />}
      {keptSaves && <KeptSavesPanel onClose={() => setKeptSaves(false)} />}
      {miniFile && (
        <ImportMiniDialog
          key={`${miniFile.file.name}:${miniFile.file.lastModified}`}
          file={miniFile.file}
          dropAt={miniFile.dropAt}
          onClose={() => setMiniFile(undefined)}
        />
      )}
    </main>
  );
}
