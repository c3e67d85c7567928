/**
 * Reads a player's model file (STL, binary or ASCII; glTF binary .glb, or .gltf with embedded buffers) into
 * named triangle meshes, headless: the browser and the Node tests parse with the same code. A glTF is made
 * self-contained first (selfContainedGlb.ts): nothing outside the file is ever fetched. A file that is
 * not a model, has no triangles or far too many comes back as a message, never as an exception.
 */
import { Mesh, type Object3D } from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { STLLoader } from "three/examples/jsm/loaders/STLLoader.js";
import type { Triangles } from "../solids/solidGeometry";
import { selfContainedGlb } from "./selfContainedGlb";

/** Files bigger than this are refused before parsing (a 1-million-triangle binary STL is 50 MB). */
export const MAX_MODEL_FILE_BYTES = 64 * 1024 * 1024;
/** Triangles a file may have at all; the colliders keep far fewer (LIMITS.miniatureTriangles). */
export const MAX_MODEL_FILE_TRIANGLES = 1_000_000;

export interface NamedMesh extends Triangles {
  /** The mesh's (or its node's) name in the file; "" when it has none. */
  readonly name: string;
}

export interface ModelFile {
  readonly format: "stl" | "gltf";
  readonly meshes: readonly NamedMesh[];
  readonly triangles: number;
}

export type ModelFileResult = ({ ok: true } & ModelFile) | { ok: false; error: string };

const fail = (file: string, why: string): ModelFileResult => ({ ok: false, error: `${file}: ${why}` });
const count = (n: number) => n.toLocaleString("en-GB");

export async function readModelFile(bytes: ArrayBuffer, fileName: string): Promise<ModelFileResult> {
  if (bytes.byteLength === 0) return fail(fileName, "the file is empty");
  // A binary STL says its triangle count up front: the clearer message for a huge scan.
  if (isBinaryStl(bytes) && new DataView(bytes).getUint32(80, true) > MAX_MODEL_FILE_TRIANGLES)
    return tooMany(fileName, new DataView(bytes).getUint32(80, true));
  if (bytes.byteLength > MAX_MODEL_FILE_BYTES)
    return fail(fileName, `${count(bytes.byteLength)} bytes is more than the ${count(MAX_MODEL_FILE_BYTES)} a model file may have`);
  const head = new TextDecoder().decode(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 80))).trimStart();
  try {
    if (head.startsWith("glTF") || head.startsWith("{")) {
      const contained = selfContainedGlb(bytes);
      if (!contained.ok) return fail(fileName, contained.error);
      return checked(fileName, "gltf", await gltfMeshes(contained.glb));
    }
    if (isBinaryStl(bytes)) return checked(fileName, "stl", [stlMesh(bytes)]);
    // three's STLLoader reads a triangle count at byte 80 before it looks for "solid": a shorter text is padded.
    if (head.startsWith("solid")) return checked(fileName, "stl", [stlMesh(`${new TextDecoder().decode(bytes)}${" ".repeat(84)}`)]);
  } catch (error) {
    return fail(fileName, `could not be read as a model (${error instanceof Error ? error.message : String(error)})`);
  }
  return fail(fileName, "is not a model file: expected an STL (binary or ASCII), a .glb or a .gltf");
}

/** A binary STL is an 80-byte header, a triangle count and exactly 50 bytes per triangle. */
function isBinaryStl(bytes: ArrayBuffer): boolean {
  return bytes.byteLength >= 84 && 84 + 50 * new DataView(bytes).getUint32(80, true) === bytes.byteLength;
}

const tooMany = (file: string, triangles: number) =>
  fail(file, `has ${count(triangles)} triangles; at most ${count(MAX_MODEL_FILE_TRIANGLES)} can be imported (decimate it in your modelling program first)`);

function checked(file: string, format: ModelFile["format"], meshes: NamedMesh[]): ModelFileResult {
  const usable = meshes.filter((m) => m.indices.length >= 3);
  const triangles = usable.reduce((n, m) => n + m.indices.length / 3, 0);
  if (triangles === 0) return fail(file, "has no triangles");
  if (triangles > MAX_MODEL_FILE_TRIANGLES) return tooMany(file, triangles);
  for (const mesh of usable) if (!mesh.positions.every(Number.isFinite)) return fail(file, `mesh "${mesh.name}" has a vertex that is not a number`);
  return { ok: true, format, meshes: usable, triangles };
}

function stlMesh(bytes: ArrayBuffer | string): NamedMesh {
  const geometry = new STLLoader().parse(bytes);
  const positions = Float32Array.from(geometry.getAttribute("position").array);
  geometry.dispose();
  return { name: "", positions, indices: Uint32Array.from({ length: positions.length / 3 }, (_, i) => i) };
}

async function gltfMeshes(bytes: ArrayBuffer): Promise<NamedMesh[]> {
  const gltf = await new GLTFLoader().parseAsync(bytes, "");
  gltf.scene.updateMatrixWorld(true);
  const meshes: NamedMesh[] = [];
  gltf.scene.traverse((object: Object3D) => {
    if (!(object instanceof Mesh)) return;
    const geometry = object.geometry.clone().applyMatrix4(object.matrixWorld);
    const positions = Float32Array.from(geometry.getAttribute("position").array);
    const index = geometry.getIndex();
    const indices = index ? Uint32Array.from(index.array) : Uint32Array.from({ length: positions.length / 3 }, (_, i) => i);
    geometry.dispose();
    // glTF points and lines load as Points and Line objects, not meshes: only triangles get here.
    meshes.push({ name: object.name || object.parent?.name || "", positions, indices: indices.subarray(0, indices.length - (indices.length % 3)) });
  });
  return meshes;
}
