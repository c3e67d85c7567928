/**
 * Keeps the panels off what the user is working on (the feature being edited; the model dragged, the
 * line-of-sight shooter, the selected one): when it is drawn under the tool's panel or the game log, the two
 * swap sides of the screen, unless it would be covered there too; and a panel in its column is kept short of
 * it, so a panel that grows (a report, a new log line) never grows back over it.
 */
import { useFrame } from "@react-three/fiber";
import { Vector3 } from "three";
import { type Battlefield, modelPose } from "../core/battlefield";
import { featureCenter } from "../core/edit/shape";
import { useEditor } from "../state/editorStore";
import { type UiStore, useUi } from "../state/uiStore";

type Rect = { left: number; right: number; top: number; bottom: number };

const covers = (r: Rect, x: number, y: number) => x >= r.left - 8 && x <= r.right + 8 && y >= r.top - 8 && y <= r.bottom + 8;
const mirrored = (r: Rect, width: number): Rect => ({ left: width - r.right, right: width - r.left, top: r.top, bottom: r.bottom });

function panelRects(): Rect[] {
  return [".panel.side", ".panel.log"].flatMap((selector) => {
    const element = document.querySelector(selector);
    return element ? [element.getBoundingClientRect()] : [];
  });
}

/** Where the user is working: the feature being edited, else the model dragged, shooting or selected. */
function workedOn(battlefield: Battlefield): Vector3 | undefined {
  const { editing, selected } = useEditor.getState();
  const feature = editing && selected ? battlefield.scenario.features.find((f) => f.id === selected) : undefined;
  if (feature) {
    const [x, z] = featureCenter(feature);
    return new Vector3(x, battlefield.ground.heightAt([x, z]), z);
  }
  const ui = useUi.getState();
  const id = ui.drag?.model ?? (ui.tool === "los" ? ui.shooter : undefined) ?? ui.selection[0];
  const entry = id ? battlefield.models.get(id) : undefined;
  if (!entry) return undefined;
  const pose = modelPose(battlefield, entry.model, entry.def);
  return new Vector3(pose.x, pose.y, pose.z);
}

/** Least height a shortened panel keeps (its title and a few lines), px. */
const MIN_HEIGHT = 120;
/** Room left between a shortened panel and the point it stops short of, px. */
const MARGIN = 24;

/**
 * How tall each panel may be so it ends short of the point (x, y): the tool's panel hangs from the top, the
 * log stands on the bottom. Undefined where the panel's column does not hold the point.
 */
function limitsFor(x: number, y: number): UiStore["panelLimits"] {
  const limit = (selector: string, from: "top" | "bottom") => {
    const r = document.querySelector(selector)?.getBoundingClientRect();
    if (!r || x < r.left - 8 || x > r.right + 8) return undefined;
    const room = from === "top" ? y - r.top - MARGIN : r.bottom - y - MARGIN;
    // Rounded, so a model moving a pixel does not re-render the panels every frame.
    return room > 0 ? Math.max(MIN_HEIGHT, Math.floor(room / 10) * 10) : undefined;
  };
  return { side: limit(".panel.side", "top"), log: limit(".panel.log", "bottom") };
}

export function PanelDodge({ battlefield }: { battlefield: Battlefield }) {
  useFrame(({ camera, size }) => {
    const ui = useUi.getState();
    const point = workedOn(battlefield);
    const v = point?.project(camera);
    // Nothing worked on (or it is behind the camera): the panels take their own height.
    if (!v || v.z > 1) {
      if (ui.panelLimits.side !== undefined || ui.panelLimits.log !== undefined) ui.set({ panelLimits: {} });
      return;
    }
    const x = size.left + ((v.x + 1) / 2) * size.width;
    const y = size.top + ((1 - v.y) / 2) * size.height;
    const rects = panelRects();
    if (rects.some((r) => covers(r, x, y)) && !rects.some((r) => covers(mirrored(r, window.innerWidth), x, y))) {
      ui.set({ dock: ui.dock === "right" ? "left" : "right", panelLimits: {} });
      return;
    }
    // Covered on either side (or not at all): a panel in its column stops short of it, however much it grows.
    const limits = limitsFor(x, y);
    if (limits.side !== ui.panelLimits.side || limits.log !== ui.panelLimits.log) ui.set({ panelLimits: limits });
  });
  return null;
}
