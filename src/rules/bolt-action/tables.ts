/**
 * Bolt Action's tables as data (tables/*.json), validated when loaded. The source's tables are kept as
 * printed (inches, its dice); what it leaves out is editable sample data marked `"sample": true`. A user
 * replaces any table with a file of the same shape (loadBaTables).
 */
import { z } from "zod";
import type { TableFile, TableLoadResult, TableSpec } from "../ruleset";
import { loadTableFiles } from "../tableFiles";
import cover from "./tables/cover.sample.json";
import damageResults from "./tables/damage-results.json";
import damageValues from "./tables/damage-values.json";
import he from "./tables/he.json";
import movement from "./tables/movement.json";
import orders from "./tables/orders.json";
import penetration from "./tables/penetration.json";
import practice from "./tables/practice.sample.json";
import profiles from "./tables/profiles.sample.json";
import toHit from "./tables/to-hit.json";
import weapons from "./tables/weapons.json";
import { COVER_CLASSES, HE_SIZES, ORDERS, QUALITIES, RULESET_ID, TERRAIN_CATEGORIES, TROOP_TYPES, VEHICLE_CLASSES } from "./types";

/** Dice as the source prints them, read: "D6", "2D6". */
export const DiceText = z.string().regex(/^[1-9]?D[236]$/, 'expected dice like "D6", "2D6" or "D3"');
const inches = z.number().nonnegative();
const modifier = z.number().int();
const Quality = z.enum(QUALITIES);
const HeSize = z.enum(HE_SIZES);
const Cover = z.enum(COVER_CLASSES).exclude(["none"]);

const WeaponRow = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  greek: z.string(),
  section: z.enum(["small-arms", "heavy-weapons"]),
  range: z.strictObject({ min: inches.optional(), max: inches.positive(), bracket: z.string().optional() }),
  shots: z.union([z.number().int().positive(), DiceText]),
  pen: z.union([z.number().int(), z.null(), z.literal("HE")]),
  rules: z.array(z.enum(["assault", "team", "fixed", "he", "shaped-charge", "one-shot", "flamethrower", "indirect-fire", "howitzer"])),
  he: HeSize.optional(),
});
export type WeaponRow = z.infer<typeof WeaponRow>;
const Weapons = z.array(WeaponRow).superRefine((rows, ctx) => {
  for (const [i, r] of rows.entries()) {
    if (r.rules.includes("he") !== (r.he !== undefined))
      ctx.addIssue({ code: "custom", path: [i, "he"], message: `${r.id}: the "he" rule and an HE size go together` });
    if (r.pen === "HE" && !r.he) ctx.addIssue({ code: "custom", path: [i, "pen"], message: `${r.id}: pen "HE" needs an HE size` });
    if (rows.findIndex((o) => o.id === r.id) !== i) ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate weapon id "${r.id}"` });
  }
});

const HeTable = z.array(z.strictObject({ he: HeSize, printed: z.string(), pins: z.union([z.number().int().nonnegative(), DiceText]), pen: modifier }));

const DamageValues = z.strictObject({
  infantry: z.strictObject({ inexperienced: z.number().int(), regular: z.number().int(), veteran: z.number().int() }),
  ...(Object.fromEntries(VEHICLE_CLASSES.map((c) => [c, z.number().int()])) as Record<(typeof VEHICLE_CLASSES)[number], z.ZodNumber>),
});

const ToHit = z.strictObject({
  base: z.number().int(),
  pointBlank: modifier,
  perPinOnFirer: modifier,
  longRange: modifier,
  inexperiencedFirers: modifier,
  firingOnTheMove: modifier,
  targetDown: modifier,
  smallUnit: modifier,
  softCover: modifier,
  hardCover: modifier,
});

const Penetration = z.strictObject({ front: modifier, side: modifier, top: modifier, rear: modifier, longRange: modifier });

const DamageResult = z.enum(["crew-stunned", "immobilised", "on-fire", "knocked-out"]);
export type DamageResult = z.infer<typeof DamageResult>;
const DamageResults = z.strictObject({
  rows: z
    .array(
      z.strictObject({
        from: z.number().int().optional(),
        upTo: z.number().int().optional(),
        result: DamageResult,
        name: z.string(),
        pins: z.number().int().nonnegative(),
      }),
    )
    .min(1),
  superficial: modifier,
  heavy: modifier,
  massiveResults: z.number().int().positive(),
  openToppedIndirect: modifier,
});

const Orders = z.strictObject({
  orders: z.array(z.strictObject({ id: z.enum(ORDERS), name: z.string(), summary: z.string() })).length(ORDERS.length),
  fubarOn: z.array(z.number().int().min(1).max(6)).length(2),
  fubar: z.array(
    z.strictObject({
      from: z.number().int(),
      upTo: z.number().int(),
      result: z.enum(["friendly-fire", "panic"]),
      name: z.string(),
      enemyWithin: inches.optional(),
    }),
  ),
  morale: z.record(Quality, z.number().int()),
  officers: z.record(z.string(), z.number().int()),
  rallyRemoves: DiceText,
  assaultEnclosedWithoutAntiTank: modifier,
});

const Terrain = z.enum(["yes", "yes*", "no-run", "no", "no*", "no!", "x2"]);
export type TerrainCell = z.infer<typeof Terrain>;
const terrainRow = z.strictObject({ infantry: Terrain, artillery: Terrain, wheeled: Terrain, tracked: Terrain });
const Movement = z.strictObject({
  rates: z.strictObject({
    infantry: z.strictObject({ advance: inches, run: inches }),
    tracked: z.strictObject({ advance: inches, run: inches, turnsAdvance: z.number().int(), turnsRun: z.number().int() }),
    "half-tracked": z.strictObject({ advance: inches, run: inches, turnsAdvance: z.number().int(), turnsRun: z.number().int() }),
    wheeled: z.strictObject({ advance: inches, run: inches, turnsAdvance: z.number().int(), turnsRun: z.number().int() }),
  }),
  terrain: z.strictObject({ open: terrainRow, rough: terrainRow, obstacle: terrainRow, building: terrainRow, road: terrainRow }),
  reverseShare: z.number().positive().max(1),
});

const Profile = z.strictObject({
  type: z.enum(TROOP_TYPES),
  quality: Quality,
  weapons: z.record(z.string(), z.string()),
  vehicle: z
    .strictObject({
      damage: z.enum(VEHICLE_CLASSES),
      moves: z.enum(["tracked", "half-tracked", "wheeled"]),
      openTopped: z.boolean().optional(),
      recce: z.boolean().optional(),
    })
    .optional(),
});
export type BaProfile = z.infer<typeof Profile>;
const Profiles = z.strictObject({
  models: z.record(z.string(), Profile),
  fallback: z.strictObject({
    infantry: Profile,
    team: Profile,
    gun: Profile,
    "vehicle:tank": Profile,
    "vehicle:armoured": Profile,
    "vehicle:unarmoured": Profile,
  }),
});

const CoverTable = z.strictObject({
  areas: z.record(z.string(), Cover),
  obstacles: z.record(z.string(), Cover),
  hiders: z.record(z.string(), Cover),
  behindWithin: inches,
});

const test = z.strictObject({ dice: z.number().int().positive(), perPin: modifier });
const Practice = z.strictObject({
  pointBlank: inches,
  longRangeBeyond: z.number().positive().max(1),
  pinsPerHitUnit: z.number().int().nonnegative(),
  smallUnitAtMost: z.number().int().nonnegative(),
  orderTest: test,
  moraleCheck: test,
  damageSeverity: z.strictObject({
    equal: z.enum(["superficial", "heavy"]),
    above: z.enum(["superficial", "heavy"]),
    massiveAbove: z.number().int().positive(),
  }),
  closeQuarters: z.strictObject({ attacksPerModel: z.number().int().positive() }),
  heTemplates: z.record(HeSize, inches.positive()),
  terrain: z.record(z.string(), z.enum(TERRAIN_CATEGORIES)),
  vehicleImpassable: z.array(z.string()),
  halfTracks: z.enum(["tracked", "wheeled"]),
  moraleAtHalf: z.number().positive().max(1),
  officerWithin: inches,
  regroupUpTo: inches,
});

const SCHEMAS = {
  weapons: Weapons,
  he: HeTable,
  "damage-values": DamageValues,
  "to-hit": ToHit,
  penetration: Penetration,
  "damage-results": DamageResults,
  orders: Orders,
  movement: Movement,
  profiles: Profiles,
  cover: CoverTable,
  practice: Practice,
} as const;

export type TableId = keyof typeof SCHEMAS;
export type BaTableData = { readonly [K in TableId]: z.infer<(typeof SCHEMAS)[K]> };
export interface BaTables {
  readonly data: BaTableData;
  readonly specs: readonly TableSpec[];
}

export const TABLE_FILES: readonly TableFile[] = [weapons, he, damageValues, toHit, penetration, damageResults, orders, movement, profiles, cover, practice];

/** The shipped tables with `files` replacing theirs; every file checked (loadTableFiles). */
export function loadBaTables(files: readonly TableFile[] = []): TableLoadResult<BaTables> {
  return loadTableFiles(RULESET_ID, SCHEMAS, TABLE_FILES, files);
}

function shippedTables(): BaTables {
  const result = loadBaTables();
  if (!result.ok) throw new Error(`the shipped Bolt Action tables are invalid:\n${result.errors.join("\n")}`);
  return result.tables;
}

export const BA_TABLES: BaTables = shippedTables();
