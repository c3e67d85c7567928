/**
 * Battleground WWII's tables as data (tables/*.json), each checked by a schema when loaded. The sheet's own
 * tables are kept as printed; what it does not give is editable sample data marked `"sample": true`, and
 * the reconstructed column headers of the Hit Effects Table are marked so too. A user replaces any table
 * with a file of the same shape (loadBgTables).
 */
import { z } from "zod";
import type { TableFile, TableLoadResult } from "../ruleset";
import { type LoadedTables, loadTableFiles } from "../tableFiles";
import apRange from "./tables/ap-range.json";
import closeCombat from "./tables/close-combat.json";
import effectColumns from "./tables/effect-columns.sample.json";
import effectModifiers from "./tables/effect-modifiers.json";
import heRings from "./tables/he-rings.json";
import hitEffects from "./tables/hit-effects.json";
import immobilisation from "./tables/immobilisation.json";
import misfire from "./tables/misfire.json";
import moveAllowance from "./tables/move-allowance.sample.json";
import movement from "./tables/movement.json";
import procedures from "./tables/procedures.sample.json";
import profiles from "./tables/profiles.sample.json";
import scatter from "./tables/scatter.json";
import survival from "./tables/survival.json";
import templates from "./tables/templates.sample.json";
import terrain from "./tables/terrain.sample.json";
import toHit from "./tables/to-hit.json";
import weapons from "./tables/weapons.sample.json";
import { AREA_COVER, LINEAR_KINDS, QUALITIES } from "./types";

export const RULESET_ID = "battleground";

const d20 = z.number().int().min(1).max(20);
const mod = z.number().int();
const inches = z.number().positive();

/** Rows of [from, to] d20 ranges that cover 1–20 once each, in order. */
function d20Rows<T extends z.ZodType>(row: T) {
  return z.array(row).superRefine((rows, ctx) => {
    let next = 1;
    for (const [i, r] of (rows as Array<{ rolls: [number, number] }>).entries()) {
      if (r.rolls[0] !== next || r.rolls[1] < r.rolls[0])
        ctx.addIssue({
          code: "custom",
          path: [i, "rolls"],
          message: `rows must run from 1 to 20 without gaps or overlaps; expected a row starting at ${next}`,
        });
      next = r.rolls[1] + 1;
    }
    if (next !== 21) ctx.addIssue({ code: "custom", message: "rows must end at 20" });
  });
}

/** One impact row: five columns of d20 ranges (or null), left to right, that share out 1–20. */
const EffectRow = z.strictObject({ impact: mod, columns: z.array(z.tuple([d20, d20]).nullable()).length(5) }).superRefine((row, ctx) => {
  let next = 1;
  for (const [i, c] of row.columns.entries()) {
    if (!c) continue;
    if (c[0] !== next || c[1] < c[0])
      ctx.addIssue({
        code: "custom",
        path: ["columns", i],
        message: `impact ${row.impact}: the columns must share out 1–20 left to right; expected a range starting at ${next}`,
      });
    next = c[1] + 1;
  }
  if (next !== 21) ctx.addIssue({ code: "custom", path: ["columns"], message: `impact ${row.impact}: the columns must reach 20` });
});
const EffectHalf = z.array(EffectRow).superRefine((rows, ctx) => {
  rows.forEach((r, i) => {
    if (i > 0 && r.impact !== rows[i - 1]!.impact + 1)
      ctx.addIssue({ code: "custom", path: [i, "impact"], message: `impact rows must rise by 1; ${r.impact} follows ${rows[i - 1]!.impact}` });
  });
});
const HitEffects = z.strictObject({ vehicles: EffectHalf.min(1), infantry: EffectHalf.min(1) });

export const VEHICLE_EFFECTS = ["destroyed", "immobilised-suppressed", "suppressed", "pinned", "no-effect"] as const;
export const INFANTRY_EFFECTS = ["killed", "wounded", "suppressed", "pinned", "no-effect"] as const;
export type HitEffect = (typeof VEHICLE_EFFECTS)[number] | (typeof INFANTRY_EFFECTS)[number];
const EffectColumns = z.strictObject({ vehicles: z.array(z.enum(VEHICLE_EFFECTS)).length(5), infantry: z.array(z.enum(INFANTRY_EFFECTS)).length(5) });

const ApRange = z.strictObject({
  classes: z.array(z.strictObject({ upTo: z.number().nullable(), label: z.string() })).min(1),
  rows: z.array(z.strictObject({ upTo: inches, modifiers: z.array(mod.nullable()) })).min(1),
  unarmoured: mod,
});

const ToHit = z.strictObject({
  shooter: z.strictObject({ subsequentShot: mod, motivated: mod, disorganised: mod, pinnedOrDamaged: mod }),
  target: z.strictObject({
    evading: z.strictObject({ least: mod, most: mod }),
    moving: mod,
    lightCover: mod,
    camouflage: mod,
    linearCover: mod,
    heavyCover: mod,
    smoke: mod,
  }),
  range: z.strictObject({
    closeUpTo: inches,
    closeBase: z.number(),
    bands: z.array(z.strictObject({ upTo: inches, modifier: mod })).min(1),
    beyondStep: inches,
    beyondModifier: mod,
  }),
  rateOfFire: z.strictObject({
    extraDice: z.strictObject({ veteran: z.number().int().nonnegative(), elite: z.number().int().nonnegative() }),
    targetChangeCost: z.number().int().nonnegative(),
  }),
});

const EffectModifiers = z.strictObject({
  he: z.strictObject({ linearFromImpact: mod, partialOrHeavyCover: mod, moving: mod, running: mod, unarmoured: mod }),
  smallArms: z.strictObject({
    running: mod,
    moving: mod,
    shooterMoving: mod,
    lightCover: mod,
    camouflaged: mod,
    onTheMove: mod,
    shooterPinned: mod,
    linearCover: mod,
    heavyCoverOrSmoke: mod,
  }),
});

const rolls = z.tuple([d20, d20]);
const Misfire = d20Rows(z.strictObject({ rolls, result: z.enum(["dud", "jammed", "explosion"]) }));
export const SURVIVAL_RESULTS = ["evacuates-with-bonus-action", "evacuates", "evacuates-suppressed", "killed", "killed-morale"] as const;
const Survival = d20Rows(z.strictObject({ rolls, result: z.enum(SURVIVAL_RESULTS) }));

const Scatter = z.strictObject({
  odd: inches,
  even: inches,
  bands: z.array(z.union([z.strictObject({ over: inches, factor: z.number().positive() }), z.strictObject({ under: inches, factor: z.number().positive() })])),
});

const HeRings = z.strictObject({ offsets: z.array(mod).min(1) });

const Immobilisation = z.strictObject({
  trainingFactor: z.number().int().positive(),
  overrunEnemyClassFactor: mod,
  conditions: z.strictObject({ towing: mod, halfTrack: mod, heightChange: mod, reverse: mod, wheeled: mod, streamOrDitch: mod, wire: mod, snowOrMud: mod }),
  perFailedUnbogging: mod,
});
export type ImmobilisationCondition = keyof z.infer<typeof Immobilisation>["conditions"];

const CloseCombat = z.strictObject({
  infantry: z.strictObject({ charging: mod, pinned: mod, disorganised: mod, suppressed: mod, broken: mod, terrainDivisor: z.number().positive() }),
  vehicle: z.strictObject({ ov: mod, movingNotSuppressed: mod, toImmobilise: mod, open: mod, reach: inches, fallBack: inches }),
});

const fireModes = z.tuple([mod.nullable(), mod.nullable(), mod.nullable()]);
const Weapon = z.strictObject({
  name: z.string(),
  kind: z.enum(["rifle", "smg", "machine-gun", "rocket", "gun", "mortar"]),
  infantry: z.boolean().optional(),
  antiAircraft: z.boolean().optional(),
  om: fireModes,
  rof: z.number().int().positive(),
  fp: mod.optional(),
  ov: mod.optional(),
  ap: z.number().nonnegative().optional(),
  he: z.strictObject({ ov: mod, fp: mod }).optional(),
  smoke: z.boolean().optional(),
  range: inches,
  charge: mod.optional(),
});
export type Weapon = z.infer<typeof Weapon>;

const faces = z.strictObject({ front: mod, side: mod, rear: mod });
const Vehicle = z.strictObject({
  class: z.number().int().nonnegative(),
  drive: z.enum(["tracked", "half-tracked", "wheeled"]),
  open: z.boolean().optional(),
  unarmoured: z.boolean().optional(),
  dv: z.strictObject({ hull: faces, turret: faces.optional(), top: mod }),
});
const Profile = z.strictObject({
  type: z.enum(["infantry", "gun", "vehicle"]),
  quality: z.enum(QUALITIES),
  dm: mod,
  cc: mod,
  weapons: z.record(z.string(), z.string()),
  vehicle: Vehicle.optional(),
});
export type Profile = z.infer<typeof Profile>;
const Profiles = z
  .strictObject({
    training: z.strictObject(Object.fromEntries(QUALITIES.map((q) => [q, z.number().int()])) as Record<(typeof QUALITIES)[number], z.ZodNumber>),
    models: z.record(z.string(), Profile),
    fallback: z.strictObject({ infantry: Profile, team: Profile, gun: Profile, vehicle: Profile }),
  })
  .superRefine((p, ctx) => {
    for (const [id, m] of [...Object.entries(p.models), ...Object.entries(p.fallback)]) {
      if ((m.type === "vehicle") !== (m.vehicle !== undefined))
        ctx.addIssue({ code: "custom", path: ["models", id, "vehicle"], message: `${id}: a vehicle needs vehicle data, and only a vehicle has it` });
    }
  });

const Terrain = z.strictObject({
  areas: z.partialRecord(z.enum(["woods", "crops", "building", "ruins", "trench", "foxhole", "crater"]), z.enum(AREA_COVER)),
  linear: z.array(z.enum(LINEAR_KINDS)),
});

const Templates = z.strictObject({
  rings: z.array(inches).min(1),
  smoke: z.strictObject({ radius: inches, height: inches, turns: z.number().int().positive() }),
});

export const MOVE_CLASSES = ["tracked", "wheeled", "infantry"] as const;
export const MOVE_ROWS = ["buildings", "ditch", "uphill", "rough", "soft", "lightWoods", "denseWoods"] as const;
const extraMp = z.number().int().nonnegative().nullable();
const Movement = z.strictObject({
  inchesPerMp: inches,
  slowInchesPerMp: inches,
  directionChange: z.number().int().nonnegative(),
  terrain: z.strictObject(
    Object.fromEntries(
      MOVE_ROWS.map((row) => [
        row,
        z.strictObject({ name: z.string(), tracked: extraMp, wheeled: extraMp, infantry: extraMp, immobilisation: z.array(z.enum(MOVE_CLASSES)) }),
      ]),
    ) as Record<
      (typeof MOVE_ROWS)[number],
      z.ZodObject<
        {
          name: z.ZodString;
          tracked: typeof extraMp;
          wheeled: typeof extraMp;
          infantry: typeof extraMp;
          immobilisation: z.ZodArray<z.ZodEnum<{ [K in (typeof MOVE_CLASSES)[number]]: K }>>;
        },
        z.core.$strict
      >
    >,
  ),
});
const MoveAllowance = z.strictObject({
  mp: z.strictObject({ infantry: z.number().positive(), tracked: z.number().positive(), wheeled: z.number().positive() }),
  terrain: z.record(z.string(), z.enum(MOVE_ROWS)),
});

const Procedures = z.strictObject({
  clearJam: z.strictObject({ modifier: mod }),
  evasion: mod,
  rally: z.strictObject({ modifier: mod }),
  morale: z.strictObject({ modifier: mod }),
});

const SCHEMAS = {
  "hit-effects": HitEffects,
  "effect-columns": EffectColumns,
  "ap-range": ApRange,
  "to-hit": ToHit,
  "effect-modifiers": EffectModifiers,
  misfire: Misfire,
  survival: Survival,
  scatter: Scatter,
  "he-rings": HeRings,
  immobilisation: Immobilisation,
  "close-combat": CloseCombat,
  movement: Movement,
  "move-allowance": MoveAllowance,
  weapons: z.record(z.string(), Weapon),
  profiles: Profiles,
  terrain: Terrain,
  templates: Templates,
  procedures: Procedures,
} as const;

export type TableId = keyof typeof SCHEMAS;
export type BgTableData = { readonly [K in TableId]: z.infer<(typeof SCHEMAS)[K]> };
export type BgTables = LoadedTables<BgTableData>;

/** The shipped table files, as a user would write them. */
export const TABLE_FILES: readonly TableFile[] = [
  hitEffects,
  effectColumns,
  apRange,
  toHit,
  effectModifiers,
  misfire,
  survival,
  scatter,
  heRings,
  immobilisation,
  closeCombat,
  movement,
  moveAllowance,
  weapons,
  profiles,
  terrain,
  templates,
  procedures,
];

/** The shipped tables with `files` replacing theirs; errors name the table and the path inside its data. */
export function loadBgTables(files: readonly TableFile[] = []): TableLoadResult<BgTables> {
  const result = loadTableFiles(RULESET_ID, SCHEMAS, TABLE_FILES, files);
  if (!result.ok) return result;
  const { profiles: p, weapons: w } = result.tables.data;
  const missing = [...Object.entries(p.models), ...Object.entries(p.fallback)].flatMap(([id, m]) =>
    Object.values(m.weapons)
      .filter((x) => !(x in w))
      .map((x) => `table "profiles": ${id} uses weapon "${x}", which the weapons table lacks`),
  );
  return missing.length ? { ok: false, errors: missing } : result;
}

function shippedTables(): BgTables {
  const result = loadBgTables();
  if (!result.ok) throw new Error(`the shipped Battleground WWII tables are invalid:\n${result.errors.join("\n")}`);
  return result.tables;
}

/** The tables as shipped (validated once, when this module loads). */
export const BG_TABLES: BgTables = shippedTables();
