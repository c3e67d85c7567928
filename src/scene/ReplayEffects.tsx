/**
 * A replay frame's effects on the table: a shot's line of fire and muzzle flashes, its real dice popping up
 * beside the target, hits and casualties marked; a template's blast growing; smoke over wrecks. Everything
 * is drawn from the frame (a pure function of the log and the replay time), so the video export draws the same.
 */
import { Line } from "@react-three/drei";
import { type Battlefield, modelPose } from "../core/battlefield";
import type { Vec3 } from "../core/solids/solid";
import { type ReplayFrame, SHOT_PHASES } from "../replay/frame";
import { Label } from "./Label";

function centreOf(battlefield: Battlefield, id: string, lift: number): Vec3 | undefined {
  const e = battlefield.models.get(id);
  if (!e) return undefined;
  const p = modelPose(battlefield, e.model, e.def);
  return [p.x, p.y + lift, p.z];
}

const known = (p: Vec3 | undefined): p is Vec3 => p !== undefined;

const OUTCOME_WORDS: Record<string, string> = {
  casualty: "✕",
  destroyed: "destroyed",
  pinned: "pinned",
  damaged: "damaged",
  unpinned: "rallied",
  "no-effect": "no effect",
};

function Shot({ battlefield, shot }: { battlefield: Battlefield; shot: NonNullable<ReplayFrame["shot"]> }) {
  const muzzles = shot.firers.map((id) => centreOf(battlefield, id, 2.2)).filter(known);
  const aim = shot.targets.map((id) => centreOf(battlefield, id, 1.5)).find(known);
  const flashing = shot.progress < SHOT_PHASES.flashEnd;
  const fade = Math.max(0.25, 1 - shot.progress);
  return (
    <group name="replay-shot">
      {aim && muzzles.map((from, i) => <Line key={i} points={[from, aim]} color="#ffd36b" lineWidth={2} transparent opacity={fade} />)}
      {flashing &&
        muzzles.map((at, i) => (
          <mesh key={i} position={at}>
            <sphereGeometry args={[0.9 + (1.5 * (SHOT_PHASES.flashEnd - shot.progress)) / SHOT_PHASES.flashEnd, 10, 8]} />
            <meshBasicMaterial color="#fff3b0" transparent opacity={0.85} />
          </mesh>
        ))}
      {aim && shot.diceShown > 0 && (
        <Label at={[aim[0] + 6, aim[1] + 6, aim[2]]} tone="neutral" testId="replay-dice">
          {shot.rolls.slice(0, Math.min(shot.diceShown, 24)).map((r) => (
            <span key={r.index} className="die" title={r.reason}>
              {r.sides === 2 ** 32 ? "·" : r.value}
            </span>
          ))}
          {shot.diceShown > 24 ? ` +${shot.diceShown - 24}` : ""}
        </Label>
      )}
      {shot.showOutcomes &&
        shot.outcomes.map((o) => {
          const at = centreOf(battlefield, o.model, 3);
          return at ? (
            <Label
              key={o.model}
              at={at}
              tone={o.effect === "casualty" || o.effect === "destroyed" ? "blocked" : "partial"}
              small
              testId={`replay-outcome-${o.model}`}
            >
              {OUTCOME_WORDS[o.effect] ?? o.effect}
            </Label>
          ) : null;
        })}
    </group>
  );
}

function Blast({ template }: { template: NonNullable<ReplayFrame["template"]> }) {
  const shape = template.template.shape;
  if (shape.kind !== "blast") return null;
  const radius = Math.max(...shape.radii) * (0.3 + 0.7 * template.blast);
  return (
    <mesh position={[shape.at[0], 1 + 4 * (1 - template.blast), shape.at[1]]}>
      <sphereGeometry args={[radius, 20, 12]} />
      <meshBasicMaterial color="#ff9a3c" transparent opacity={0.55 * (1 - template.blast) + 0.1} depthWrite={false} />
    </mesh>
  );
}

/** Wrecks smoke: puffs rising and thinning on a loop of replay time (so every frame at a time is the same). */
function Smoke({ battlefield, time }: { battlefield: Battlefield; time: number }) {
  const wrecks = battlefield.scenario.features.flatMap((f) => (f.kind === "wreck" ? [f.at] : []));
  return (
    <group name="wreck-smoke">
      {wrecks.flatMap((at, w) =>
        [0, 1, 2, 3].map((k) => {
          const phase = (((time / 3000 + k / 4 + w * 0.37) % 1) + 1) % 1;
          return (
            <mesh key={`${w}-${k}`} position={[at[0] + Math.sin(k * 2.1) * 1.5, 5 + phase * 18, at[1] + phase * 3]}>
              <sphereGeometry args={[1.5 + phase * 3, 10, 8]} />
              <meshBasicMaterial color="#55585c" transparent opacity={0.5 * (1 - phase)} depthWrite={false} />
            </mesh>
          );
        }),
      )}
    </group>
  );
}

export function ReplayEffects({ battlefield, frame }: { battlefield: Battlefield; frame: ReplayFrame }) {
  return (
    <group name="replay">
      {frame.shot && <Shot battlefield={battlefield} shot={frame.shot} />}
      {frame.template && <Blast template={frame.template} />}
      <Smoke battlefield={battlefield} time={frame.time} />
    </group>
  );
}
