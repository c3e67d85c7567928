/**
 * The tabletop's materials: three's standard material (lights, shadows, fog, clipping) painted by the
 * procedural patterns of shaders/tabletop.*.glsl, one small program per pattern (TABLE_PATTERN).
 */
import { Color, MeshStandardMaterial, type Plane, type WebGLProgramParametersWithUniforms } from "three";
import fragmentPatterns from "../../shaders/tabletop.frag.glsl?raw";
import vertexVaryings from "../../shaders/tabletop.vert.glsl?raw";

/** The pattern numbers of shaders/tabletop.frag.glsl. */
export const PATTERN = {
  plain: 0,
  flock: 1,
  hill: 2,
  road: 3,
  crops: 4,
  water: 5,
  stone: 6,
  brick: 7,
  hedge: 8,
  bocage: 9,
  woodland: 10,
  burnt: 11,
  crater: 12,
  sandbags: 13,
  rough: 14,
} as const;
export type Pattern = keyof typeof PATTERN;

export interface TableLook {
  readonly pattern: Pattern;
  readonly color: string;
  readonly roughness?: number;
  /** Below 1: drawn see-through (a crop field's volume). */
  readonly opacity?: number;
  /** Scenery that stops no sight line: washed out and a little see-through. */
  readonly decorative?: boolean;
  /** Hills: the height of the highest crest, where the tint is lightest. */
  readonly topHeight?: number;
  readonly clipping?: readonly Plane[];
  /**
   * Depth offset in polygon-offset units: positive pushes back (the table top, under the hills' feet where
   * both are at height 0), negative pulls forward (a crest line on its hilltop).
   */
  readonly depthOffset?: number;
}

/** How far decorative scenery is washed out towards the pale colour, and how see-through it is. */
const DECORATIVE = { lighten: 0.5, opacity: 0.7 };

/**
 * The patterns come with the shadows, a frame after the first (src/scene/ShadowsAfterFirstFrame.tsx calls
 * paintPatterns): the first picture of the table is plain colours, every terrain material sharing one
 * plain program, so it comes as fast as a table without patterns.
 */
let patternsPainted = false;

export function paintPatterns(): void {
  patternsPainted = true;
}

const patternOf = (material: MeshStandardMaterial): number => (patternsPainted ? (material.userData.tablePattern as number) : PATTERN.plain);

function paint(this: MeshStandardMaterial, shader: WebGLProgramParametersWithUniforms) {
  const pattern = patternOf(this);
  Object.assign(shader.uniforms, this.userData.tableUniforms);
  shader.vertexShader = shader.vertexShader
    .replace("#include <common>", "#include <common>\nvarying vec3 vTableWorld;\nvarying vec3 vTableNormal;\nvarying vec2 vTableUv;")
    .replace("#include <worldpos_vertex>", `#include <worldpos_vertex>\n${vertexVaryings}`);
  shader.fragmentShader = shader.fragmentShader
    .replace("#include <common>", `#include <common>\n#define TABLE_PATTERN ${pattern}\n${fragmentPatterns}`)
    .replace(
      "#include <color_fragment>",
      "#include <color_fragment>\ndiffuseColor.rgb = mix(tablePattern(diffuseColor.rgb), tableSrgb(vec3(0.93, 0.91, 0.85)), uLighten);",
    );
}

export function tableMaterial(look: TableLook): MeshStandardMaterial {
  const opacity = Math.min(look.opacity ?? 1, look.decorative ? DECORATIVE.opacity : 1);
  const material = new MeshStandardMaterial({
    color: new Color(look.color),
    roughness: look.roughness ?? 0.92,
    transparent: opacity < 1,
    opacity,
    depthWrite: opacity === 1,
    polygonOffset: look.depthOffset !== undefined,
    polygonOffsetFactor: Math.sign(look.depthOffset ?? 0),
    polygonOffsetUnits: look.depthOffset ?? 0,
    clippingPlanes: look.clipping ? [...look.clipping] : null,
    clipShadows: look.clipping !== undefined,
  });
  material.userData.tablePattern = PATTERN[look.pattern];
  material.userData.tableUniforms = {
    uLighten: { value: look.decorative ? DECORATIVE.lighten : 0 },
    uTopHeight: { value: look.topHeight ?? 10 },
  };
  material.onBeforeCompile = paint;
  // Materials of one pattern share a program; three tells programs apart by this key and its own settings.
  material.customProgramCacheKey = () => `tabletop-${patternOf(material)}`;
  return material;
}
