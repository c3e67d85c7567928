/**
 * The template tool: a click lays the chosen template, a blast on the point or centred on the model clicked;
 * a flamethrower's teardrop runs from the selected model (its firer) towards the point, and a click on a
 * model of the firer's side makes that model the firer. A laid template is pressed and dragged to move it,
 * one move in the log (one undo).
 *
 *   idle ──press a laid template──▶ dragging ──release──▶ idle (moved, when it moved)
 *                                      └──Escape──▶ idle (left where it was)
 */
import { modelPose } from "../../core/battlefield";
import { newTemplateId } from "../../core/game/gameLog";
import { templateAnchor, templateMovedTo } from "../../core/game/templateAnchor";
import { distance2, sub2, type Vec2 } from "../../core/geometry2d";
import { headingOf } from "../../sight/facing";
import { useGame } from "../game";
import { useUi } from "../uiStore";
import type { TablePointer, ToolMachine } from "./machine";
import { clearPlay } from "./select";

/** A drag shorter than this (cm) leaves the template where it was. */
const NO_MOVE = 0.05;

/** Lays the tool's template at `at`, or centred on the model clicked (`on`). */
export function layTemplate(at: Vec2, on?: string): void {
  const { template, selection, set } = useUi.getState();
  const { battlefield, log, perform, notify } = useGame.getState();
  const id = newTemplateId(log);
  if (template.kind === "blast") {
    perform({
      type: "place-template",
      template: { id, from: "above", shape: { kind: "blast", at: [at[0], at[1]], radii: [...template.radii] }, label: on ? `on ${on}` : "" },
    });
    return;
  }
  const firer = selection[0] ? battlefield.models.get(selection[0]) : undefined;
  const clicked = on ? battlefield.models.get(on) : undefined;
  if (clicked && (!firer || clicked.side === firer.side)) {
    set({ selection: [clicked.model.id] });
    return;
  }
  if (!firer) {
    notify("error", "Click the flamethrower's model first: the teardrop is laid from it towards where you click next.");
    return;
  }
  perform({
    type: "place-template",
    template: {
      id,
      from: "level",
      level: modelPose(battlefield, firer.model, firer.def).y,
      shape: {
        kind: "teardrop",
        from: firer.model.position,
        heading: headingOf(sub2(at, firer.model.position)),
        length: template.length,
        narrowWidth: template.narrowWidth,
        wideWidth: template.wideWidth,
      },
      label: `${template.name} flamethrower from ${firer.model.id}`,
      firer: firer.model.id,
    },
  });
}

function layClicked(p: TablePointer): void {
  if (p.picked) {
    const model = useGame.getState().battlefield.models.get(p.picked)?.model;
    if (model) layTemplate(model.position, model.id);
  } else if (p.template) {
    // A click on a laid template is not a click on the table: it lays no other.
  } else if (p.point) layTemplate([p.point[0], p.point[2]]);
}

/** Picks up the laid template pressed; false when none was. */
function grab(p: TablePointer): boolean {
  const laid = p.template ? useGame.getState().state.templates[p.template.id] : undefined;
  if (!laid || !p.template || p.button !== 0) return false;
  const anchor = templateAnchor(laid.shape);
  const held = p.template.at;
  useUi.getState().set({ templateDrag: { id: laid.id, shape: laid.shape, offset: [anchor[0] - held[0], anchor[1] - held[1]] } });
  return true;
}

/** The template follows the pointer over the ground it lies on (through buildings and walls in front). */
function dragTo(p: TablePointer): void {
  const { templateDrag, set } = useUi.getState();
  if (!templateDrag || !p.ground) return;
  const at: Vec2 = [p.ground[0] + templateDrag.offset[0], p.ground[1] + templateDrag.offset[1]];
  set({ templateDrag: { ...templateDrag, shape: templateMovedTo(templateDrag.shape, at) } });
}

function release(): void {
  const { templateDrag, set } = useUi.getState();
  if (!templateDrag) return;
  set({ templateDrag: undefined });
  const laid = useGame.getState().state.templates[templateDrag.id];
  if (laid && distance2(templateAnchor(laid.shape), templateAnchor(templateDrag.shape)) >= NO_MOVE) {
    useGame.getState().perform({ type: "move-template", id: templateDrag.id, to: templateDrag.shape });
  }
}

const dropDrag = () => useUi.getState().set({ templateDrag: undefined });

export const templatesTool: ToolMachine<"template"> = {
  id: "template",
  initial: "idle",
  states: {
    idle: {
      onPointerDown: (p) => (grab(p) ? "dragging" : undefined),
      onClick: layClicked,
      onCancel: clearPlay,
    },
    dragging: {
      onPointerMove: dragTo,
      onPointerUp() {
        release();
        return "idle";
      },
      onCancel() {
        dropDrag();
        clearPlay();
        return "idle";
      },
      onInterrupt: dropDrag,
    },
  },
};
