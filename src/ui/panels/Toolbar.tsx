/** The top bar: battlefield and file commands, the tools, and the view toggles. */
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { GameLog, RulesetChoice } from "../../core/game/gameLog";
import { formatIssue } from "../../core/scenario/load";
import type { Mission } from "../../core/scenario/schema";
import { isReplayText } from "../../replay/replayFile";
import { rulesetById } from "../../rules/registry";
import type { BattlefieldChoice } from "../../state/battlefields";
import { useEditor } from "../../state/editorStore";
import { gameOn, useGame, withMission } from "../../state/game";
import type { GameStore } from "../../state/gameStore";
import { download, downloadGame, readGameFile } from "../../state/persistence";
import { rejudgeOpenedGame } from "../../state/rejudge";
import { openReplayText, replayText } from "../../state/replayStore";
import { chooseTool, setEditing } from "../../state/tools";
import { type Tool, useUi } from "../../state/uiStore";
import { askToReplaceGame } from "./ConfirmDialog";
import { LibraryDialog } from "./LibraryDialog";
import { NewGameDialog } from "./NewGameDialog";
import { OpenFileDialog } from "./OpenFileDialog";
import { PlayOnlineDialog } from "./PlayOnlineDialog";

/** Files the Import mini button and a drop on the table take. */
export const MODEL_FILE_TYPES = ".stl,.glb,.gltf";

/** Whether a file is a miniature's model (by its name), for the import dialog rather than Open…. */
export const isModelFile = (name: string): boolean => MODEL_FILE_TYPES.split(",").some((ext) => name.toLowerCase().endsWith(ext));

export const TOOL_NAMES: Readonly<Record<Tool, string>> = { select: "Select / move", los: "Line of sight", measure: "Ruler", template: "Templates" };

const TOOL_KEYS: ReadonlyArray<readonly [Tool, string]> = [
  ["select", "S"],
  ["los", "L"],
  ["measure", "M"],
  ["template", "T"],
];

/** Puts another game on the table; nothing selected or measured carries over. */
function startGame(log: GameLog, message: GameStore["message"]): void {
  useGame.getState().replace(log, message);
  useUi.getState().set({ selection: [], shooter: undefined, target: undefined, measured: [] });
}

/** A view switch of the toolbar: pressed while on. */
function ViewToggle({ on, onToggle, title, testId, children }: { on: boolean; onToggle: () => void; title: string; testId: string; children: ReactNode }) {
  return (
    <button type="button" aria-pressed={on} onClick={onToggle} title={title} data-testid={testId}>
      {children}
    </button>
  );
}

export function Toolbar({
  onHelp,
  onBriefing,
  onKeptSaves,
  onImportMini,
}: {
  onHelp: () => void;
  onBriefing: () => void;
  onKeptSaves: () => void;
  onImportMini: (file: File) => void;
}) {
  const { tool, unit, showRoofs, eyeView, viewshed, showColliders, set } = useUi();
  const hasMinis = useGame((s) => (s.state.scenario.miniatures?.length ?? 0) > 0);
  const editing = useEditor((s) => s.editing);
  const part = useEditor((s) => s.part);
  const name = useGame((s) => s.log.header.scenario.name);
  const file = useRef<HTMLInputElement>(null);
  const replayFile = useRef<HTMLInputElement>(null);
  const miniFile = useRef<HTMLInputElement>(null);
  const [unplayable, setUnplayable] = useState<{ name: string; problems: readonly string[] }>();
  const [library, setLibrary] = useState(false);
  const [online, setOnline] = useState(false);
  // New game…: open, with the battlefield it starts on (a saved one's Play chooses it).
  const [choosing, setChoosing] = useState<{ battlefield?: BattlefieldChoice }>();
  const newGame = async (battlefield: BattlefieldChoice, ruleset: RulesetChoice, mission: Mission | null | undefined) => {
    const system = rulesetById(ruleset.id)?.name ?? ruleset.id;
    if (!(await askToReplaceGame("Start a new game?", `A new game on ${battlefield.name} under ${system}`))) return;
    setChoosing(undefined);
    let data: unknown;
    try {
      data = await battlefield.load();
    } catch (error) {
      return setUnplayable({ name: battlefield.name, problems: [`it cannot be read: ${(error as Error).message}`] });
    }
    const game = gameOn(withMission(data, mission), ruleset);
    if (!game.ok) return setUnplayable({ name: battlefield.name, problems: game.issues.map(formatIssue) });
    startGame(game.log, {
      kind: "info",
      text: `New game: ${battlefield.name}, ${system}${game.log.header.scenario.scale === "15mm" ? ", 15 mm" : ""}`,
    });
  };
  const open = async (f: File) => {
    const text = await f.text();
    if (isReplayText(text)) return void openReplayText(text, f.name);
    const result = await readGameFile(f);
    if (!result.ok) return setUnplayable({ name: f.name, problems: result.problems });
    // A game with nothing in it yet is no loss; anything else is the player's to keep or replace.
    if (!(await askToReplaceGame(`Open ${f.name}?`, f.name))) return;
    startGame(result.log, result.message);
    void rejudgeOpenedGame(result.log, f.name);
  };
  // A file dropped anywhere on the window is opened as with Open… (a replay in the player), but a miniature's,
  // which the table takes (and marks taken).
  useEffect(() => {
    const over = (e: DragEvent) => e.preventDefault();
    const drop = (e: DragEvent) => {
      if (e.defaultPrevented) return;
      e.preventDefault();
      const f = e.dataTransfer?.files[0];
      if (f && !isModelFile(f.name)) void open(f);
    };
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
    };
  });
  const toolbar = useUnderToolbar();
  return (
    <div className="toolbar" ref={toolbar}>
      <h1>
        Hulldown <span className="muted">· {name}</span>
      </h1>
      <div className="group">
        <button
          type="button"
          aria-pressed={editing}
          onClick={() => setEditing(!editing)}
          title="Edit mode: lay out the battlefield's terrain, buildings and forces; press again to play (B)"
          data-testid="toggle-edit"
        >
          Edit <kbd>B</kbd>
        </button>
        <button
          type="button"
          aria-pressed={editing && part === "forces"}
          onClick={() => setEditing(true, "forces")}
          title="Edit mode on the forces: add units, name them, give them a side, delete them (P)"
          data-testid="edit-forces"
        >
          Forces <kbd>P</kbd>
        </button>
      </div>
      <div className="group">
        {TOOL_KEYS.map(([id, key]) => (
          <button
            type="button"
            key={id}
            aria-pressed={!editing && tool === id}
            onClick={() => chooseTool(id)}
            title={`${TOOL_NAMES[id]} (${key})`}
            data-testid={`tool-${id}`}
          >
            {TOOL_NAMES[id]} <kbd>{key}</kbd>
          </button>
        ))}
      </div>
      <div className="group">
        <button type="button" aria-pressed={unit === "in"} onClick={() => set({ unit: unit === "cm" ? "in" : "cm" })} title="Units (U)">
          {unit === "cm" ? "cm" : "inches"}
        </button>
        <button type="button" aria-pressed={!showRoofs} onClick={() => set({ showRoofs: !showRoofs })} title="Roofs (R)">
          roofs {showRoofs ? "on" : "off"}
        </button>
        <button type="button" aria-pressed={eyeView} onClick={() => set({ eyeView: !eyeView })} title="Model's-eye view (V)">
          eye view
        </button>
        <ViewToggle
          on={viewshed}
          onToggle={() => set({ viewshed: !viewshed })}
          title="What the selected model sees, painted on the table (W)"
          testId="toggle-viewshed"
        >
          viewshed
        </ViewToggle>
        {hasMinis && (
          <ViewToggle
            on={showColliders}
            onToggle={() => set({ showColliders: !showColliders })}
            title="Imported miniatures as the colliders that block sight (convex parts or simplified mesh), or as imported (C)"
            testId="toggle-colliders"
          >
            colliders
          </ViewToggle>
        )}
      </div>
      <div className="group">
        <button type="button" onClick={() => setChoosing({})} data-testid="new-game-open" title="A battlefield and a rule system">
          New game…
        </button>
        <button type="button" onClick={() => downloadGame(useGame.getState().log)}>
          Save
        </button>
        <button type="button" onClick={() => file.current?.click()}>
          Open…
        </button>
        <button type="button" onClick={() => setLibrary(true)} data-testid="open-library">
          Battlefields…
        </button>
        <button type="button" onClick={() => setOnline(true)} data-testid="play-online-open" title="Play this table with someone on another machine">
          Play online…
        </button>
        <input
          ref={file}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void open(f);
            e.target.value = "";
          }}
        />
        <button type="button" onClick={() => replayFile.current?.click()} title="Watch a replay file (or drop one on the window)">
          Replay…
        </button>
        <input
          ref={replayFile}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="open-replay"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void f.text().then((text) => openReplayText(text, f.name));
            e.target.value = "";
          }}
        />
        <button
          type="button"
          onClick={() => download(replayText(), `hulldown-${name.replace(/[^\w-]+/g, "-").toLowerCase()}-replay.json`)}
          title="Save this game as a replay file to share"
        >
          Export replay
        </button>
        <button
          type="button"
          onClick={() => miniFile.current?.click()}
          title="Import your own miniature (STL, GLB or glTF); or drop the file on the table"
          data-testid="import-mini"
        >
          Import mini…
        </button>
        <input
          ref={miniFile}
          type="file"
          accept={MODEL_FILE_TYPES}
          hidden
          data-testid="import-mini-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) onImportMini(f);
            e.target.value = "";
          }}
        />
        <button type="button" onClick={onBriefing} title="The scenario's briefing">
          Briefing
        </button>
        <button type="button" onClick={onKeptSaves} title="Autosaves that did not restore whole" data-testid="open-kept-saves">
          Kept saves…
        </button>
        <button type="button" onClick={onHelp} title="Help (?)">
          ?
        </button>
      </div>
      {online && <PlayOnlineDialog onClose={() => setOnline(false)} />}
      {library && (
        <LibraryDialog
          onClose={() => setLibrary(false)}
          onPlay={(battlefield) => {
            setLibrary(false);
            setChoosing({ battlefield });
          }}
        />
      )}
      {choosing && <NewGameDialog initial={choosing.battlefield} onStart={(b, r, m) => void newGame(b, r, m)} onClose={() => setChoosing(undefined)} />}
      {unplayable && <OpenFileDialog name={unplayable.name} problems={unplayable.problems} onClose={() => setUnplayable(undefined)} />}
    </div>
  );
}

/**
 * Where the panels under the toolbar start: the toolbar wraps onto more rows on a narrow window, so its
 * measured bottom (plus a gap, never above the 96 px the wide layout was drawn for) is set as --under-toolbar.
 */
function useUnderToolbar() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const toolbar = ref.current;
    if (!toolbar) return;
    const place = () =>
      document.documentElement.style.setProperty("--under-toolbar", `${Math.max(96, Math.ceil(toolbar.getBoundingClientRect().bottom) + 10)}px`);
    const observer = new ResizeObserver(place);
    observer.observe(toolbar);
    place();
    return () => observer.disconnect();
  }, []);
  return ref;
}
