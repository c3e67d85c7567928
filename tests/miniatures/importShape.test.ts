/**
 * The import dialog builds a file's geometry once per file, size, turn and parts (issue 19 B, point 7): naming
 * the miniature or setting its eye finishes the same shape, its parts not made again; and buildMiniature is
 * exactly the two halves.
 */
import { describe, expect, it } from "vitest";
import { buildMiniature, buildMiniatureShape, finishMiniature, type MiniatureOptions } from "../../src/core/miniatures/buildMiniature";
import { readModelFile } from "../../src/core/miniatures/readModelFile";
import { RIFLEMAN_STL } from "../helpers/stl";

describe("an import's shape and its name", () => {
  it("finishing one shape under two names and eyes reuses its parts; buildMiniature gives the same miniature", async () => {
    const file = await readModelFile(
      RIFLEMAN_STL.buffer.slice(RIFLEMAN_STL.byteOffset, RIFLEMAN_STL.byteOffset + RIFLEMAN_STL.byteLength) as ArrayBuffer,
      "rifleman.stl",
    );
    if (!file.ok) throw new Error(file.error);
    const options: MiniatureOptions = {
      id: "mini-a",
      name: "A",
      fileName: "rifleman.stl",
      up: "z",
      size: { kind: "printed" },
      turn: 0,
      partOf: ["figure"],
      convex: new Set(["figure"]),
    };
    const shape = buildMiniatureShape(file, options);
    if (!shape.ok) throw new Error(shape.error);
    const a = finishMiniature(shape, file.triangles, options);
    const b = finishMiniature(shape, file.triangles, { ...options, id: "mini-b", name: "Rifleman B", eyeHeight: 2.5 });
    if (!a.ok || !b.ok) throw new Error("the rifleman does not finish");
    expect(b.miniature).toMatchObject({ id: "mini-b", name: "Rifleman B", eye: [0, 2.5, 0] });
    expect(b.miniature.parts[0]!.vertices).toEqual(a.miniature.parts[0]!.vertices);
    expect(buildMiniature(file, options)).toEqual(a);
    // An eye above the figure is the miniature's own problem, said with its path.
    expect(finishMiniature(shape, file.triangles, { ...options, eyeHeight: 50 })).toEqual({
      ok: false,
      error: expect.stringMatching(/^rifleman\.stl: eye: the eye 50 cm/),
    });
  });
});
