/**
 * The parametric sources of Hulldown's miniatures at 28 mm (1/56): real vehicle dimensions divided by 56,
 * figures 3.3 cm to the top of the helmet on 2.5 cm bases. Each definition has named parts (figure, base,
 * hull, turret, gun, crew, shield) made of boxes, cylinders and spheres, and named points (eye, muzzle…).
 * The sight engine's colliders and the rendered meshes are both built from these, never positioned twice.
 */
import { createCatalog, type ModelDefinitionInput, type ShapeInput } from "../modelDefinition";

type V3 = [number, number, number];

const BASE_THICKNESS = 0.3;

/** A standing figure whose feet are at `feet`, helmet top at feet + 3.0 cm. */
function standingFigure(feet: V3, helmet: "us" | "ger"): ShapeInput[] {
  const [x, y, z] = feet;
  return [
    { type: "box", size: [0.75, 1.4, 0.45], at: [x, y + 0.7, z] },
    { type: "box", size: [0.9, 1.05, 0.55], at: [x, y + 1.92, z] },
    { type: "sphere", radius: 0.26, at: [x, y + 2.62, z] },
    { type: "sphere", radius: helmet === "ger" ? 0.36 : 0.33, squash: helmet === "ger" ? 0.6 : 0.75, at: [x, y + 2.78, z] },
  ];
}

/** A kneeling or prone crewman: lower silhouette, 2.2 cm to the helmet top. */
function kneelingFigure(feet: V3, helmet: "us" | "ger"): ShapeInput[] {
  const [x, y, z] = feet;
  return [
    { type: "box", size: [0.8, 0.7, 1.0], at: [x, y + 0.35, z] },
    { type: "box", size: [0.9, 0.95, 0.55], at: [x, y + 1.2, z] },
    { type: "sphere", radius: 0.26, at: [x, y + 1.85, z] },
    { type: "sphere", radius: helmet === "ger" ? 0.36 : 0.33, squash: helmet === "ger" ? 0.6 : 0.75, at: [x, y + 2.0, z] },
  ];
}

const roundBase = (diameter: number) => ({ shape: "round" as const, width: diameter, thickness: BASE_THICKNESS });
const baseShape = (diameter: number): ShapeInput => ({
  type: "cylinder",
  radius: diameter / 2,
  length: BASE_THICKNESS,
  at: [0, BASE_THICKNESS / 2, 0],
});

function infantryman(id: string, name: string, nation: "us" | "ger", weapon: ShapeInput[], weaponName: string): ModelDefinitionInput {
  return {
    id,
    name,
    category: "infantry",
    nation,
    base: roundBase(2.5),
    figureHeight: 3.3,
    eyeHeight: 2.9,
    parts: [
      { name: "base", shapes: [baseShape(2.5)] },
      { name: "figure", shapes: [...standingFigure([0, BASE_THICKNESS, 0], nation), ...weapon] },
    ],
    points: { eye: { at: [0, 2.9, 0.2] } },
    weapons: [{ id: "small-arms", name: weaponName, origin: "eye", arc: 360, mount: "free" }],
  };
}

const rifle: ShapeInput[] = [{ type: "box", size: [0.12, 0.12, 1.9], at: [0.3, 2.0, 0.55] }];
const longTube: ShapeInput[] = [{ type: "cylinder", radius: 0.2, length: 2.6, axis: "z", at: [0.3, 2.45, 0.3] }];

/** A two-man team on a 40 mm base: a weapon crew sighting low. */
function team(id: string, name: string, nation: "us" | "ger", weapon: ShapeInput[], weaponName: string, arc: number): ModelDefinitionInput {
  return {
    id,
    name,
    category: "team",
    nation,
    base: roundBase(4),
    figureHeight: 2.5,
    eyeHeight: 2.15,
    parts: [
      { name: "base", shapes: [baseShape(4)] },
      { name: "crew", shapes: [...kneelingFigure([-0.7, BASE_THICKNESS, -0.2], nation), ...kneelingFigure([0.8, BASE_THICKNESS, -0.6], nation)] },
      { name: "gun", shapes: weapon },
    ],
    points: { eye: { at: [-0.7, 2.15, 0.1] } },
    weapons: [{ id: "team-weapon", name: weaponName, origin: "eye", arc, mount: "free" }],
  };
}

const mgOnBipod = (length: number): ShapeInput[] => [
  { type: "box", size: [0.25, 0.3, length], at: [-0.7, 1.6, 0.6] },
  { type: "box", size: [0.5, 0.6, 0.12], at: [-0.7, 1.1, 1.2] },
];

/**
 * The sloped front plate: a slab whose outer face is the diagonal from the hull's front at track height
 * back to the hull top `run` cm behind it, so it stays inside the hull's outline and height.
 */
function glacisPlate(width: number, run: number, rise: number, bottom: number, front: number): ShapeInput {
  const slope = Math.hypot(run, rise);
  const thickness = 0.6 * Math.min(run, rise);
  // Midpoint of the diagonal, moved half the slab's thickness inwards (backwards and down).
  const inward = [-rise / slope, -run / slope];
  return {
    type: "box",
    size: [width, thickness, slope - thickness],
    at: [0, bottom + rise / 2 + inward[1]! * (thickness / 2), front - run / 2 + inward[0]! * (thickness / 2)],
    pitch: (Math.atan2(rise, run) * 180) / Math.PI,
  };
}

/** A tracked tank: hull with tracks and upper hull, a traversing turret with its gun. */
function tank(opts: {
  id: string;
  name: string;
  nation: string;
  width: number;
  length: number;
  trackHeight: number;
  hullTop: number;
  glacis: number;
  turret: ShapeInput[];
  turretPivotZ: number;
  gunLength: number;
  gunHeight: number;
  gunRadius: number;
  gunName: string;
  commanderEye: V3;
  hullMgZ: number;
  extraWeapons?: ModelDefinitionInput["weapons"];
  extraPoints?: ModelDefinitionInput["points"];
}): ModelDefinitionInput {
  const { width, length, trackHeight, hullTop } = opts;
  const trackWidth = width * 0.19;
  const lowerWidth = width - 2 * trackWidth;
  const upperHeight = hullTop - trackHeight;
  const gunStart = opts.turretPivotZ + 1.6;
  return {
    id: opts.id,
    name: opts.name,
    category: "vehicle",
    nation: opts.nation,
    vehicle: { class: "tank", width, length },
    turretPivot: [0, opts.turretPivotZ],
    parts: [
      {
        name: "hull",
        shapes: [
          { type: "box", size: [trackWidth, trackHeight, length * 0.96], at: [-(width - trackWidth) / 2, trackHeight / 2, 0] },
          { type: "box", size: [trackWidth, trackHeight, length * 0.96], at: [(width - trackWidth) / 2, trackHeight / 2, 0] },
          { type: "box", size: [lowerWidth, trackHeight - 0.4, length * 0.94], at: [0, 0.4 + (trackHeight - 0.4) / 2, 0] },
          { type: "box", size: [width, upperHeight, length - opts.glacis], at: [0, trackHeight + upperHeight / 2, -opts.glacis / 2] },
          glacisPlate(width * 0.96, opts.glacis, upperHeight, trackHeight, length / 2),
        ],
      },
      { name: "turret", turret: true, shapes: opts.turret },
      {
        name: "gun",
        turret: true,
        shapes: [
          { type: "cylinder", radius: opts.gunRadius, length: opts.gunLength, axis: "z", at: [0, opts.gunHeight, gunStart + opts.gunLength / 2] },
          { type: "box", size: [0.9, 0.7, 0.5], at: [0, opts.gunHeight, gunStart] },
        ],
      },
    ],
    points: {
      eye: { at: opts.commanderEye, turret: true },
      muzzle: { at: [0, opts.gunHeight, gunStart + opts.gunLength], turret: true },
      hullMG: { at: [width * 0.25, hullTop - 0.5, opts.hullMgZ] },
      ...opts.extraPoints,
    },
    weapons: [
      { id: "main-gun", name: opts.gunName, origin: "muzzle", arc: 360, mount: "turret" },
      { id: "coax-mg", name: "Coaxial MG", origin: "muzzle", arc: 360, mount: "turret" },
      { id: "hull-mg", name: "Hull MG", origin: "hullMG", arc: 90, mount: "hull" },
      ...(opts.extraWeapons ?? []),
    ],
  };
}

const panzerIV = tank({
  id: "ger-panzer-iv",
  name: "Panzer IV Ausf. H",
  nation: "ger",
  width: 5.15,
  length: 10.5,
  trackHeight: 1.8,
  hullTop: 3.4,
  glacis: 1.2,
  turretPivotZ: -0.4,
  turret: [
    { type: "box", size: [3.3, 1.25, 4.0], at: [0, 4.02, -0.4] },
    { type: "box", size: [4.4, 1.0, 4.4], at: [0, 4.05, -0.8] },
    { type: "cylinder", radius: 0.55, length: 0.5, at: [0, 4.9, -1.7] },
  ],
  gunLength: 5.2,
  gunHeight: 4.0,
  gunRadius: 0.16,
  gunName: "7.5 cm KwK 40 L/48",
  commanderEye: [0, 5.2, -1.7],
  hullMgZ: 4.9,
});

const panther = tank({
  id: "ger-panther",
  name: "Panther Ausf. G",
  nation: "ger",
  width: 6.0,
  length: 12.4,
  trackHeight: 2.0,
  hullTop: 3.6,
  glacis: 2.6,
  turretPivotZ: 0.2,
  turret: [
    { type: "box", size: [3.6, 1.45, 4.6], at: [0, 4.32, 0.0] },
    { type: "cylinder", radius: 0.6, length: 0.5, at: [-0.9, 5.25, -1.4] },
  ],
  gunLength: 7.2,
  gunHeight: 4.3,
  gunRadius: 0.17,
  gunName: "7.5 cm KwK 42 L/70",
  commanderEye: [-0.9, 5.55, -1.4],
  hullMgZ: 5.2,
});

const sherman = tank({
  id: "us-sherman-m4",
  name: "M4 Sherman",
  nation: "us",
  width: 4.7,
  length: 10.4,
  trackHeight: 2.0,
  hullTop: 3.5,
  glacis: 2.6,
  turretPivotZ: 0.4,
  turret: [
    { type: "cylinder", radius: 1.65, length: 1.2, at: [0, 4.1, 0.3] },
    { type: "box", size: [2.2, 0.9, 1.2], at: [0, 4.05, -1.5] },
    { type: "cylinder", radius: 0.5, length: 0.45, at: [0.7, 4.9, -0.5] },
  ],
  gunLength: 3.8,
  gunHeight: 4.05,
  gunRadius: 0.15,
  gunName: "75 mm M3",
  commanderEye: [0.7, 5.2, -0.5],
  hullMgZ: 4.6,
  extraPoints: { aaMG: { at: [0.7, 5.4, -0.2], turret: true } },
  extraWeapons: [{ id: "aa-mg", name: ".50 cal M2 (AA mount)", origin: "aaMG", arc: 360, mount: "free" }],
});

const wheel = (x: number, z: number, r: number): ShapeInput => ({ type: "cylinder", radius: r, length: 0.45, axis: "x", at: [x, r, z] });

const halftrack: ModelDefinitionInput = {
  id: "ger-sdkfz-251",
  name: "SdKfz 251/1 half-track",
  category: "vehicle",
  nation: "ger",
  vehicle: { class: "armoured", openTopped: true, width: 3.75, length: 10.4 },
  parts: [
    {
      name: "hull",
      shapes: [
        wheel(-1.5, 3.6, 0.8),
        wheel(1.5, 3.6, 0.8),
        { type: "box", size: [0.75, 1.3, 6.0], at: [-1.5, 0.65, -1.6] },
        { type: "box", size: [0.75, 1.3, 6.0], at: [1.5, 0.65, -1.6] },
        { type: "box", size: [3.4, 1.2, 9.0], at: [0, 1.5, -0.6] },
        { type: "box", size: [2.4, 0.9, 2.6], at: [0, 2.2, 3.9], pitch: -20 },
        { type: "box", size: [3.6, 1.0, 0.12], at: [0, 2.6, -5.0] },
        { type: "box", size: [0.12, 1.0, 6.6], at: [-1.75, 2.6, -1.7] },
        { type: "box", size: [0.12, 1.0, 6.6], at: [1.75, 2.6, -1.7] },
      ],
    },
    {
      name: "gun",
      shapes: [
        { type: "box", size: [1.0, 0.8, 0.1], at: [0, 3.3, 1.5] },
        { type: "box", size: [0.2, 0.2, 1.6], at: [0, 3.2, 1.9] },
      ],
    },
  ],
  points: { eye: { at: [0, 3.6, 1.1] }, frontMG: { at: [0, 3.25, 2.6] } },
  weapons: [{ id: "front-mg", name: "MG 34 (front shield)", origin: "frontMG", arc: 90, mount: "hull" }],
};

const jeep: ModelDefinitionInput = {
  id: "us-jeep",
  name: "Willys jeep with .30 cal",
  category: "vehicle",
  nation: "us",
  vehicle: { class: "unarmoured", openTopped: true, width: 2.8, length: 5.9 },
  parts: [
    {
      name: "hull",
      shapes: [
        wheel(-1.15, 1.7, 0.55),
        wheel(1.15, 1.7, 0.55),
        wheel(-1.15, -1.7, 0.55),
        wheel(1.15, -1.7, 0.55),
        { type: "box", size: [2.5, 0.8, 5.6], at: [0, 1.05, 0] },
        { type: "box", size: [2.3, 0.08, 0.9], at: [0, 1.9, 0.8], pitch: 60 },
      ],
    },
    { name: "crew", shapes: [...kneelingFigure([-0.6, 0.9, 0.0], "us")] },
    { name: "gun", shapes: [{ type: "box", size: [0.18, 0.18, 1.4], at: [0, 2.3, -0.8] }] },
  ],
  points: { eye: { at: [-0.6, 2.7, 0.2] }, pedestalMG: { at: [0, 2.35, -0.1] } },
  weapons: [{ id: "pedestal-mg", name: ".30 cal M1919 (pedestal)", origin: "pedestalMG", arc: 360, mount: "free" }],
};

const kubelwagen: ModelDefinitionInput = {
  id: "ger-kubelwagen",
  name: "Kübelwagen",
  category: "vehicle",
  nation: "ger",
  vehicle: { class: "unarmoured", openTopped: true, width: 2.9, length: 6.8 },
  parts: [
    {
      name: "hull",
      shapes: [
        wheel(-1.2, 2.1, 0.55),
        wheel(1.2, 2.1, 0.55),
        wheel(-1.2, -2.1, 0.55),
        wheel(1.2, -2.1, 0.55),
        { type: "box", size: [2.6, 1.0, 6.5], at: [0, 1.15, 0] },
      ],
    },
    { name: "crew", shapes: [...kneelingFigure([-0.6, 1.0, 0.2], "ger")] },
  ],
  points: { eye: { at: [-0.6, 2.8, 0.4] } },
  weapons: [],
};

const pak40: ModelDefinitionInput = {
  id: "ger-pak40",
  name: "7.5 cm PaK 40 with crew",
  category: "gun",
  nation: "ger",
  base: { shape: "rect", width: 6, depth: 8, thickness: BASE_THICKNESS },
  figureHeight: 3.3,
  eyeHeight: 1.9,
  parts: [
    { name: "base", shapes: [{ type: "box", size: [6, BASE_THICKNESS, 8], at: [0, BASE_THICKNESS / 2, 0] }] },
    {
      name: "gun",
      shapes: [
        { type: "cylinder", radius: 0.12, length: 6.0, axis: "z", at: [0, 1.5, 1.4] },
        { type: "box", size: [0.9, 0.8, 1.8], at: [0, 1.3, -0.6] },
        wheel(-1.2, -0.4, 0.6),
        wheel(1.2, -0.4, 0.6),
        { type: "box", size: [0.3, 0.3, 3.2], at: [-0.9, 0.6, -2.5], yaw: -12 },
        { type: "box", size: [0.3, 0.3, 3.2], at: [0.9, 0.6, -2.5], yaw: 12 },
      ],
    },
    { name: "shield", shapes: [{ type: "box", size: [3.5, 1.6, 0.1], at: [0, 1.45, 0.15], pitch: 12 }] },
    {
      name: "crew",
      shapes: [...kneelingFigure([-1.6, BASE_THICKNESS, -1.5], "ger"), ...standingFigure([1.8, BASE_THICKNESS, -2.5], "ger")],
    },
  ],
  points: { eye: { at: [-0.5, 1.9, -0.3] }, muzzle: { at: [0, 1.5, 4.4] } },
  weapons: [{ id: "main-gun", name: "7.5 cm PaK 40", origin: "eye", arc: 45, mount: "hull" }],
};

export const MODEL_DEFINITIONS: readonly ModelDefinitionInput[] = [
  infantryman("ger-rifleman", "Panzergrenadier (Kar98k)", "ger", rifle, "Kar98k rifle"),
  infantryman("ger-nco", "Panzergrenadier NCO (MP40)", "ger", rifle, "MP40"),
  infantryman("ger-panzerschreck", "Panzerschreck gunner", "ger", longTube, "Panzerschreck"),
  infantryman("us-rifleman", "US rifleman (M1 Garand)", "us", rifle, "M1 Garand"),
  infantryman("us-nco", "US squad leader (Thompson)", "us", rifle, "Thompson SMG"),
  infantryman("us-bar-gunner", "US BAR gunner", "us", rifle, "M1918 BAR"),
  infantryman("us-bazooka", "US bazooka gunner", "us", longTube, "M1 bazooka"),
  team("ger-mg42-team", "MG 42 team", "ger", mgOnBipod(2.0), "MG 42", 180),
  team("us-30cal-team", ".30 cal M1919 team", "us", mgOnBipod(1.7), ".30 cal M1919", 180),
  pak40,
  panzerIV,
  panther,
  halftrack,
  kubelwagen,
  sherman,
  jeep,
];

export const MODEL_CATALOG = createCatalog(MODEL_DEFINITIONS);
