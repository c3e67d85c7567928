/**
 * One model definition as a glTF document: a root node named after the model, a child node per part with its
 * mesh, and an empty node per named point. The turret's parts and points hang under a `turret` node placed at
 * the turret pivot, so an animator traverses the turret by turning that node about y. The meshes are the sight
 * engine's own solids (modelLocalSolids) tessellated by solidTriangles: what a viewer shows is what blocks sight.
 */
import { Document, type Material, type Node } from "@gltf-transform/core";
import { BufferAttribute, BufferGeometry, Color, Matrix4 } from "three";
import { partPaint } from "../../models/paint";
import type { ModelDefinition, Part, PartName } from "../core/modelDefinition";
import type { Scale } from "../core/scenario/schema";
import { modelLocalSolids } from "../core/solids/modelSolids";
import { mergeTriangles, solidTriangles, type Triangles } from "../core/solids/solidGeometry";

/** What a loader needs besides the geometry: the definition's metadata, in centimetres. */
function metadata(def: ModelDefinition, scale: Scale): Record<string, unknown> {
  const { id, name, category, nation, vehicle, base, figureHeight, eyeHeight, weapons } = def;
  return { id, name, category, nation, scale, vehicle, base, figureHeight, eyeHeight, weapons };
}

/** Smooth normals where triangles share vertices (spheres, cylinder sides), flat where they do not (box faces). */
function vertexNormals({ positions, indices }: Triangles): Float32Array<ArrayBuffer> {
  const geometry = new BufferGeometry().setAttribute("position", new BufferAttribute(positions, 3)).setIndex(new BufferAttribute(indices, 1));
  geometry.computeVertexNormals();
  const normals = new Float32Array(geometry.getAttribute("normal").array);
  geometry.dispose();
  return normals;
}

export function modelDocument(def: ModelDefinition, scale: Scale): Document {
  const document = new Document();
  document.getRoot().getAsset().generator = "Hulldown (npm run models)";
  document.getRoot().setExtras({ units: "cm", up: "y", forward: "+z", scale });
  const buffer = document.createBuffer();
  const root = document.createNode(def.id).setExtras(metadata(def, scale));
  document.createScene(def.id).addChild(root);

  const [pivotX, pivotZ] = def.turretPivot;
  const hasTurret = def.parts.some((p) => p.turret) || Object.values(def.points).some((p) => p.turret);
  const turret = hasTurret ? document.createNode("turret").setTranslation([pivotX, 0, pivotZ]) : undefined;
  if (turret) root.addChild(turret);
  const pivotFrame = new Matrix4().makeTranslation(-pivotX, 0, -pivotZ);

  const material = (part: PartName): Material => {
    const { r, g, b } = new Color(partPaint(def, part));
    return document.createMaterial(part).setBaseColorFactor([r, g, b, 1]).setRoughnessFactor(0.9).setMetallicFactor(0);
  };
  const mesh = (part: PartName, triangles: ReturnType<typeof mergeTriangles>) => {
    const accessor = (type: "VEC3" | "SCALAR", array: Float32Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>) =>
      document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    // 16-bit indices whenever they fit: every part so far has a few hundred vertices.
    const indices = triangles.positions.length / 3 <= 0xffff ? Uint16Array.from(triangles.indices) : triangles.indices;
    const primitive = document
      .createPrimitive()
      .setAttribute("POSITION", accessor("VEC3", triangles.positions))
      .setAttribute("NORMAL", accessor("VEC3", vertexNormals(triangles)))
      .setIndices(accessor("SCALAR", indices))
      .setMaterial(material(part));
    return document.createMesh(part).addPrimitive(primitive);
  };

  /** The turret part's mesh goes on the pivot node itself; every other part gets its own node. */
  const partNode = (part: Part): Node => {
    if (part.turret && part.name === "turret") return turret!;
    const node = document.createNode(part.name);
    (part.turret ? turret! : root).addChild(node);
    return node;
  };
  // Turret solids are built at turret heading 0 and re-based on the pivot, as the turret node's children.
  const solids = modelLocalSolids(def, def.id, { turretHeading: 0, figureScale: 1 });
  for (const part of def.parts) {
    const triangles = mergeTriangles(solids.filter((s) => s.part === part.name).map((s) => solidTriangles(s, part.turret ? pivotFrame : undefined)));
    partNode(part).setMesh(mesh(part.name, triangles));
  }

  for (const [name, point] of Object.entries(def.points)) {
    const [x, y, z] = point.at;
    const node = document.createNode(name).setExtras({ point: true });
    if (point.turret) turret!.addChild(node.setTranslation([x - pivotX, y, z - pivotZ]));
    else root.addChild(node.setTranslation([x, y, z]));
  }
  return document;
}
