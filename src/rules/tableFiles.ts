/**
 * Loading a rule system's tables: the shipped files with the user's files replacing theirs, each checked
 * against the table's schema. Errors name the file's table and the path inside its data, so a player can
 * fix the file.
 */
import type { z } from "zod";
import type { SampleTable, TableFile, TableLoadResult, TableSpec } from "./ruleset";

export interface LoadedTables<Data> {
  readonly data: Data;
  readonly specs: readonly TableSpec[];
}

export function loadTableFiles<Schemas extends Readonly<Record<string, z.ZodType>>>(
  rulesetId: string,
  schemas: Schemas,
  shipped: readonly TableFile[],
  files: readonly TableFile[],
): TableLoadResult<LoadedTables<{ readonly [K in keyof Schemas]: z.infer<Schemas[K]> }>> {
  const errors: string[] = [];
  const byId = new Map<string, { file: TableFile; data: unknown }>();
  for (const [origin, list] of [
    ["shipped", shipped],
    ["loaded", files],
  ] as const) {
    for (const file of list) {
      const where = `${origin} table "${file.table}"`;
      if (file.ruleset !== rulesetId) {
        errors.push(`${where}: belongs to ruleset "${file.ruleset}", not "${rulesetId}"`);
        continue;
      }
      const schema = Object.hasOwn(schemas, file.table) ? schemas[file.table] : undefined;
      if (!schema) {
        errors.push(`${where}: unknown table; the tables are ${Object.keys(schemas).join(", ")}`);
        continue;
      }
      const parsed = schema.safeParse(file.data);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors.push(`${where}: data.${issue.path.join(".")}: ${issue.message}`);
        continue;
      }
      byId.set(file.table, { file, data: parsed.data });
    }
  }
  if (errors.length) return { ok: false, errors };
  const data = Object.fromEntries([...byId].map(([id, t]) => [id, t.data])) as { [K in keyof Schemas]: z.infer<Schemas[K]> };
  const specs = [...byId].map(([id, { file }]) => ({ id, title: file.title ?? id, rule: file.rule ?? "", sample: file.sample ?? true, note: file.note ?? "" }));
  return { ok: true, tables: { data, specs } };
}

/** The tables in use that are sample data, by table id, as a rules context carries them. */
export function sampleTablesOf(specs: readonly TableSpec[]): Readonly<Record<string, SampleTable>> {
  return Object.fromEntries(specs.filter((s) => s.sample).map((s) => [s.id, { table: s.id, title: s.title }]));
}
