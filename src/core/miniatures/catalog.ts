/**
 * Imported miniatures as model definitions: a battlefield's own minis join the catalog of its scale, so
 * everything that reads a definition (the renderer, the sight world, the rules) reads them unchanged.
 */
import { createCatalog, type ModelCatalog, type ModelDefinitionInput } from "../modelDefinition";
import { catalogFor } from "../scale";
import type { Miniature, Scenario } from "../scenario/schema";

export function miniatureDefinition(mini: Miniature): ModelDefinitionInput {
  const hull = mini.parts.find((p) => p.name === "hull");
  return {
    id: mini.id,
    name: mini.name,
    category: mini.category,
    ...(mini.category === "vehicle" && hull && { vehicle: { class: "armoured", ...planSize(hull.vertices) } }),
    ...(mini.base && { base: mini.base }),
    figureHeight: mini.figureHeight,
    eyeHeight: mini.eye[1],
    parts: mini.parts.map((part) => ({
      name: part.name,
      shapes: [{ type: "mesh", vertices: part.vertices, indices: part.indices, convex: part.convex, ...(part.drawn && { drawn: part.drawn }) }],
    })),
    points: { eye: { at: mini.eye } },
  };
}

/** Width (x) and length (z) of the box around the vertices, for a vehicle's outline. */
function planSize(vertices: readonly number[]): { width: number; length: number } {
  let minX = Infinity,
    maxX = -Infinity,
    minZ = Infinity,
    maxZ = -Infinity;
  for (let i = 0; i < vertices.length; i += 3) {
    minX = Math.min(minX, vertices[i]!);
    maxX = Math.max(maxX, vertices[i]!);
    minZ = Math.min(minZ, vertices[i + 2]!);
    maxZ = Math.max(maxZ, vertices[i + 2]!);
  }
  return { width: Math.max(maxX - minX, 0.1), length: Math.max(maxZ - minZ, 0.1) };
}

const catalogs = new WeakMap<readonly Miniature[], { shipped: ModelCatalog; catalog: ModelCatalog }>();

/**
 * The models a scenario can use: the catalog of its scale and its own miniatures (kept at the size they were
 * imported at: the player chose it). Built once per list of miniatures.
 */
export function scenarioCatalog(scenario: Pick<Scenario, "scale" | "miniatures">): ModelCatalog {
  const shipped = catalogFor(scenario.scale);
  const minis = scenario.miniatures;
  if (!minis?.length) return shipped;
  const cached = catalogs.get(minis);
  if (cached?.shipped === shipped) return cached.catalog;
  {
    // A mini whose id is already a shipped model is reported by checkReferences; the shipped one wins here.
    const own = createCatalog(minis.filter((m, i) => !shipped.has(m.id) && minis.findIndex((n) => n.id === m.id) === i).map(miniatureDefinition));
    const catalog = new Map([...shipped, ...own]);
    catalogs.set(minis, { shipped, catalog });
    return catalog;
  }
}
