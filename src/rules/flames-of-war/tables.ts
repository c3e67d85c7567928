/**
 * Flames of War's tables as data (tables/*.json). The source's own tables (small arms, to-hit, saves) are
 * kept as printed; stat lines and values it does not give are editable sample data marked `"sample": true`.
 */
import { z } from "zod";
import type { TableFile, TableLoadResult } from "../ruleset";
import { type LoadedTables, loadTableFiles } from "../tableFiles";
import movement from "./tables/movement.sample.json";
import parameters from "./tables/parameters.sample.json";
import saves from "./tables/saves.json";
import smallArms from "./tables/small-arms.json";
import teams from "./tables/teams.sample.json";
import tests from "./tables/tests.sample.json";
import toHit from "./tables/to-hit.json";
import weapons from "./tables/weapons.sample.json";
import { GUN_CLASSES, RULESET_ID, TEAM_NOTES, TEAM_TYPES, TRAININGS } from "./types";

const d6 = z.number().int().min(1).max(7);
const cm = z.number().positive();

const Weapon = z.strictObject({
  name: z.string(),
  rof: z.number().int().min(1),
  range: cm,
  /** null: the source's "–". */
  at: z.number().int().min(0).nullable(),
  fp: z.number().int().min(1).max(6).nullable(),
  fullRofMoving: z.boolean().default(false),
});
export type WeaponProfile = z.infer<typeof Weapon>;
const Weapons = z.record(z.string(), Weapon);

const ToHit = z.strictObject(
  Object.fromEntries(TRAININGS.map((t) => [t, z.strictObject({ base: d6, concealed: d6, goneToGround: d6 })])) as Record<
    (typeof TRAININGS)[number],
    z.ZodObject<{ base: typeof d6; concealed: typeof d6; goneToGround: typeof d6 }>
  >,
);

const Saves = z.strictObject({
  infantry: d6,
  unarmouredVehicle: d6,
  recceJeep: d6,
  gunGoneToGround: d6,
  gunShotOrMoved: d6,
  schurzen: d6,
  passenger: d6,
  tankRider: d6,
  turretOnBetween: d6,
  gunTank: d6,
  pinHits: z.number().int().min(1),
});

const Team = z.strictObject({
  type: z.enum(TEAM_TYPES),
  training: z.enum(TRAININGS),
  gunClass: z.enum(GUN_CLASSES).optional(),
  armour: z.strictObject({ front: z.number().int().min(0), side: z.number().int().min(0) }).optional(),
  primary: z.string().optional(),
  weapons: z.record(z.string(), z.string()),
  notes: z.array(z.enum(TEAM_NOTES)).default([]),
});
export type TeamProfile = z.infer<typeof Team>;
const Teams = z.record(z.string(), Team).superRefine((teams, ctx) => {
  for (const [id, t] of Object.entries(teams)) {
    const armoured = t.type === "tank" || t.type === "armoured-transport";
    if (armoured && !t.armour) ctx.addIssue({ code: "custom", path: [id, "armour"], message: `a ${t.type} needs armour { front, side }` });
    if (t.primary !== undefined && !(t.primary in t.weapons))
      ctx.addIssue({ code: "custom", path: [id, "primary"], message: `primary weapon "${t.primary}" is not one of its weapons` });
  }
});

const Parameters = z.strictObject({ commandDistance: cm, touchTolerance: z.number().nonnegative() });

const Movement = z.strictObject({
  rates: z.record(
    z.enum(TEAM_TYPES),
    z.strictObject({ tactical: cm, atDouble: cm, basis: z.enum(["given", "sample"]), sampleTactical: z.boolean().optional() }),
  ),
  terrain: z.record(z.string(), z.enum(["open", "difficult", "impassable"])),
});

const MOTIVATIONS = ["fearless", "confident", "reluctant"] as const;
const Tests = z.strictObject({
  motivation: z.strictObject({ fearless: d6, confident: d6, reluctant: d6 }),
  platoonMotivation: z.enum(MOTIVATIONS),
  skill: z.strictObject({ veteran: d6, trained: d6, conscript: d6 }),
  moraleBelow: z.number().min(0).max(1),
  topArmour: z.number().int().min(0),
  breakOff: cm,
  consolidate: cm,
  rangingIn: z.array(z.number().int().min(0)).min(1).max(6),
  commanderSpotting: z.number().int().min(0),
  template: cm,
  wideFrom: z.number().int().min(1),
  fewGuns: z.number().int().min(0),
  manyGuns: z.number().int().min(1),
  bombardAt: z.number().int().min(0),
  bombardFp: d6,
});

const SCHEMAS = {
  "small-arms": Weapons,
  "to-hit": ToHit,
  saves: Saves,
  weapons: Weapons,
  teams: Teams,
  parameters: Parameters,
  movement: Movement,
  tests: Tests,
} as const;

export type TableId = keyof typeof SCHEMAS;
export type FowTables = LoadedTables<{ readonly [K in TableId]: z.infer<(typeof SCHEMAS)[K]> }>;
export type FowTableData = FowTables["data"];

const TABLE_FILES: readonly TableFile[] = [smallArms, toHit, saves, weapons, teams, parameters, movement, tests];

/** The shipped tables with `files` replacing theirs, each checked against its schema; weapon ids must resolve. */
export function loadFowTables(files: readonly TableFile[] = []): TableLoadResult<FowTables> {
  const loaded = loadTableFiles(RULESET_ID, SCHEMAS, TABLE_FILES, files);
  if (!loaded.ok) return loaded;
  const { data } = loaded.tables;
  const errors = Object.entries(data.teams).flatMap(([model, team]) =>
    Object.entries(team.weapons)
      .filter(([, weapon]) => !data["small-arms"][weapon] && !data.weapons[weapon])
      .map(([mount, weapon]) => `table "teams": data.${model}.weapons.${mount}: "${weapon}" is neither a small-arms nor a weapons table id`),
  );
  return errors.length ? { ok: false, errors } : loaded;
}

function shippedTables(): FowTables {
  const result = loadFowTables();
  if (!result.ok) throw new Error(`the shipped Flames of War tables are invalid:\n${result.errors.join("\n")}`);
  return result.tables;
}

export const FOW_TABLES: FowTables = shippedTables();
