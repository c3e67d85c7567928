/**
 * The editor's side panel, on the terrain or the forces. Terrain: what to add (every terrain kind the
 * battlefield format knows, building presets), the drawing in progress, snapping, and the selected
 * feature's properties; while a shape is being drawn, only the drawing and snapping, so the panel covers
 * little of the table. Forces: the Forces panel (units added, named, sided, deleted).
 */
import { useEffect } from "react";
import { BUILDING_PRESETS, pointsNeeded } from "../../core/edit/newFeatures";
import { shapeKind } from "../../core/edit/shape";
import type { FeatureKind } from "../../core/scenario/schema";
import { finishDrawing, gridUnitOf } from "../../state/editActions";
import { type EditPart, useEditor } from "../../state/editorStore";
import { useGame } from "../../state/game";
import { setEditing, startDrawing, startPreset, tools } from "../../state/tools";
import { FeatureProperties } from "./FeatureProperties";
import { ForcesPanel } from "./ForcesPanel";
import { MissionPanel } from "./MissionPanel";

const GROUPS: ReadonlyArray<readonly [string, ReadonlyArray<readonly [FeatureKind, string]>]> = [
  [
    "Areas",
    [
      ["woods", "woods"],
      ["crops", "crop field"],
      ["rough", "rough ground"],
      ["hill", "hill"],
    ],
  ],
  [
    "Lines",
    [
      ["wall", "wall"],
      ["hedge", "hedge"],
      ["bocage", "bocage"],
      ["sandbags", "sandbags"],
      ["wire", "wire"],
      ["trench", "trench"],
      ["tankTraps", "tank traps"],
    ],
  ],
  [
    "Roads and water",
    [
      ["road", "road"],
      ["river", "river"],
      ["stream", "stream"],
      ["pond", "pond"],
    ],
  ],
  [
    "Single",
    [
      ["smoke", "smoke"],
      ["crater", "crater"],
      ["foxhole", "foxhole"],
      ["wreck", "wreck"],
    ],
  ],
];

function hint(kind: FeatureKind): string {
  const shape = shapeKind({ kind });
  if (shape === "point") return "Click the table to place it.";
  const closing = shape === "outline" ? "click the first point to close" : "Enter or Finish to end, or click the first point to make a loop";
  return `Click the table point by point (at least ${pointsNeeded(kind)}); ${closing}. Backspace takes back a point, Esc stops.`;
}

/**
 * While a shape is drawn, a click that lands on the panel instead of the table is said, not lost: the drawing
 * keeps its points and the player learns why the corner did not come.
 */
function useClicksOnPanelSaid(points: number | undefined): void {
  useEffect(() => {
    if (points === undefined) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (!target?.closest(".panel.side") || target.closest("button, input, select, label, summary, a")) return;
      useGame.getState().notify("info", `That click was on the panel, not the table: the drawing still has ${points} point${points === 1 ? "" : "s"}.`);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [points]);
}

function Drawing() {
  const draw = useEditor((s) => s.draw);
  useClicksOnPanelSaid(draw && "kind" in draw ? draw.points.length : undefined);
  if (!draw) return null;
  if ("preset" in draw) {
    const preset = BUILDING_PRESETS.find((p) => p.id === draw.preset)!;
    return (
      <p className="hint-inline" data-testid="draw-hint">
        {preset.name}: click the table where it stands (the front faces the near edge). Esc stops.
      </p>
    );
  }
  return (
    <div className="hint-inline" data-testid="draw-hint">
      <p>
        Drawing a {draw.kind}: {draw.points.length} point{draw.points.length === 1 ? "" : "s"}. {hint(draw.kind)}
      </p>
      {shapeKind({ kind: draw.kind }) !== "point" && (
        <button type="button" onClick={() => finishDrawing()} disabled={draw.points.length < pointsNeeded(draw.kind)} data-testid="finish-drawing">
          Finish
        </button>
      )}{" "}
      <button type="button" onClick={tools.cancel}>
        Stop
      </button>
    </div>
  );
}

function Snapping() {
  const snap = useEditor((s) => s.snap);
  const set = (patch: Partial<typeof snap>) => useEditor.getState().set({ snap: { ...snap, ...patch } });
  const unit = useGame((s) => gridUnitOf(s.log.header.ruleset.id));
  return (
    <div className="row">
      <label>
        <input type="checkbox" checked={snap.grid} onChange={(e) => set({ grid: e.target.checked })} data-testid="snap-grid" /> grid
      </label>
      <input
        type="number"
        className="number"
        min={0.1}
        step={0.5}
        value={snap.gridSize}
        aria-label="grid size"
        onChange={(e) => Number(e.target.value) > 0 && set({ gridSize: Number(e.target.value) })}
      />
      <span className="muted">{unit === "in" ? "in" : "cm"}</span>
      <label>
        <input type="checkbox" checked={snap.features} onChange={(e) => set({ features: e.target.checked })} /> corners and edges
      </label>
    </div>
  );
}

const PARTS: ReadonlyArray<readonly [EditPart, string, string]> = [
  ["terrain", "Terrain", "Terrain and buildings: draw, place, reshape, move, delete"],
  ["forces", "Forces", "Forces: add units, name them, give them a side, edit and delete models (P)"],
  ["mission", "Mission", "Mission: deployment zones, objectives, game length"],
];

function Parts() {
  const part = useEditor((s) => s.part);
  return (
    <div className="row" role="tablist">
      {PARTS.map(([id, label, title]) => (
        <button
          type="button"
          key={id}
          role="tab"
          aria-selected={part === id}
          title={title}
          onClick={() => setEditing(true, id)}
          data-testid={`edit-part-${id}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export function EditPanel() {
  const part = useEditor((s) => s.part);
  return (
    <>
      <Parts />
      {part === "forces" ? <ForcesPanel /> : part === "mission" ? <MissionPanel /> : <TerrainPanel />}
    </>
  );
}

function TerrainPanel() {
  const draw = useEditor((s) => s.draw);
  const selected = useEditor((s) => s.selected);
  const feature = useGame((s) => s.state.scenario.features.find((f) => f.id === selected));
  const active = (kind: string) => !!draw && (("kind" in draw && draw.kind === kind) || ("preset" in draw && draw.preset === kind));
  // Once a shape has its first point the panel shrinks to the drawing, leaving the table to click on.
  if (draw && "kind" in draw && draw.points.length > 0) {
    return (
      <div data-testid="edit-panel">
        <Drawing />
        <Snapping />
      </div>
    );
  }
  return (
    <div data-testid="edit-panel">
      {GROUPS.map(([title, kinds]) => (
        <div key={title} className="row">
          <span className="muted group-title">{title}</span>
          {kinds.map(([kind, label]) => (
            <button type="button" key={kind} aria-pressed={active(kind)} onClick={() => startDrawing(kind)} data-testid={`draw-${kind}`}>
              {label}
            </button>
          ))}
        </div>
      ))}
      <div className="row">
        <span className="muted group-title">Buildings</span>
        {BUILDING_PRESETS.map((p) => (
          <button type="button" key={p.id} aria-pressed={active(p.id)} onClick={() => startPreset(p.id)} data-testid={`preset-${p.id}`}>
            {p.name}
          </button>
        ))}
        <button type="button" aria-pressed={active("building")} onClick={() => startDrawing("building")} data-testid="draw-building">
          drawn footprint
        </button>
      </div>
      <Drawing />
      <Snapping />
      {feature ? (
        <FeatureProperties feature={feature} />
      ) : (
        !draw && <p className="muted">Click a feature on the table to select it: drag its corners, its gizmo, or type its values here.</p>
      )}
    </div>
  );
}
