/** Answers `tablePointAt`: the ray from the camera through a screen point, into the table as drawn. */
import { useThree } from "@react-three/fiber";
import { useEffect } from "react";
import { Raycaster, Vector2 } from "three";
import { provideTablePicker } from "../state/tablePicker";
import { standOf } from "./pointerHits";

export function TablePicker() {
  const camera = useThree((s) => s.camera);
  const scene = useThree((s) => s.scene);
  const size = useThree((s) => s.size);
  useEffect(() => {
    const raycaster = new Raycaster();
    provideTablePicker((clientX, clientY) => {
      const terrain = scene.getObjectByName("terrain");
      if (!terrain) return undefined;
      const ndc = new Vector2(((clientX - size.left) / size.width) * 2 - 1, 1 - ((clientY - size.top) / size.height) * 2);
      raycaster.setFromCamera(ndc, camera);
      return standOf(raycaster.intersectObject(terrain, true))?.position;
    });
    return () => provideTablePicker(undefined);
  }, [camera, scene, size]);
  return null;
}
