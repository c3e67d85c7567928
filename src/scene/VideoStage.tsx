/**
 * Films the table for the video export: provides the state's VideoStage. While filming, the renderer draws
 * at the video's size (pixel ratio 1, the camera's aspect the video's) only when the export asks, after the
 * table has committed the replay time asked for; the labels, which the page draws as HTML over the canvas,
 * are painted onto the picture from the same list the table shows (`shownLabels`).
 */
import { useThree } from "@react-three/fiber";
import { useEffect, useRef } from "react";
import { PerspectiveCamera, Vector2, Vector3 } from "three";
import { useVideoStage } from "../state/videoStage";
import { type ShownLabel, shownLabels } from "./Label";

interface Saved {
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

const TONE_COLOURS = { clear: "--clear", partial: "--partial", blocked: "--blocked" } as const;

function labelColours(tone: ShownLabel["tone"]): { fill: string; ink: string } {
  if (tone === "neutral") return { fill: "#ffe27a", ink: "#111" };
  const fill = getComputedStyle(document.documentElement).getPropertyValue(TONE_COLOURS[tone]).trim() || "#888";
  return { fill, ink: tone === "blocked" ? "#fff" : "#111" };
}

/** Labels as the page styles them (.label in app.css), scaled with the video so they read the same. */
function paintLabels(context: CanvasRenderingContext2D, camera: PerspectiveCamera, width: number, height: number): void {
  const scale = height / 720;
  const point = new Vector3();
  for (const label of shownLabels()) {
    point.set(...label.at).project(camera);
    if (point.z > 1 || Math.abs(point.x) > 1.2 || Math.abs(point.y) > 1.2) continue;
    const x = ((point.x + 1) / 2) * width;
    const y = ((1 - point.y) / 2) * height;
    const size = (label.small ? 10 : 13) * scale;
    context.font = `700 ${size}px system-ui, sans-serif`;
    const textWidth = context.measureText(label.text).width;
    const padX = (label.small ? 3 : 5) * scale;
    const boxW = textWidth + 2 * padX;
    const boxH = size * 1.35;
    const { fill, ink } = labelColours(label.tone);
    context.globalAlpha = label.small ? 0.75 : 1;
    context.fillStyle = fill;
    context.beginPath();
    context.roundRect(x - boxW / 2, y - boxH / 2, boxW, boxH, 3 * scale);
    context.fill();
    context.fillStyle = ink;
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(label.text, x, y + size * 0.05);
    context.globalAlpha = 1;
  }
}

export function VideoStage({ time }: { time: number | undefined }) {
  const get = useThree((s) => s.get);
  // The replay time the table has committed, and the draws waiting for theirs.
  const shown = useRef(time);
  const waiting = useRef<Array<{ time: number; resolve: () => void }>>([]);
  useEffect(() => {
    shown.current = time;
    const ready = waiting.current.filter((w) => w.time === time);
    waiting.current = waiting.current.filter((w) => w.time !== time);
    for (const w of ready) w.resolve();
  }, [time]);

  useEffect(() => {
    let saved: Saved | undefined;
    let picture: HTMLCanvasElement | undefined;
    const fitRenderer = (width: number, height: number) => {
      const { gl, camera } = get();
      if (gl.getPixelRatio() !== 1) gl.setPixelRatio(1);
      const buffer = gl.getDrawingBufferSize(new Vector2());
      if (buffer.x !== width || buffer.y !== height) gl.setSize(width, height, false);
      if (camera instanceof PerspectiveCamera && camera.aspect !== width / height) {
        camera.aspect = width / height;
        camera.updateProjectionMatrix();
      }
    };
    const { provide } = useVideoStage.getState();
    provide({
      begin(width, height) {
        const { size, viewport } = get();
        saved = { width: size.width, height: size.height, dpr: viewport.dpr };
        picture = document.createElement("canvas");
        picture.width = width;
        picture.height = height;
        return picture;
      },
      async draw(at) {
        const target = picture;
        if (!target) throw new Error("the video stage was not begun");
        if (shown.current !== at) await new Promise<void>((resolve) => waiting.current.push({ time: at, resolve }));
        // Ended while waiting: the renderer is the table's again.
        if (picture !== target) return;
        const { width, height } = target;
        fitRenderer(width, height);
        const state = get();
        state.advance(at / 1000);
        const context = target.getContext("2d")!;
        context.drawImage(state.gl.domElement, 0, 0, width, height);
        if (state.camera instanceof PerspectiveCamera) paintLabels(context, state.camera, width, height);
      },
      end() {
        if (!saved) return;
        const { gl, camera, invalidate } = get();
        gl.setPixelRatio(saved.dpr);
        gl.setSize(saved.width, saved.height);
        if (camera instanceof PerspectiveCamera) {
          camera.aspect = saved.width / saved.height;
          camera.updateProjectionMatrix();
        }
        saved = undefined;
        picture = undefined;
        for (const w of waiting.current) w.resolve();
        waiting.current = [];
        invalidate();
      },
    });
    return () => provide(undefined);
  }, [get]);
  return null;
}
