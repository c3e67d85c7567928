/**
 * A glTF reads only its own bytes (issue 19 B, point 8): a .gltf with an embedded data: buffer reads (in Node
 * too, where three's reader of data: URIs killed the process), one pointing at an http:// or a relative file
 * is refused naming the buffer, and nothing is ever fetched.
 */
import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readModelFile } from "../../src/core/miniatures/readModelFile";

/** A one-triangle .gltf, its positions in `buffers[0]` at `uri` (a data: URI of them when not given). */
function gltf(uri?: string, extra: object = {}): ArrayBuffer {
  const positions = new Float32Array([0, 0, 0, 10, 0, 0, 0, 30, 0]);
  const data = `data:application/octet-stream;base64,${Buffer.from(positions.buffer).toString("base64")}`;
  const file = {
    asset: { version: "2.0" },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: "rifleman" }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, material: 0 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
    textures: [{ source: 0 }],
    images: [{ uri: "https://example.com/skin.png" }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: "VEC3", min: [0, 0, 0], max: [10, 30, 0] }],
    bufferViews: [{ buffer: 0, byteLength: 36 }],
    buffers: [{ byteLength: 36, uri: uri ?? data }],
    ...extra,
  };
  return new TextEncoder().encode(JSON.stringify(file)).buffer as ArrayBuffer;
}

describe("glTF buffers", () => {
  const fetched = vi.fn(() => Promise.reject(new Error("no network in this test")));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetched.mockClear();
  });

  it("a .gltf with a data: buffer reads its triangle, its outside texture left alone", async () => {
    vi.stubGlobal("fetch", fetched);
    const result = await readModelFile(gltf(), "rifleman.gltf");
    expect(result).toMatchObject({ ok: true, format: "gltf", triangles: 1, meshes: [{ name: "rifleman" }] });
    if (result.ok) expect(Array.from(result.meshes[0]!.positions)).toEqual([0, 0, 0, 10, 0, 0, 0, 30, 0]);
    expect(fetched).not.toHaveBeenCalled();
  });

  it("a buffer at http://, at a relative path or with no data at all is refused naming it, and nothing is fetched", async () => {
    vi.stubGlobal("fetch", fetched);
    expect(await readModelFile(gltf("http://127.0.0.1:9/rifleman.bin"), "far.gltf")).toEqual({
      ok: false,
      error:
        'far.gltf: buffers[0].uri: the model refers to an outside file "http://127.0.0.1:9/rifleman.bin"; Hulldown reads only self-contained models (.glb, or .gltf with embedded data: buffers)',
    });
    expect(await readModelFile(gltf("rifleman.bin"), "near.gltf")).toMatchObject({
      ok: false,
      error: expect.stringContaining('buffers[0].uri: the model refers to an outside file "rifleman.bin"'),
    });
    expect(await readModelFile(gltf(undefined, { buffers: [{ byteLength: 36 }] }), "empty.gltf")).toMatchObject({
      ok: false,
      error: expect.stringContaining("buffers[0] has no data"),
    });
    expect(fetched).not.toHaveBeenCalled();
  });

  it("the shipped .glb fixture still reads, its parts named", async () => {
    const bytes = await readFile(new URL("../fixtures/tank-mini.glb", import.meta.url));
    const result = await readModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, "tank-mini.glb");
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.meshes.length).toBeGreaterThan(1);
  });
});
