/** A miniature's shape worker: builds an imported file's colliders and drawn meshes off the page's thread (miniatureShape.ts). */
import { buildMiniatureShape } from "../core/miniatures/buildMiniature";
import type { ShapeAnswer, ShapeRequest } from "./miniatureShapeProtocol";

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<ShapeRequest>) => {
  const { file, options } = event.data;
  const answer: ShapeAnswer = buildMiniatureShape(file, { ...options, convex: new Set(options.convex) });
  self.postMessage(answer);
};
