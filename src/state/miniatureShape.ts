/**
 * An imported file's shape (convex hulls and simplified meshes: seconds for a 200,000-triangle scan) built in
 * a worker, once per file, size, turn and parts: the import dialog stays responsive and says it is building.
 * A newer request ends the worker of the one before. Where there is no Worker (Node, the tests), it is built
 * in the thread.
 */
import { buildMiniatureShape, type ShapeBuild, type ShapeOptions } from "../core/miniatures/buildMiniature";
import type { ModelFile } from "../core/miniatures/readModelFile";
import type { ShapeAnswer, ShapeRequest } from "./miniatureShapeProtocol";

/** What a shape worker is to the page: a Worker, or a stand-in in the tests. */
export interface ShapeWorkerPort {
  postMessage(request: ShapeRequest): void;
  onmessage: ((event: MessageEvent<ShapeAnswer>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

function startWorker(): ShapeWorkerPort | undefined {
  if (typeof Worker === "undefined") return undefined;
  return new Worker(new URL("./miniatureShapeWorker.ts", import.meta.url), { type: "module" }) as unknown as ShapeWorkerPort;
}

/** The build under way: a newer one, or the dialog closing, ends it and answers it "superseded". */
let running: { readonly port: ShapeWorkerPort; readonly done: (answer: ShapeBuild | "superseded") => void } | undefined;

/** The shape of `file` with these options; "superseded" when a newer request (or stopShapeBuild) came first. */
export function buildShapeOffThread(
  file: ModelFile,
  options: ShapeOptions,
  start: () => ShapeWorkerPort | undefined = startWorker,
): Promise<ShapeBuild | "superseded"> {
  stopShapeBuild();
  const port = start();
  if (!port) return Promise.resolve(buildMiniatureShape(file, options));
  return new Promise((resolve) => {
    const build = {
      port,
      done(answer: ShapeBuild | "superseded") {
        if (running !== build) return;
        running = undefined;
        port.terminate();
        resolve(answer);
      },
    };
    running = build;
    port.onmessage = ({ data }) => build.done(data);
    port.onerror = (event) => build.done({ ok: false, error: `${options.fileName}: the model could not be built: ${event.message}` });
    port.postMessage({ file, options: { ...options, convex: [...options.convex] } });
  });
}

/** Ends the shape being built, if any: its worker stops and its caller hears "superseded". */
export function stopShapeBuild(): void {
  running?.done("superseded");
}
