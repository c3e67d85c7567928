/**
 * A glTF file (.gltf text or .glb) as one self-contained .glb of its geometry, before three's GLTFLoader sees
 * it: the loader fetches whatever a `uri` names, so a file pointing at `http://…` would make a network request
 * from the player's browser, and in Node its `data:` reader dies outside any promise (no ProgressEvent), taking
 * the process with it. Here `data:` buffers are decoded and joined into the binary chunk, a buffer anywhere
 * else is refused naming its path, and materials, textures and images (which the table does not draw) are
 * left out, so the loader reads nothing but the bytes it is handed.
 */

const GLB_MAGIC = 0x46546c67; // "glTF"
const JSON_CHUNK = 0x4e4f534a; // "JSON"
const BIN_CHUNK = 0x004e4942; // "BIN\0"

type Gltf = {
  buffers?: Array<{ uri?: unknown; byteLength?: unknown }>;
  bufferViews?: Array<{ buffer?: unknown; byteOffset?: unknown }>;
  meshes?: Array<{ primitives?: Array<Record<string, unknown>> }>;
  [key: string]: unknown;
};

export type SelfContained = { ok: true; glb: ArrayBuffer } | { ok: false; error: string };

/** The bytes of a `data:` URI (base64 or percent-encoded), or undefined when it is not one. */
function dataUriBytes(uri: string): Uint8Array | undefined {
  const match = /^data:[^,]*?(;base64)?,/i.exec(uri);
  if (!match) return undefined;
  const payload = uri.slice(match[0].length);
  if (match[1]) {
    const binary = atob(payload.replace(/\s+/g, ""));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }
  return new TextEncoder().encode(decodeURIComponent(payload));
}

/** The JSON and binary chunks of a .glb, or of a .gltf text (no binary chunk). */
function readChunks(bytes: ArrayBuffer): { json: Gltf; bin?: Uint8Array } {
  const view = new DataView(bytes);
  if (bytes.byteLength < 12 || view.getUint32(0, true) !== GLB_MAGIC) return { json: JSON.parse(new TextDecoder().decode(bytes)) as Gltf };
  let json: Gltf | undefined;
  let bin: Uint8Array | undefined;
  for (let at = 12; at + 8 <= Math.min(bytes.byteLength, view.getUint32(8, true)); ) {
    const length = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const body = new Uint8Array(bytes, at + 8, Math.min(length, bytes.byteLength - at - 8));
    if (type === JSON_CHUNK) json = JSON.parse(new TextDecoder().decode(body)) as Gltf;
    else if (type === BIN_CHUNK) bin ??= body;
    at += 8 + length;
  }
  if (!json) throw new Error("the .glb has no JSON chunk");
  return { json, ...(bin && { bin }) };
}

const pad4 = (n: number) => (n + 3) & ~3;

export function selfContainedGlb(bytes: ArrayBuffer): SelfContained {
  const { json, bin } = readChunks(bytes);
  const buffers = Array.isArray(json.buffers) ? json.buffers : [];
  const parts: Uint8Array[] = [];
  for (const [i, buffer] of buffers.entries()) {
    const uri = buffer?.uri;
    if (uri === undefined) {
      if (i !== 0 || !bin) return { ok: false, error: `buffers[${i}] has no data: a .gltf must embed its buffers as data: URIs` };
      parts.push(bin);
      continue;
    }
    const data = typeof uri === "string" ? dataUriBytes(uri) : undefined;
    if (!data) {
      const shown = typeof uri === "string" ? JSON.stringify(uri.length > 60 ? `${uri.slice(0, 57)}...` : uri) : "that is not text";
      return {
        ok: false,
        error: `buffers[${i}].uri: the model refers to an outside file ${shown}; Hulldown reads only self-contained models (.glb, or .gltf with embedded data: buffers)`,
      };
    }
    parts.push(data);
  }
  // One binary chunk: each buffer at a 4-byte boundary, the views moved with it.
  const offsets: number[] = [];
  let total = 0;
  for (const part of parts) {
    offsets.push(total);
    total = pad4(total + part.byteLength);
  }
  const joined = new Uint8Array(total);
  parts.forEach((part, i) => joined.set(part, offsets[i]!));
  for (const view of json.bufferViews ?? []) {
    const index = typeof view.buffer === "number" ? view.buffer : 0;
    view.byteOffset = (typeof view.byteOffset === "number" ? view.byteOffset : 0) + (offsets[index] ?? 0);
    view.buffer = 0;
  }
  const { materials: _m, textures: _t, images: _i, samplers: _s, ...geometry } = json;
  for (const mesh of geometry.meshes ?? []) for (const primitive of mesh.primitives ?? []) delete primitive.material;
  const glbJson = { ...geometry, buffers: parts.length ? [{ byteLength: total }] : [] };
  return { ok: true, glb: packGlb(new TextEncoder().encode(JSON.stringify(glbJson)), joined) };
}

/** A .glb of a JSON chunk (space-padded) and a binary chunk (zero-padded). */
function packGlb(json: Uint8Array, bin: Uint8Array): ArrayBuffer {
  const jsonLength = pad4(json.byteLength);
  const binLength = pad4(bin.byteLength);
  const length = 12 + 8 + jsonLength + (binLength ? 8 + binLength : 0);
  const out = new ArrayBuffer(length);
  const view = new DataView(out);
  const bytes = new Uint8Array(out);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, length, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, JSON_CHUNK, true);
  bytes.fill(0x20, 20, 20 + jsonLength);
  bytes.set(json, 20);
  if (binLength) {
    view.setUint32(20 + jsonLength, binLength, true);
    view.setUint32(24 + jsonLength, BIN_CHUNK, true);
    bytes.set(bin, 28 + jsonLength);
  }
  return out;
}
