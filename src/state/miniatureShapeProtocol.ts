/** What the page and a miniature's shape worker say to each other (miniatureShape.ts, miniatureShapeWorker.ts). */
import type { ShapeBuild, ShapeOptions } from "../core/miniatures/buildMiniature";
import type { ModelFile } from "../core/miniatures/readModelFile";
import type { PartName } from "../core/modelDefinition";

export interface ShapeRequest {
  readonly file: ModelFile;
  /** The convex parts as a list (a Set reads the same after cloning, a list says so plainly). */
  readonly options: Omit<ShapeOptions, "convex"> & { readonly convex: readonly PartName[] };
}

export type ShapeAnswer = ShapeBuild;
