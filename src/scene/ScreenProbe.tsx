/** Answers the test hook's `screenPosition`: where a model's centre is drawn, in CSS pixels. */
import { useThree } from "@react-three/fiber";
import { useEffect } from "react";
import { Vector3 } from "three";
import { modelPose, type Battlefield } from "../core/battlefield";
import { provideScreenPosition } from "../ui/testHooks";

export function ScreenProbe({ battlefield }: { battlefield: Battlefield }) {
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  useEffect(() => {
    provideScreenPosition((id) => {
      const entry = battlefield.models.get(id);
      if (!entry) return undefined;
      const pose = modelPose(battlefield, entry.model, entry.def);
      const height = entry.def.vehicle ? 2.5 : (entry.def.figureHeight ?? 3) * 0.6;
      const v = new Vector3(pose.x, pose.y + height, pose.z).project(camera);
      return { x: size.left + ((v.x + 1) / 2) * size.width, y: size.top + ((1 - v.y) / 2) * size.height };
    });
  }, [battlefield, camera, size]);
  return null;
}
