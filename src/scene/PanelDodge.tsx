/**
 * Keeps the panels off what the user is working on (the feature being edited; the model dragged, the
 * line-of-sight shooter, the selected one): when it is drawn under the tool's panel or the game log, the two swap sides of the screen,
 * unless it would be covered there too.
 */
import { useFrame } from "@react-three/fiber";
import { Vector3 } from "three";
import { type Battlefield, modelPose } from "../core/battlefield";
import { featureCenter } from "../core/edit/shape";
import { useEditor } from "../state/editorStore";
import { useUi } from "../state/uiStore";

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

export function PanelDodge({ battlefield }: { battlefield: Battlefield }) {
  useFrame(({ camera, size }) => {
    const ui = useUi.getState();
    const point = workedOn(battlefield);
    if (!point) return;
    const v = point.project(camera);
    if (v.z > 1) return; // behind the camera
    const x = size.left + ((v.x + 1) / 2) * size.width;
    const y = size.top + ((1 - v.y) / 2) * size.height;
    const rects = panelRects();
    if (!rects.some((r) => covers(r, x, y))) return;
    if (rects.some((r) => covers(mirrored(r, window.innerWidth), x, y))) return;
    ui.set({ dock: ui.dock === "right" ? "left" : "right" });
  });
  return null;
}
