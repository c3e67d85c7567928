/**
 * A resolved shot: tracers from the firing models to the target for a moment, and a marker where each
 * casualty stood, kept while the shot is the last thing that happened in the game (so the player can see
 * who fell). The game state has already changed; this only shows it happening.
 */
import { Line } from "@react-three/drei";
import { useFrame, useThree } from "@react-three/fiber";
import { useEffect, useMemo, useRef, useState } from "react";
import { type Battlefield, createBattlefield, modelPose } from "../core/battlefield";
import type { GameEventOf } from "../core/game/events";
import { stateAt } from "../core/game/gameLog";
import { scenarioCatalog } from "../core/miniatures/catalog";
import type { Vec3 } from "../core/solids/solid";
import { useGame } from "../state/game";
import { Label } from "./Label";

const SECONDS = 2;

function centreOf(battlefield: Battlefield, id: string, lift: number): Vec3 | undefined {
  const e = battlefield.models.get(id);
  if (!e) return undefined;
  const p = modelPose(battlefield, e.model, e.def);
  return [p.x, p.y + lift, p.z];
}

/** The shot the last change of the game recorded, with the table as it stood when it was fired. */
function useLatestShot(): { shot: GameEventOf<"fire-resolved">; before: Battlefield } | undefined {
  const shot = useGame((s) => s.justRecorded);
  const log = useGame((s) => s.log);
  return useMemo(() => {
    if (shot?.type !== "fire-resolved") return undefined;
    const before = stateAt(log, log.cursor - 1).scenario;
    return { shot, before: createBattlefield(before, scenarioCatalog(before)) };
  }, [shot, log]);
}

export function ShotEffects() {
  const latest = useLatestShot();
  const invalidate = useThree((s) => s.invalidate);
  const started = useRef(0);
  const [fade, setFade] = useState(0);
  useEffect(() => {
    if (!latest) return;
    started.current = performance.now();
    setFade(1);
    invalidate();
  }, [latest, invalidate]);
  useFrame(() => {
    if (fade <= 0) return;
    const left = 1 - (performance.now() - started.current) / (SECONDS * 1000);
    setFade(Math.max(0, left));
    invalidate();
  });
  const drawn = useMemo(() => {
    if (!latest) return undefined;
    const { shot, before } = latest;
    const unit = (id: string) => before.models.get(id)?.unitId ?? id;
    const firers = [...before.models.values()].filter((e) => e.model.id === shot.shooter || e.unitId === shot.shooter || e.unitId === unit(shot.shooter));
    const aim = centreOf(before, shot.target, 1.5) ?? centreOf(before, [...before.models.values()].find((e) => e.unitId === shot.target)?.model.id ?? "", 1.5);
    const known = (p: Vec3 | undefined): p is Vec3 => p !== undefined;
    const tracers = aim
      ? firers
          .map((e) => centreOf(before, e.model.id, 2.2))
          .filter(known)
          .map((from): [Vec3, Vec3] => [from, aim])
      : [];
    const fallen = shot.outcomes
      .filter((o) => o.effect === "casualty" || o.effect === "destroyed")
      .flatMap((o) => {
        const at = centreOf(before, o.model, 2);
        return at ? [{ model: o.model, at }] : [];
      });
    return { tracers, fallen };
  }, [latest]);
  if (!drawn) return null;
  return (
    <group name="shot">
      {fade > 0 && drawn.tracers.map(([a, b], i) => <Line key={i} points={[a, b]} color="#ffd36b" lineWidth={2} transparent opacity={fade} />)}
      {/* A bare cross: neighbours fall side by side, and the fire panel names them. */}
      {drawn.fallen.map(({ model, at }) => (
        <Label key={model} at={at} tone="blocked" testId={`fallen-${model}`}>
          ✕
        </Label>
      ))}
    </group>
  );
}
