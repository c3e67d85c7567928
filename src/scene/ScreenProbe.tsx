/**
 * Answers the test hooks' `screenPosition` and `projectPoint` (where things are drawn, in CSS pixels) and
 * `frameCost` (what the last frame cost the renderer).
 */
import { useThree } from "@react-three/fiber";
import { useEffect } from "react";
import { Vector3 } from "three";
import type { Battlefield } from "../core/battlefield";
import { provideProjector } from "../state/testHooks";
import { drawnMiddle, liesDown } from "./modelInstances";

export function ScreenProbe({ battlefield, pinned }: { battlefield: Battlefield; pinned: ReadonlySet<string> }) {
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const gl = useThree((s) => s.gl);
  useEffect(() => {
    const projectPoint = ([x, y, z]: readonly [number, number, number]) => {
      const v = new Vector3(x, y, z).project(camera);
      return { x: size.left + ((v.x + 1) / 2) * size.width, y: size.top + ((1 - v.y) / 2) * size.height };
    };
    provideProjector({
      projectPoint,
      frameCost: () => ({ calls: gl.info.render.calls, triangles: gl.info.render.triangles }),
      screenPosition(id) {
        const entry = battlefield.models.get(id);
        if (!entry) return undefined;
        // Where it is drawn (a pinned figure lies down), as a user would click it.
        const middle = drawnMiddle(battlefield, entry, liesDown(entry, pinned));
        return projectPoint([middle.x, middle.y, middle.z]);
      },
    });
  }, [battlefield, pinned, camera, size, gl]);
  return null;
}
