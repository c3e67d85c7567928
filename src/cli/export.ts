/**
 * npm run export -- <scenario.json> <out.glb> [--json]
 *
 * The sight world's geometry as binary glTF: one node per collider, named `<owner>/<part>`, with its
 * triangles already in the world frame (centimetres, y up, same axes as the scenario) and `extras.kind`.
 */
import { writeFile } from "node:fs/promises";
import { Document, NodeIO } from "@gltf-transform/core";
import type { Solid, SolidKind } from "../core/solids/solid";
import { solidTriangles } from "../core/solids/solidGeometry";
import { CliError, describeFsError, expectPositionals, loadSightWorld, print, printJson, runCommand } from "./common";

const USAGE = `Exports the sight world of a Hulldown battlefield as binary glTF.

Usage:
  npm run export -- <scenario.json> <out.glb> [--json]

Writes one node per collider of the sight world (ground, walls, building walls and floors, roofs, models'
parts), named "<owner>/<part>" (e.g. house-1/wall-2, ger-panzer-iv-1/turret), with extras {"kind"}.
Vertices are in the world frame, in centimetres, with the scenario's axes (x across, y up, z deep); node
transforms are identity. Open it in any glTF viewer to see exactly what blocks sight.

Options:
  --json      print {"file", "nodes", "triangles", "bytes"} instead of a sentence
  -h, --help  show this help`;

const command = { name: "export", usage: USAGE, options: { json: { type: "boolean" } } } as const;

/** A flat colour per kind, so a viewer shows terrain, buildings and models apart. */
const COLOURS: Record<SolidKind, [number, number, number, number]> = {
  ground: [0.42, 0.5, 0.3, 1],
  "building-wall": [0.75, 0.68, 0.58, 1],
  "building-floor": [0.55, 0.45, 0.35, 1],
  roof: [0.6, 0.25, 0.2, 1],
  wall: [0.62, 0.62, 0.6, 1],
  hedge: [0.2, 0.42, 0.18, 1],
  bocage: [0.25, 0.35, 0.15, 1],
  sandbags: [0.72, 0.65, 0.45, 1],
  "tank-trap": [0.35, 0.35, 0.38, 1],
  wreck: [0.25, 0.2, 0.18, 1],
  model: [0.3, 0.35, 0.5, 1],
};

export interface GltfSummary {
  readonly nodes: number;
  readonly triangles: number;
}

/** Builds the glTF document of a list of world-frame solids. */
export function solidsDocument(solids: readonly Solid[], name: string): { document: Document } & GltfSummary {
  const document = new Document();
  document.getRoot().getAsset().generator = "Hulldown export";
  document.getRoot().setExtras({ units: "cm", up: "y", scenario: name });
  const buffer = document.createBuffer();
  const scene = document.createScene(name);
  const materials = new Map<SolidKind, ReturnType<Document["createMaterial"]>>();
  const material = (kind: SolidKind) => {
    let m = materials.get(kind);
    if (!m) {
      m = document.createMaterial(kind).setBaseColorFactor(COLOURS[kind]).setDoubleSided(true).setRoughnessFactor(1).setMetallicFactor(0);
      materials.set(kind, m);
    }
    return m;
  };
  let triangles = 0;
  for (const solid of solids) {
    const { positions, indices } = solidTriangles(solid);
    const label = `${solid.owner}/${solid.part}`;
    const position = document.createAccessor().setType("VEC3").setArray(new Float32Array(positions)).setBuffer(buffer);
    const index = document.createAccessor().setType("SCALAR").setArray(new Uint32Array(indices)).setBuffer(buffer);
    const primitive = document.createPrimitive().setAttribute("POSITION", position).setIndices(index).setMaterial(material(solid.kind));
    const mesh = document.createMesh(label).addPrimitive(primitive);
    scene.addChild(document.createNode(label).setMesh(mesh).setExtras({ kind: solid.kind }));
    triangles += indices.length / 3;
  }
  return { document, nodes: solids.length, triangles };
}

await runCommand(command, async ({ values, positionals }) => {
  const [file, out] = expectPositionals(positionals, ["scenario.json", "out.glb"]);
  if (!out!.toLowerCase().endsWith(".glb")) throw new CliError(`output file "${out}" must end in .glb (binary glTF)`);
  const { scenario, world } = await loadSightWorld(file!);
  const { document, nodes, triangles } = solidsDocument(world.allSolids(), scenario.name);
  world.dispose();
  const glb = await new NodeIO().writeBinary(document);
  try {
    await writeFile(out!, glb);
  } catch (error) {
    throw new CliError(`cannot write ${out}: ${describeFsError(error)}`);
  }
  if (values.json) printJson({ file: out, nodes, triangles, bytes: glb.byteLength });
  else print(`Wrote ${out}: ${nodes} nodes, ${triangles} triangles (${(glb.byteLength / 1024).toFixed(0)} KB)`);
});
