/**
 * An imported file's shape is built in a worker (issue 19 B, point 7): the request carries the file and the
 * choices, a newer request (another size, another turn) ends the older build, and closing the dialog ends it;
 * without a Worker the same shape is built in the thread.
 */
import { describe, expect, it } from "vitest";
import { buildMiniatureShape, type ShapeOptions } from "../../src/core/miniatures/buildMiniature";
import { readModelFile } from "../../src/core/miniatures/readModelFile";
import { buildShapeOffThread, type ShapeWorkerPort, stopShapeBuild } from "../../src/state/miniatureShape";
import { RIFLEMAN_STL } from "../helpers/stl";

class FakeShapeWorker implements ShapeWorkerPort {
  onmessage: ShapeWorkerPort["onmessage"] = null;
  onerror: ShapeWorkerPort["onerror"] = null;
  readonly requests: unknown[] = [];
  terminated = false;
  postMessage(request: unknown) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

const file = await readModelFile(
  RIFLEMAN_STL.buffer.slice(RIFLEMAN_STL.byteOffset, RIFLEMAN_STL.byteOffset + RIFLEMAN_STL.byteLength) as ArrayBuffer,
  "rifleman.stl",
);
if (!file.ok) throw new Error(file.error);
const options: ShapeOptions = { fileName: "rifleman.stl", up: "z", size: { kind: "printed" }, turn: 0, partOf: ["figure"], convex: new Set(["figure"]) };

describe("building an import's shape off the page's thread", () => {
  it("without a Worker, builds the same shape in the thread", async () => {
    expect(await buildShapeOffThread(file, options, () => undefined)).toEqual(buildMiniatureShape(file, options));
  });

  it("posts the file and choices; a newer request ends the older build; the answer of the newer one comes back", async () => {
    const first = new FakeShapeWorker();
    const older = buildShapeOffThread(file, options, () => first);
    expect(first.requests).toEqual([{ file, options: { ...options, convex: ["figure"] } }]);
    const second = new FakeShapeWorker();
    const newer = buildShapeOffThread(file, { ...options, turn: 90 }, () => second);
    expect(await older).toBe("superseded");
    expect(first.terminated).toBe(true);
    const built = buildMiniatureShape(file, { ...options, turn: 90 });
    second.answer(built);
    expect(await newer).toEqual(built);
    expect(second.terminated).toBe(true);
  });

  it("closing the dialog ends the build under way", async () => {
    const worker = new FakeShapeWorker();
    const building = buildShapeOffThread(file, options, () => worker);
    stopShapeBuild();
    expect(await building).toBe("superseded");
    expect(worker.terminated).toBe(true);
  });
});
