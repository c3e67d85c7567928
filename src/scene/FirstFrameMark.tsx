/**
 * Marks when the table was first drawn (`performance.mark("hulldown:first-frame")`), so start-up can be
 * measured in a real browser (tests/e2e/startup.e2e.test.ts). The mark is set one animation frame after the
 * first render, once the frame has reached the screen. Then, with the frame on screen, the sight worker's
 * helpers for the visibility matrix may start (src/state/sightPool.ts).
 */
import { useFrame } from "@react-three/fiber";
import { useRef } from "react";
import { startSightHelpersWhenIdle } from "../state/sightPool";

export const FIRST_FRAME = "hulldown:first-frame";

export function FirstFrameMark() {
  const marked = useRef(false);
  useFrame(() => {
    if (marked.current) return;
    marked.current = true;
    requestAnimationFrame(() => {
      performance.mark(FIRST_FRAME);
      startSightHelpersWhenIdle();
    });
  });
  return null;
}
