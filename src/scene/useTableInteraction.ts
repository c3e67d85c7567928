/**
 * What pointer gestures on the table do, by tool: select and drag models (select), pick a shooter and its
 * target (los), pick two ends to measure between, models or points (measure), lay a template on a point or
 * centred on a model, and drag laid templates (template); in edit mode on the forces, a click lays out the
 * unit chosen in the Forces panel.
 */
import type { ThreeEvent } from "@react-three/fiber";
import { Vector3 } from "three";
import { useEffect, useMemo } from "react";
import { modelPose, type Battlefield } from "../core/battlefield";
import { distance2, sub2, type Vec2 } from "../core/geometry2d";
import { editingForces } from "../state/editActions";
import { useEditor } from "../state/editorStore";
import { placeUnit, unitPresets } from "../state/forceActions";
import { landing } from "../state/landing";
import { useGame } from "../state/game";
import { useUi, type UiStore } from "../state/uiStore";
import type { Placement } from "../core/game/events";
import { placementOf } from "../core/game/models";
import { settleMoves, shiftedPlacement } from "../core/placement";
import { headingOf } from "../sight/facing";
import type { ModelPointerHandlers } from "./Miniatures";
import { templateAnchor, templateMovedTo } from "../core/game/templateAnchor";
import { placementAt, type TerrainHandlers } from "./Terrain";

/** A follower of a group drag: moved as far as the dragged model, facing as it did, on its floor while still in its building. */
export function followerPlacement(battlefield: Battlefield, from: Placement, drag: NonNullable<UiStore["drag"]>): Placement {
  return shiftedPlacement(battlefield, from, sub2(drag.placement.position, drag.path[0]!));
}

/** Drag path points closer than this are not recorded (cm). */
const PATH_STEP = 0.5;

let templateCount = 0;

const BUILDING_KINDS: ReadonlySet<string> = new Set(["roof", "building-wall"]);

/**
 * The model inside the building whose roof or wall the click met first: the one the pointer's ray passes
 * closest to, so a model upstairs is picked without hiding the roofs.
 */
function modelInside(battlefield: Battlefield, event: ThreeEvent<MouseEvent>): string | undefined {
  const hit = event.intersections[0];
  const { kind, owner } = (hit?.object.userData ?? {}) as { kind?: string; owner?: string };
  if (!hit || !kind || !BUILDING_KINDS.has(kind)) return undefined;
  let best: { id: string; distance: number } | undefined;
  for (const entry of battlefield.models.values()) {
    if (entry.model.floor?.building !== owner) continue;
    const pose = modelPose(battlefield, entry.model, entry.def);
    const distance = event.ray.distanceToPoint(new Vector3(pose.x, pose.y + (entry.def.figureHeight ?? 3) / 2, pose.z));
    if (!best || distance < best.distance) best = { id: entry.model.id, distance };
  }
  return best?.id;
}

/**
 * Lays the template tool's template at `at`, or centred on the model clicked. A flamethrower's teardrop runs
 * from the selected model (its firer) towards the point; clicking a model of the firer's own side instead
 * makes it the firer.
 */
function layTemplate(battlefield: Battlefield, at: Vec2, clicked?: string): void {
  const { template, selection, set } = useUi.getState();
  const id = `template-${Date.now().toString(36)}-${templateCount++}`;
  if (template.kind === "blast") {
    useGame
      .getState()
      .perform({
        type: "place-template",
        template: { id, from: "above", shape: { kind: "blast", at: [at[0], at[1]], radii: [...template.radii] }, label: clicked ? `on ${clicked}` : "" },
      });
    return;
  }
  const firer = selection[0] ? battlefield.models.get(selection[0]) : undefined;
  const clickedEntry = clicked ? battlefield.models.get(clicked) : undefined;
  if (clickedEntry && (!firer || clickedEntry.side === firer.side)) {
    set({ selection: [clickedEntry.model.id] });
    return;
  }
  if (!firer) {
    useGame.getState().notify("error", "Click the flamethrower's model first: the teardrop is laid from it towards where you click next.");
    return;
  }
  const heading = headingOf(sub2(at, firer.model.position));
  useGame.getState().perform({
    type: "place-template",
    template: {
      id,
      from: "level",
      level: modelPose(battlefield, firer.model, firer.def).y,
      shape: {
        kind: "teardrop",
        from: firer.model.position,
        heading,
        length: template.length,
        narrowWidth: template.narrowWidth,
        wideWidth: template.wideWidth,
      },
      label: `${template.name} flamethrower from ${firer.model.id}`,
      firer: firer.model.id,
    },
  });
}

/** A drag released where the sight world says it lands: the move (or the unit's moves) as one command. */
function dropped(drag: NonNullable<UiStore["drag"]>): void {
  const game = useGame.getState();
  // A model dropped on a wall or another model slides to the nearest free spot; with none near, the move is refused.
  if (!drag.followers.length) {
    const [move] = settleMoves(game.battlefield, [{ model: drag.model, to: drag.placement, path: [...drag.path] }]);
    game.perform({ type: "move", ...move! });
    return;
  }
  // The unit moves as one: each follower along the leader's path, shifted by where it stood.
  const start = drag.path[0]!;
  const moves = [
    { model: drag.model, to: drag.placement, path: [...drag.path] },
    ...drag.followers.map((f) => {
      const shift = sub2(f.from.position, start);
      return {
        model: f.model,
        to: followerPlacement(game.battlefield, f.from, drag),
        path: drag.path.map((p) => [p[0] + shift[0], p[1] + shift[1]] as [number, number]),
      };
    }),
  ];
  game.perform({ type: "move-group", moves: settleMoves(game.battlefield, moves) });
}

export function useTableInteraction(battlefield: Battlefield): {
  models: ModelPointerHandlers;
  terrain: TerrainHandlers;
  grabTemplate: (id: string, event: ThreeEvent<PointerEvent>) => void;
} {
  // Commit a drag when the pointer is released anywhere.
  useEffect(() => {
    const release = () => {
      const { drag, templateDrag, set } = useUi.getState();
      if (templateDrag) {
        set({ templateDrag: undefined });
        const laid = useGame.getState().state.templates[templateDrag.id];
        if (laid && distance2(templateAnchor(laid.shape), templateAnchor(templateDrag.shape)) >= 0.05) {
          useGame.getState().perform({ type: "move-template", id: templateDrag.id, to: templateDrag.shape });
        }
        return;
      }
      if (!drag) return;
      const entry = useGame.getState().battlefield.models.get(drag.model);
      if (!entry || distance2(entry.model.position, drag.placement.position) < 0.05) {
        set({ drag: undefined });
        return;
      }
      // The dragged model lands on the floor or ground the sight world has under it; the drag is shown until then.
      void landing(drag.placement.position, drag.placement.heading).then((to) => {
        if (useUi.getState().drag === drag) set({ drag: undefined });
        if (to) dropped({ ...drag, placement: to });
      });
    };
    window.addEventListener("pointerup", release);
    return () => window.removeEventListener("pointerup", release);
  }, []);

  return useMemo(() => {
    const ui = () => useUi.getState();
    const models: ModelPointerHandlers = {
      onModelDown(id, event) {
        if (ui().tool !== "select" || event.button !== 0) return;
        event.stopPropagation();
        const entry = battlefield.models.get(id);
        if (!entry) return;
        const { model } = entry;
        const selection = event.shiftKey ? [...new Set([...ui().selection, id])] : ui().selection.includes(id) ? ui().selection : [id];
        // Keep the model where it was grabbed relative to the pointer, so it does not jump to the cursor.
        const grabbed = placementAt(event, model.heading);
        const followers = selection
          .filter((other) => other !== id)
          .flatMap((other) => {
            const m = battlefield.models.get(other)?.model;
            return m ? [{ model: other, from: placementOf(m) }] : [];
          });
        ui().set({
          selection,
          drag: {
            model: id,
            placement: placementOf(model),
            path: [model.position],
            offset: grabbed ? sub2(model.position, grabbed.position) : [0, 0],
            followers,
          },
        });
      },
      onModelDoubleClick(id, event) {
        if (ui().tool !== "select") return;
        event.stopPropagation();
        const unit = battlefield.models.get(id)?.unitId;
        ui().set({ selection: [...battlefield.models.values()].filter((e) => e.unitId === unit).map((e) => e.model.id) });
      },
      onModelClick(clicked, event) {
        const { tool, shooter, measured, checks, set } = ui();
        // Through a roof the click means a model under it, not one hidden behind the building; through a wall
        // (or a window) the model the pointer meets is meant.
        const id = event.intersections[0]?.object.userData.kind === "roof" ? (modelInside(battlefield, event) ?? clicked) : clicked;
        if (tool === "los") {
          event.stopPropagation();
          const side = (m?: string) => (m ? battlefield.models.get(m)?.side : undefined);
          if (!shooter || side(shooter) === side(id)) set({ shooter: id, target: undefined, weapon: undefined, selection: [id] });
          else set({ target: id, checks: checks + 1 });
        } else if (tool === "measure") {
          event.stopPropagation();
          set({ measured: [...measured, { model: id }].slice(-2) });
        } else if (tool === "template") {
          event.stopPropagation();
          const entry = battlefield.models.get(id);
          if (entry) layTemplate(battlefield, entry.model.position, entry.model.id);
        }
      },
      onModelHover(id) {
        if (ui().hovered !== id) ui().set({ hovered: id });
      },
    };
    const terrain: TerrainHandlers = {
      onTerrainMove(event: ThreeEvent<PointerEvent>) {
        const { drag, templateDrag, set } = ui();
        if (templateDrag) {
          const at: Vec2 = [event.point.x + templateDrag.offset[0], event.point.z + templateDrag.offset[1]];
          set({ templateDrag: { ...templateDrag, shape: templateMovedTo(templateDrag.shape, at) } });
          return;
        }
        // Released (buttons up): the drop is landing; the model stays where it was let go.
        if (!drag || event.buttons === 0) return;
        const under = placementAt(event, drag.placement.heading);
        if (!under) return;
        const placement = { ...under, position: [under.position[0] + drag.offset[0], under.position[1] + drag.offset[1]] as [number, number] };
        const last = drag.path[drag.path.length - 1]!;
        const path = distance2(last, placement.position) >= PATH_STEP ? [...drag.path, placement.position] : drag.path;
        set({ drag: { ...drag, placement, path } });
      },
      onTerrainClick(event: ThreeEvent<MouseEvent>) {
        const { tool, measured, set } = ui();
        if (event.delta > 4) return; // the end of a camera drag, not a click
        // A click on a model seen through a window or over a wall is the model's, not the terrain's.
        if (event.intersections.some((hit) => hit.object.userData.kind === "model")) return;
        // With the roofs on, a model inside a building is clicked through its roof or walls (the pointer meets no model).
        const inside = modelInside(battlefield, event);
        if (inside) {
          if (tool === "select") set({ selection: [inside] });
          else models.onModelClick!(inside, event);
          return;
        }
        if (tool === "select" && !event.shiftKey) set({ selection: [] });
        if (editingForces()) {
          // Once per click: the event also reaches the other terrain meshes under the pointer.
          event.stopPropagation();
          const editor = useEditor.getState();
          const preset = unitPresets().find((p) => p.id === editor.preset);
          const pointed = placementAt(event, editor.heading);
          if (!preset) useGame.getState().notify("error", "Choose a unit in the Forces panel first, then click where it goes.");
          else if (pointed)
            void landing(pointed.position, editor.heading).then(
              (at) => at && placeUnit({ preset, side: editor.side, name: editor.unitName, formation: editor.formation, at }),
            );
          return;
        }
        if (tool === "measure") set({ measured: [...measured, { point: [event.point.x, event.point.y, event.point.z] as const }].slice(-2) });
        if (tool === "template") layTemplate(battlefield, [event.point.x, event.point.z]);
      },
    };
    const grabTemplate = (id: string, event: ThreeEvent<PointerEvent>) => {
      const laid = useGame.getState().state.templates[id];
      if (!laid) return;
      event.stopPropagation();
      const anchor = templateAnchor(laid.shape);
      ui().set({ templateDrag: { id, shape: laid.shape, offset: [anchor[0] - event.point.x, anchor[1] - event.point.z] } });
    };
    return { models, terrain, grabTemplate };
  }, [battlefield]);
}
