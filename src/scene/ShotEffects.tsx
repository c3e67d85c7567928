/**
 * A resolved shot, animated for a moment: tracers from the firing models to the target, and a fading
 * marker where each casualty stood. The game state has already changed; this only shows it happening.
 */
import { Line } from "@react-three/drei";
import { useFrame, useThree } from "@react-three/fiber";
import { useEffect, useMemo, useRef, useState } from "react";
import { catalogFor } from "../core/scale";
import { createBattlefield, modelPose, type Battlefield } from "../core/battlefield";
import type { GameEventOf } from "../core/game/events";
import { stateAt } from "../core/game/gameLog";
import type { Vec3 } from "../core/solids/solid";
import { useGame } from "../ui/game";
import { Label } from "./Label";

const SECONDS = 2;

function centreOf(battlefield: Battlefield, id: string, lift: number): Vec3 | undefined {
  const e = battlefield.models.get(id);
  if (!e) return undefined;
  const p = modelPose(battlefield, e.model, e.def);
  return [p.x, p.y + lift, p.z];
}

function useLatestShot(): { shot: GameEventOf<"fire-resolved">; before: Battlefield } | undefined {
  const log = useGame((s) => s.log);
  const [latest, setLatest] = useState<{ shot: GameEventOf<"fire-resolved">; before: Battlefield }>();
  const seen = useRef(log.cursor);
  useEffect(() => {
    const grew = log.cursor === seen.current + 1;
    seen.current = log.cursor;
    const event = log.events[log.cursor - 1];
    if (!grew || event?.type !== "fire-resolved") return;
    const before = stateAt(log, log.cursor - 1).scenario;
    setLatest({ shot: event, before: createBattlefield(before, catalogFor(before.scale)) });
  }, [log]);
  return latest;
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
    const tracers = aim ? firers.map((e) => centreOf(before, e.model.id, 2.2)).filter(known).map((from): [Vec3, Vec3] => [from, aim]) : [];
    const fallen = shot.outcomes.filter((o) => o.effect === "casualty" || o.effect === "destroyed").map((o) => centreOf(before, o.model, 2)).filter(known);
    return { tracers, fallen };
  }, [latest]);
  if (!drawn || fade <= 0) return null;
  return (
    <group name="shot">
      {drawn.tracers.map(([a, b], i) => (
        <Line key={i} points={[a, b]} color="#ffd36b" lineWidth={2} transparent opacity={fade} />
      ))}
      {fade > 0.15 &&
        drawn.fallen.map((at, i) => (
          <Label key={i} at={at} tone="blocked">
            ✕
          </Label>
        ))}
    </group>
  );
}
