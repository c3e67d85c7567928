/** The 3D tabletop: lights, terrain, miniatures and the overlays of the active tool. */
import { Canvas } from "@react-three/fiber";
import { useCallback, useMemo, useState } from "react";
import { type Battlefield, createBattlefield, type ModelEntry } from "../core/battlefield";
import { placed, withModel } from "../core/game/models";
import { type Pose, replayFrame } from "../replay/frame";
import { rulesetById } from "../rules/registry";
import { distanceFormat } from "../state/distances";
import { useEditor } from "../state/editorStore";
import { useGame } from "../state/game";
import { useReplay } from "../state/replayStore";
import { followerPlacement } from "../state/tools/select";
import { type UiStore, useUi } from "../state/uiStore";
import { useVideoStage } from "../state/videoStage";
import { CameraRig } from "./CameraRig";
import { DragDistance } from "./DragDistance";
import { EditorOverlay } from "./EditorOverlay";
import { FirstFrameMark } from "./FirstFrameMark";
import { LosOverlay } from "./LosOverlay";
import { MeasureOverlay } from "./MeasureOverlay";
import { Miniatures } from "./Miniatures";
import { MissionMarks, ZoneDraft } from "./MissionMarks";
import { PanelDodge } from "./PanelDodge";
import { PART_TONES, sideColor } from "./palette";
import { ReplayEffects } from "./ReplayEffects";
import { ScreenProbe } from "./ScreenProbe";
import { SelectionMarkers } from "./SelectionMarkers";
import { ShadowsAfterFirstFrame } from "./ShadowsAfterFirstFrame";
import { ShotEffects } from "./ShotEffects";
import { StatusMarkers } from "./StatusMarkers";
import { TablePicker } from "./TablePicker";
import { TemplatesLayer } from "./TemplatesLayer";
import { Terrain } from "./Terrain";
import { useToolPointer } from "./useToolPointer";
import { VideoStage } from "./VideoStage";
import { ViewshedOverlay } from "./ViewshedOverlay";

/** The battlefield as drawn: the game's, with the models being dragged where the pointer has them. */
function withDrag(battlefield: Battlefield, drag: UiStore["drag"]): Battlefield {
  if (!drag) return battlefield;
  let scenario = withModel(battlefield.scenario, drag.model, (m) => placed(m, drag.placement));
  for (const f of drag.followers) scenario = withModel(scenario, f.model, (m) => placed(m, followerPlacement(battlefield, f.from, drag)));
  return createBattlefield(scenario, battlefield.catalog);
}

/** The battlefield with a replay's models part way through their moves and traverses. */
function withPoses(battlefield: Battlefield, poses: readonly Pose[] | undefined): Battlefield {
  if (!poses?.length) return battlefield;
  let scenario = battlefield.scenario;
  for (const pose of poses)
    scenario = withModel(scenario, pose.model, (m) => ({
      ...placed(m, pose.placement),
      ...(pose.turretHeading !== undefined ? { turretHeading: pose.turretHeading } : {}),
    }));
  return createBattlefield(scenario, battlefield.catalog);
}

/** The battlefield without the models standing on floors a building hides (edited floor by floor). */
function withoutHiddenFloors(battlefield: Battlefield, floorShown: Readonly<Record<string, number>>): Battlefield {
  const hidden = (m: { floor?: { building: string; level: number } }) => m.floor !== undefined && m.floor.level > (floorShown[m.floor.building] ?? Infinity);
  if (![...battlefield.models.values()].some((e) => hidden(e.model))) return battlefield;
  const forces = battlefield.scenario.forces.map((f) => ({ ...f, units: f.units.map((u) => ({ ...u, models: u.models.filter((m) => !hidden(m)) })) }));
  return createBattlefield({ ...battlefield.scenario, forces }, battlefield.catalog);
}

function Lights({ width }: { width: number }) {
  return (
    <>
      <hemisphereLight args={["#e4ecf7", "#4a4030", 1.0]} />
      <directionalLight position={[width * 0.25, 170, -50]} intensity={1.7} castShadow shadow-mapSize={[2048, 2048]} shadow-bias={-0.0005}>
        <orthographicCamera attach="shadow-camera" args={[-140, 140, 140, -140, 1, 600]} />
      </directionalLight>
    </>
  );
}

export function BattlefieldScene({ focus }: { focus: { ids: readonly string[]; serial: number } }) {
  const game = useGame((s) => s.battlefield);
  const templates = useGame((s) => s.state.templates);
  const rulesetId = useGame((s) => s.log.header.ruleset.id);
  const rulesUnit = rulesetById(rulesetId)?.lengthUnit ?? "cm";
  const status = useGame((s) => s.state.status);
  const units = useGame((s) => s.state.units);
  const pinned = useMemo(
    () =>
      new Set(
        Object.entries(status)
          .filter(([, st]) => st.pinned)
          .map(([id]) => id),
      ),
    [status],
  );
  const ui = useUi();
  const floorShown = useEditor((s) => s.floorShown);
  const [shadows, setShadows] = useState(false);
  const showShadows = useCallback(() => setShadows(true), []);
  const replay = useReplay((s) => s.replay);
  const replayTime = useReplay((s) => s.time);
  const follow = useReplay((s) => s.follow);
  const filming = useVideoStage((s) => s.filming);
  const frame = useMemo(() => replay && replayFrame(replay.log, replay.timeline, replayTime), [replay, replayTime]);
  const battlefield = useMemo(() => withPoses(withDrag(game, ui.drag), frame?.poses), [game, ui.drag, frame?.poses]);
  // The follow camera frames each event's actors as the event starts (a serial of its own, below the user's).
  const followIndex = follow && frame?.actors.length ? frame.index : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: an event's actors are fixed by its index
  const cameraFocus = useMemo(() => (followIndex !== undefined && frame ? { ids: frame.actors, serial: -1 - followIndex } : focus), [followIndex, focus]);
  const shownTemplates = useMemo(() => {
    const dragged = ui.templateDrag && templates[ui.templateDrag.id];
    return dragged ? { ...templates, [dragged.id]: { ...dragged, shape: ui.templateDrag!.shape } } : templates;
  }, [templates, ui.templateDrag]);
  const pointer = useToolPointer(battlefield, pinned);
  const editingTerrain = useEditor((s) => s.editing && s.part === "terrain");
  const editingMission = useEditor((s) => s.editing && s.part === "mission");
  const zoneCorner = useEditor((s) => s.zoneCorner);
  const zonePointer = useEditor((s) => s.pointer);
  const editorDragging = useEditor((s) => s.vertexDrag !== undefined || s.gizmoDrag);
  const shown = useMemo(() => withoutHiddenFloors(battlefield, floorShown), [battlefield, floorShown]);
  const sides = useMemo(() => [...new Set(game.scenario.forces.map((f) => f.side))], [game]);
  const colorOf = useCallback((entry: ModelEntry, part: string) => (part === "base" ? PART_TONES.base : sideColor(sides, entry.side, part)), [sides]);
  const { width } = battlefield.scenario.table;
  const looker = ui.tool === "los" ? ui.shooter : ui.selection[0];
  const eyeModel = ui.eyeView ? looker : undefined;
  const viewshedObserver = looker;
  return (
    // Draw only when something changed: idle tables cost nothing, and CPU-rendered browsers stay responsive.
    // While a video is filmed, only the export draws (at the replay clock's times).
    <Canvas
      shadows={shadows}
      frameloop={filming ? "never" : "demand"}
      gl={{ preserveDrawingBuffer: true, antialias: true }}
      onCreated={({ gl }) => void (gl.localClippingEnabled = true)}
      data-testid="table"
    >
      <color attach="background" args={["#1d2127"]} />
      <fog attach="fog" args={["#1d2127", 350, 700]} />
      <Lights width={width} />
      <Terrain battlefield={battlefield} showRoofs={ui.showRoofs} floorShown={floorShown} pointer={pointer} />
      <Miniatures battlefield={shown} colorOf={colorOf} pinned={pinned} pointer={pointer} interactive={!ui.drag && !ui.templateDrag} />
      <StatusMarkers battlefield={battlefield} status={status} units={units} />
      {game.scenario.mission && <MissionMarks battlefield={game} mission={game.scenario.mission} />}
      {zoneCorner && zonePointer && editingMission && <ZoneDraft battlefield={game} from={zoneCorner} to={zonePointer!} />}
      <ShotEffects />
      {frame && <ReplayEffects battlefield={battlefield} frame={frame} />}
      <SelectionMarkers battlefield={battlefield} selection={ui.selection} hovered={ui.hovered} />
      {ui.tool === "los" && ui.shooter && <LosOverlay battlefield={battlefield} shooter={ui.shooter} hovered={ui.hovered} />}
      {ui.tool === "measure" && <MeasureOverlay battlefield={battlefield} ends={ui.measured} format={distanceFormat(rulesetId, ui.unit)} />}
      {ui.drag && (
        <DragDistance battlefield={battlefield} drag={ui.drag} rules={distanceFormat(rulesetId, rulesUnit)} shown={distanceFormat(rulesetId, ui.unit)} />
      )}
      <TemplatesLayer battlefield={battlefield} templates={shownTemplates} grabbable={ui.tool === "template"} pointer={pointer} />
      {ui.viewshed && viewshedObserver && <ViewshedOverlay observer={viewshedObserver} />}
      {editingTerrain && <EditorOverlay battlefield={battlefield} pointer={pointer} />}
      <ScreenProbe battlefield={battlefield} pinned={pinned} />
      <TablePicker />
      <FirstFrameMark />
      <ShadowsAfterFirstFrame onFirstFrame={showShadows} />
      <PanelDodge battlefield={battlefield} />
      <CameraRig
        battlefield={battlefield}
        eyeOfModel={eyeModel}
        weapon={ui.tool === "los" ? ui.weapon : undefined}
        lookAtModel={ui.tool === "los" ? ui.target : undefined}
        focus={cameraFocus}
        enabled={!ui.drag && !ui.templateDrag && !editorDragging}
      />
      <VideoStage time={replay ? replayTime : undefined} />
    </Canvas>
  );
}
