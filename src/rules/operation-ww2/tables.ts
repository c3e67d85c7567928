/**
 * Operation WW2's tables as data (tables/*.json), each validated by a schema when loaded. The tables the
 * source gives are kept as printed; the ones it does not give are editable sample data marked
 * `"sample": true`. A user replaces any table with a file of the same shape (loadOw2Tables).
 */
import { z } from "zod";
import type { TableFile, TableLoadResult, TableSpec } from "../ruleset";
import { loadTableFiles } from "../tableFiles";
import buildingDemolition from "./tables/building-demolition.json";
import commandCards from "./tables/command-cards.sample.json";
import cover from "./tables/cover.sample.json";
import damage from "./tables/damage.sample.json";
import damageModifiers from "./tables/damage-modifiers.json";
import flamethrowerTemplates from "./tables/flamethrower-templates.sample.json";
import flamethrowerVsVehicles from "./tables/flamethrower-vs-vehicles.json";
import heavyWeaponsV2 from "./tables/heavy-weapons-v2.json";
import movement from "./tables/movement.sample.json";
import profiles from "./tables/profiles.sample.json";
import protection from "./tables/protection.json";
import roofDemolition from "./tables/roof-demolition.json";
import scatter from "./tables/scatter.json";
import specialGuns from "./tables/special-guns.json";
import spotting from "./tables/spotting.sample.json";
import templates from "./tables/templates.json";
import weapons from "./tables/weapons.sample.json";
import { AMMUNITION, ARMOUR_CLASSES, COVER_CLASSES, ORDERS, SPOTTING_STATES, TARGET_TYPES } from "./types";

export const RULESET_ID = "operation-ww2";

const d10 = z.number().int().min(1);
const cm = z.number().nonnegative();

/** Rows keyed by inclusive roll ranges that must cover `from`…`to` once each, in order. */
function rollRows<T extends z.ZodType>(row: T, from = 1, to = 10) {
  return z.array(row).superRefine((rows, ctx) => {
    let next = from;
    for (const [i, r] of (rows as Array<{ rolls: [number, number] }>).entries()) {
      if (r.rolls[0] !== next || r.rolls[1] < r.rolls[0])
        ctx.addIssue({
          code: "custom",
          path: [i, "rolls"],
          message: `rows must run from ${from} to ${to} without gaps or overlaps; expected a row starting at ${next}`,
        });
      next = r.rolls[1] + 1;
    }
    if (next !== to + 1) ctx.addIssue({ code: "custom", message: `rows must end at ${to}` });
  });
}
const rolls = z.tuple([d10, d10]);

/** A vehicle (or gun) damage effect; crew:N, crew-pinned:N and crew-killed:N count models (§6.13, §6.16). */
const VEHICLE_EFFECTS = [
  "no-effect",
  "catastrophic",
  "engine-ammo",
  "immobilised",
  "main-weapon",
  "secondary-weapon",
  "steady-nerves",
  "track",
  "wheel",
] as const;
const VehicleEffect = z.union([
  z.enum(VEHICLE_EFFECTS),
  z.string().regex(/^(crew|crew-pinned|crew-killed):[1-9]\d*$/, "expected an effect or crew:N, crew-pinned:N, crew-killed:N"),
]);
export type VehicleEffect = z.infer<typeof VehicleEffect>;

const INFANTRY_RESULTS = ["no-effect", "pinned", "killed", "pinned-if-cover", "pinned-if-medium-cover", "pinned-if-heavy-cover"] as const;
export type InfantryResult = (typeof INFANTRY_RESULTS)[number];

const TargetType = z.enum(TARGET_TYPES);
const TemplateId = z.enum(["T3", "T5", "T8", "T10", "TL", "L12", "L24"]);
export type TemplateId = z.infer<typeof TemplateId>;
const BuildingSize = z.enum(["small", "medium", "large", "huge"]);
export type BuildingSize = z.infer<typeof BuildingSize>;

const Scatter = z.strictObject({
  die: z.number().int().min(2),
  bands: z.array(z.strictObject({ upTo: cm.nullable(), multiplier: z.number().positive() })).min(1),
  noEffect: z.array(d10),
});

const protectionRows = rollRows(z.strictObject({ rolls, result: z.enum(["no-effect", "hit"]) }));
const Protection = z.strictObject({ "v1-wall": protectionRows, "v1-area": protectionRows, "v2.0-cover": protectionRows });

const effectRows = rollRows(z.strictObject({ rolls, result: z.array(VehicleEffect).min(1) }));
const flameVersions = z.strictObject({ v1: effectRows, "v2.0": effectRows });
const FlamethrowerVsVehicles = z.strictObject({ light: flameVersions, heavy: flameVersions });

const HeavyWeaponsV2 = z.strictObject({
  abolished: z.array(VehicleEffect),
  rows: z.array(z.strictObject({ columns: z.array(TargetType).min(1), roll: d10, result: z.array(VehicleEffect).min(1) })),
});

const SpecialGuns = z.record(z.string(), z.strictObject({ name: z.string(), toHit: z.record(TargetType, d10.nullable()) }));

const Templates = z.strictObject({
  radius: z.strictObject({ T3: cm, T5: cm, T8: cm, T10: cm }),
  interrupt: z.record(
    TemplateId.exclude(["TL"]),
    z.strictObject({ modifier: z.number().int(), minimum: z.number().int().optional(), version: z.enum(["v1", "v2.0"]).optional() }),
  ),
});

const armourList = z.array(z.enum(ARMOUR_CLASSES));
const DamageModifiers = z.strictObject({
  armour: z.record(z.enum(ARMOUR_CLASSES), z.number().int()),
  gunClass: z.strictObject({
    heavy: z.partialRecord(z.enum(["medium-tank", "light-tank", "unarmoured"]), z.number().int()),
    light: z.partialRecord(z.enum(["medium-tank", "light-tank", "unarmoured"]), z.number().int()),
  }),
  ignoreArmour: z.strictObject({ indirect: armourList, flamethrower: armourList, "close-assault": armourList, height: armourList }),
  coveringFire: z.number().int(),
  smoke: z.number().int(),
});

const buildingRows = (result: z.ZodType) => rollRows(z.strictObject({ rolls, small: result, medium: result, large: result, huge: result }), 1, 13);
const sizeRows = z.array(z.strictObject({ size: BuildingSize, atLeast: z.tuple([cm, cm]) }));
const BuildingDemolition = z.strictObject({
  sizes: z.strictObject({ oneStorey: sizeRows, twoOrMoreStoreys: sizeRows, otherwise: BuildingSize }),
  minimumCalibre: cm,
  calibreModifiers: z.array(z.strictObject({ from: cm, to: cm, modifier: z.number().int() })),
  demolitionChargeModifier: z.number().int(),
  afterCollapseModifier: z.number().int(),
  rows: buildingRows(z.enum(["no-effect", "training-test", "collapse-small-arms", "collapse-heavy-weapons", "training-test-hit-and-adjacent-rooms"])),
});
const RoofDemolition = z.strictObject({
  rows: buildingRows(z.enum(["holds", "collapses", "collapses-and-demolition"])),
  demolitionModifier: z.number().int(),
});

const spottingCell = z.strictObject({ open: cm, cover: cm });
const spottingTime = z.strictObject(
  Object.fromEntries(SPOTTING_STATES.map((s) => [s, spottingCell])) as Record<(typeof SPOTTING_STATES)[number], typeof spottingCell>,
);
const spottingTarget = z.strictObject({ day: spottingTime, night: spottingTime });
const Spotting = z.strictObject({ infantry: spottingTarget, vehicle: spottingTarget });

/** A to-hit cell: the number needed, "NE" (cannot harm), or "h/x" (hit on h, then penetrate on x, §9.5). */
const ToHitCell = z.union([d10, z.literal("NE"), z.string().regex(/^\d+\/\d+$/, 'expected a number, "NE" or "hit/penetration" like "7/9"')]);
export type ToHitCell = z.infer<typeof ToHitCell>;
const WeaponProfile = z.strictObject({
  name: z.string(),
  damage: z.enum(["small-arms", "heavy-weapons"]),
  range: z.strictObject({ close: cm.nullable(), normal: cm, extreme: cm }),
  minimumRange: cm.optional(),
  rof: z.number().int().positive(),
  toHit: z.record(TargetType, ToHitCell),
  ammunition: z.enum(AMMUNITION).optional(),
  calibre: cm.optional(),
  gunClass: z.enum(["light", "medium", "heavy"]).optional(),
  longBarrel: z.boolean().optional(),
  antiTankRifle: z.boolean().optional(),
  heat: z.boolean().optional(),
  template: TemplateId.optional(),
  flamethrower: z.enum(["light", "heavy"]).optional(),
  indirect: z.enum(["only", "also"]).optional(),
  /** Hand-thrown (grenades, demolition charges): a miss scatters (§8.2), and it may go over a high wall (§5.3). */
  thrown: z.boolean().optional(),
  singleUse: z.boolean().optional(),
  slowReload: z.boolean().optional(),
  specialGun: z.string().optional(),
  crewServed: z.enum(["light-mg", "medium-mg", "rocket-launcher", "light-mortar", "medium-mortar", "artillery", "vehicle-gun"]).optional(),
});
export type WeaponProfile = z.infer<typeof WeaponProfile>;
const Weapons = z.record(z.string(), WeaponProfile);

const MOUNTS = ["hand", "tripod", "carriage", "turret", "lower-hull", "upper-hull", "pintle"] as const;
const WeaponMount = z.strictObject({
  profile: z.union([z.string(), z.partialRecord(z.enum(AMMUNITION), z.string())]),
  arc: z.number().positive().max(360),
  mount: z.enum(MOUNTS),
  /** Firing it shows a crewman out of a hatch: the vehicle spots as with its commander out (§5.7, §5.17). */
  exposesCrew: z.boolean().optional(),
  /** An anti-aircraft weapon: v2.0 narrows its arc to 180° once the vehicle has moved (§7). */
  antiAircraft: z.boolean().optional(),
});
export type WeaponMount = z.infer<typeof WeaponMount>;
const ModelProfile = z.strictObject({
  type: TargetType,
  /** Wheels of a wheeled vehicle: with 6–8 it takes two Wheel results to halve its movement (§6.13). */
  wheels: z.number().int().positive().optional(),
  training: z.number().int().min(1).max(10),
  armour: z.strictObject({ front: z.enum(ARMOUR_CLASSES), side: z.enum(ARMOUR_CLASSES), rear: z.enum(ARMOUR_CLASSES) }).optional(),
  assistants: z.number().int().nonnegative().optional(),
  weapons: z.record(z.string(), WeaponMount),
  carried: z.array(z.string()).optional(),
  properties: z.array(z.string()).optional(),
});
export type ModelProfile = z.infer<typeof ModelProfile>;
const Profiles = z.strictObject({
  models: z.record(z.string(), ModelProfile),
  fallback: z.strictObject({
    infantry: ModelProfile,
    team: ModelProfile,
    gun: ModelProfile,
    "vehicle:tank": ModelProfile,
    "vehicle:armoured": ModelProfile,
    "vehicle:unarmoured": ModelProfile,
  }),
});

const damageColumns = z.strictObject({
  infantry: rollRows(z.strictObject({ rolls, result: z.enum(INFANTRY_RESULTS) })),
  artillery: effectRows,
  motorbike: effectRows,
  car: effectRows,
  truck: effectRows,
  "half-track": effectRows,
  "armoured-car": effectRows,
  "light-tank": effectRows,
  "medium-tank": effectRows,
  "heavy-tank": effectRows,
});
const Damage = z.strictObject({ "small-arms": damageColumns, "heavy-weapons": damageColumns });
export type DamageSection = "small-arms" | "heavy-weapons";

const CoverSources = z.record(z.string(), z.strictObject({ class: z.enum(COVER_CLASSES), basis: z.enum(["given", "inferred", "sample"]) }));

/** cm a movement class spends to enter a kind of feature, null where it may not enter. */
const EntryCost = cm.nullable();
export const MOVE_CLASSES = ["infantry", "wheeled", "tracked"] as const;
const Movement = z.strictObject({
  rates: z.record(TargetType, z.strictObject({ slow: cm, fast: cm, charge: cm, basis: z.enum(["given", "sample"]), sampleSlow: z.boolean().optional() })),
  terrain: z.record(z.string(), z.strictObject({ infantry: EntryCost, wheeled: EntryCost, tracked: EntryCost })),
  /** A model riding a bicycle (000 l.169–173). */
  bicycle: z.strictObject({ slow: cm, fast: cm, charge: cm }),
});

/** A player's deck of command cards: each order at the priorities it is printed with (lower is faster, §2.3). */
const CommandCards = z.strictObject({
  deck: z.array(z.strictObject({ order: z.enum(ORDERS), priorities: z.array(z.number().int().min(1).max(99)).min(1) })).min(1),
});

const FlamethrowerTemplates = z.record(z.enum(["TL", "L12", "L24"]), z.strictObject({ length: cm, narrowWidth: cm, wideWidth: cm }));

const SCHEMAS = {
  scatter: Scatter,
  protection: Protection,
  "flamethrower-vs-vehicles": FlamethrowerVsVehicles,
  "heavy-weapons-v2": HeavyWeaponsV2,
  "special-guns": SpecialGuns,
  templates: Templates,
  "damage-modifiers": DamageModifiers,
  "building-demolition": BuildingDemolition,
  "roof-demolition": RoofDemolition,
  spotting: Spotting,
  weapons: Weapons,
  damage: Damage,
  profiles: Profiles,
  cover: CoverSources,
  "flamethrower-templates": FlamethrowerTemplates,
  movement: Movement,
  "command-cards": CommandCards,
} as const;

export type TableId = keyof typeof SCHEMAS;
export type Ow2TableData = { readonly [K in TableId]: z.infer<(typeof SCHEMAS)[K]> };
export interface Ow2Tables {
  readonly data: Ow2TableData;
  readonly specs: readonly TableSpec[];
}

/** The shipped table files, as a user would write them. */
export const TABLE_FILES: readonly TableFile[] = [
  scatter,
  protection,
  flamethrowerVsVehicles,
  heavyWeaponsV2,
  specialGuns,
  templates,
  damageModifiers,
  buildingDemolition,
  roofDemolition,
  spotting,
  weapons,
  damage,
  profiles,
  cover,
  flamethrowerTemplates,
  movement,
  commandCards,
];

/**
 * The shipped tables with `files` replacing theirs. Every file is checked: the right ruleset, a known
 * table, data of the right shape; errors name the file's table and the path inside its data.
 */
export function loadOw2Tables(files: readonly TableFile[] = []): TableLoadResult<Ow2Tables> {
  return loadTableFiles(RULESET_ID, SCHEMAS, TABLE_FILES, files);
}

function shippedTables(): Ow2Tables {
  const result = loadOw2Tables();
  if (!result.ok) throw new Error(`the shipped Operation WW2 tables are invalid:\n${result.errors.join("\n")}`);
  return result.tables;
}

/** The tables as shipped (validated once, when this module loads). */
export const OW2_TABLES: Ow2Tables = shippedTables();
