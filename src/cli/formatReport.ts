/**
 * Plain-text presentation for the command line: a SightReport as a referee's note, the visibility matrix
 * as a per-shooter list, and what lies under a template. Pure functions from data to text; no I/O.
 */
import type { Battlefield } from "../core/battlefield";
import { cmToInches } from "../core/units";
import type { MatrixEntry } from "../sight/matrix";
import type { Facing, SightReport } from "../sight/sightReport";
import type { TemplatePlacement, TemplateResult } from "../sight/templates";

/** What the formatter may say about a model besides its id. */
export interface ModelInfo {
  readonly name: string;
  readonly side: string;
  readonly unitId: string;
}

export type ModelLookup = (id: string) => ModelInfo | undefined;

export const modelLookup =
  (bf: Battlefield): ModelLookup =>
  (id) => {
    const e = bf.models.get(id);
    return e && { name: e.def.name, side: e.side, unitId: e.unitId };
  };

const LABEL = 11;
/** Models near the sight line that block nothing: how many to name before summing up the rest. */
const NEAR_LINE_SHOWN = 4;

export const cm = (v: number, digits = 1): string => `${v.toFixed(digits)} cm`;
export const cmIn = (v: number): string => `${v.toFixed(1)} cm (${cmToInches(v).toFixed(1)}")`;
export const pct = (f: number, digits = 1): string => `${(f * 100).toFixed(digits)} %`;
const signed = (v: number, digits = 1): string => `${v >= 0 ? "+" : ""}${v.toFixed(digits)}`;
const point = (p: readonly number[]): string => `(${p.map((v) => v.toFixed(1)).join(", ")})`;

/** Rows of cells as aligned columns; numeric-looking cells are right-aligned. */
export function columns(rows: ReadonlyArray<readonly string[]>, gap = "  "): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const numeric = (cell: string) => /^[-+]?\d/.test(cell);
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 && !numeric(cell) ? cell : numeric(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join(gap)
      .trimEnd(),
  );
}

/** A labelled section: the label in the margin of its first line, the rest indented under it. */
function section(label: string, lines: readonly string[]): string[] {
  if (!lines.length) return [`${label.padEnd(LABEL)}—`];
  return lines.map((line, i) => `${(i === 0 ? label : "").padEnd(LABEL)}${line}`);
}

function describe(id: string, lookup?: ModelLookup): string {
  const info = lookup?.(id);
  return info ? `${id} (${info.name}; ${info.side}, unit ${info.unitId})` : id;
}

/** Quadrant, the shooter's bearing off the axis, and whether it stands ahead of the front line. */
function facing(f: Facing, ahead: string): string[] {
  return [f.quadrant, `shooter at ${signed(f.bearing)}°`, f.inFrontHalf ? ahead : ""];
}

export function formatSightReport(r: SightReport, lookup?: ModelLookup): string {
  const out: string[] = [];
  out.push(`${describe(r.shooter, lookup)} → ${describe(r.target, lookup)}`);
  out.push(...section("From", [`${r.weapon ? `weapon ${r.weapon}` : "eye"} at ${point(r.origin)} cm`]));
  out.push(
    ...section("Visible", [
      `${pct(r.visibleFraction)} ± ${pct(r.confidence95)}  (${r.samples} samples${r.anyVisible ? "" : "; nothing of it, base included, can be seen"})`,
    ]),
  );
  out.push(...section("Parts", columns(r.parts.map((p) => [p.part, pct(p.fraction), `${p.visible}/${p.samples}`]))));
  out.push(...section("Occluders", columns(r.occluders.map((o) => [o.id, o.kind, `${o.samples} samples`, o.parts.join(", ")]))));
  out.push(
    ...section(
      "Areas",
      columns(
        r.areas.map((a) => {
          const where = a.intervals.map(([from, to]) => `${from.toFixed(1)}–${to.toFixed(1)}`).join(", ");
          const notes = [
            a.shooterInside ? "shooter inside" : "",
            a.targetInside ? `target inside${a.depthToTarget !== undefined ? `, ${cm(a.depthToTarget)} deep` : ""}` : "",
          ]
            .filter(Boolean)
            .join("; ");
          return [a.id, a.kind, `${cm(a.lengthInside)} inside`, `at ${where} cm`, `height ${cm(a.height)}${notes ? `; ${notes}` : ""}`];
        }),
      ),
    ),
  );
  out.push(
    ...section(
      "Openings",
      columns(
        r.openings.map((o) => [
          o.id,
          `${o.type} of ${o.building}, floor ${o.floor}`,
          `${o.rays} rays`,
          `${cm(o.distanceToShooter)} from shooter`,
          `${cm(o.distanceToTarget)} from target`,
        ]),
      ),
    ),
  );
  out.push(
    ...section(
      "Linear",
      columns(
        r.linearObstacles.map((l) => [
          l.id,
          l.kind,
          `${cm(l.height)} high`,
          `${cm(l.thickness)} thick`,
          `at ${cm(l.alongLine)}`,
          `${cm(l.distanceFromShooter)} from shooter${l.shooterTouches ? " (touching)" : ""}`,
          `${cm(l.distanceFromTarget)} from target${l.targetTouches ? " (touching)" : ""}`,
          l.clearance >= 0 ? `line ${cm(l.clearance)} over it` : `line ${cm(-l.clearance)} below its top`,
          ...(l.onCentreLine ? [] : ["beside the line, hides part of the target"]),
        ]),
      ),
    ),
  );
  // Every model that stopped rays, but only the nearest few of those that stopped none.
  const blocking = r.modelsNearLine.filter((m) => m.blockedSamples > 0);
  const bystanders = r.modelsNearLine.filter((m) => m.blockedSamples === 0);
  const shown = bystanders.length <= NEAR_LINE_SHOWN + 1 ? bystanders : bystanders.slice(0, NEAR_LINE_SHOWN);
  const near = columns(
    [...blocking, ...shown].map((m) => [
      m.id,
      `${m.side}, unit ${m.unitId}`,
      `${cm(m.distance)} off the line`,
      m.blockedSamples ? `${m.blockedSamples} samples blocked` : "blocks nothing",
    ]),
  );
  if (shown.length < bystanders.length)
    near.push(`and ${bystanders.length - shown.length} more within ${cm(Math.max(...bystanders.map((m) => m.distance)))}, blocking nothing`);
  out.push(...section("Near line", near));
  const d = r.distance;
  out.push(
    ...section(
      "Distance",
      columns([
        ["edge to edge", cmIn(d.edgeToEdge)],
        ["origin to edge", cmIn(d.originToEdge)],
        ["centre to centre", cmIn(d.centreToCentre)],
      ]),
    ),
  );
  out.push(
    ...section("Height", [
      `target's feet ${signed(d.heightDifference)} cm from the shooter's (shooter at ${cm(d.shooterElevation)}, target at ${cm(d.targetElevation)})`,
    ]),
  );
  out.push(
    ...section(
      "Facing",
      columns([
        ["hull", ...facing(r.facing.hull, "in its front half")],
        ...(r.facing.turret ? [["turret", ...facing(r.facing.turret, "in its front half")]] : []),
      ]),
    ),
  );
  if (r.arc)
    out.push(
      ...section("Arc", [`${r.arc.weapon} (${r.arc.arc}° arc): target at ${signed(r.arc.bearing)}° from its mount — ${r.arc.inArc ? "in arc" : "OUT OF ARC"}`]),
    );
  out.push(...section("Hull-down", [r.hullDown ? "yes" : "no"]));
  if (r.rays) {
    const clear = r.rays.filter((ray) => ray.clear).length;
    out.push(...section("Rays", [`${r.rays.length} (${clear} clear) from ${point(r.origin)}`]));
    out.push(...r.rays.map((ray) => `${"".padEnd(LABEL)}→ ${point(ray.to)}  ${ray.clear ? "clear" : `blocked by ${ray.blocker ?? "?"}`}`));
  }
  return out.join("\n");
}

export interface MatrixSummary {
  readonly pairs: number;
  /** Every silhouette sample clear. */
  readonly visible: number;
  readonly partly: number;
  readonly blocked: number;
  readonly elapsedMs: number;
  readonly pairsPerSecond: number;
}

export function summariseMatrix(entries: readonly MatrixEntry[], elapsedMs: number): MatrixSummary {
  const visible = entries.filter((e) => e.visibleFraction >= 1).length;
  const blocked = entries.filter((e) => e.visibleFraction <= 0).length;
  return {
    pairs: entries.length,
    visible,
    partly: entries.length - visible - blocked,
    blocked,
    elapsedMs,
    pairsPerSecond: elapsedMs > 0 ? (entries.length * 1000) / elapsedMs : 0,
  };
}

/** Items laid out in aligned columns across lines of at most `width` characters, like ls. */
function grid(items: readonly string[], indent: string, width = 100): string[] {
  if (!items.length) return [];
  const cell = Math.max(...items.map((i) => i.length)) + 3;
  const perLine = Math.max(1, Math.floor((width - indent.length) / cell));
  const lines: string[] = [];
  for (let i = 0; i < items.length; i += perLine)
    lines.push(
      indent +
        items
          .slice(i, i + perLine)
          .map((item) => item.padEnd(cell))
          .join("")
          .trimEnd(),
    );
  return lines;
}

/**
 * Each shooter with the targets it sees, most visible first ("hd": hull-down), and how many it cannot see,
 * counted by what blocks each most; then the totals and the time the matrix took.
 */
export function formatMatrix(entries: readonly MatrixEntry[], summary: MatrixSummary, lookup?: ModelLookup): string {
  const out: string[] = [];
  const byShooter = new Map<string, MatrixEntry[]>();
  for (const e of entries) byShooter.set(e.shooter, [...(byShooter.get(e.shooter) ?? []), e]);
  const idWidth = Math.max(0, ...entries.map((e) => e.target.length));
  for (const [shooter, list] of byShooter) {
    const info = lookup?.(shooter);
    const seen = list.filter((e) => e.visibleFraction > 0).sort((a, b) => b.visibleFraction - a.visibleFraction || a.target.localeCompare(b.target));
    const hidden = list.filter((e) => e.visibleFraction <= 0);
    out.push(`${shooter}${info ? ` (${info.side}, unit ${info.unitId})` : ""} sees ${seen.length} of ${list.length}`);
    out.push(
      ...grid(
        seen.map((e) => `${e.target.padEnd(idWidth)} ${pct(e.visibleFraction, 0).padStart(5)}${e.hullDown ? " hd" : ""}`),
        "    ",
      ),
    );
    if (hidden.length) {
      const byBlocker = new Map<string, number>();
      for (const e of hidden) byBlocker.set(e.blockedBy[0] ?? "?", (byBlocker.get(e.blockedBy[0] ?? "?") ?? 0) + 1);
      const counts = [...byBlocker].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id, n]) => `${id} ×${n}`);
      out.push(`    blocked ${hidden.length}: ${counts.join(", ")}`);
    }
  }
  if (!entries.length) out.push("No opposing pairs: the scenario needs models on two sides.");
  out.push(
    `Pairs ${summary.pairs}: ${summary.visible} visible, ${summary.partly} partly, ${summary.blocked} blocked — ` +
      `${summary.elapsedMs.toFixed(0)} ms, ${summary.pairsPerSecond.toFixed(0)} pairs/s`,
  );
  return out.join("\n");
}

export function describeTemplate(placement: TemplatePlacement): string {
  const { shape } = placement;
  const where = placement.from === "above" ? "from above" : `laid at level ${cm(placement.level ?? 0)}`;
  if (shape.kind === "blast") {
    const radii = shape.radii.map((r) => r.toFixed(1)).join(", ");
    return `${shape.radii.length > 1 ? "Ring" : "Blast"} template at ${point(shape.at)}, radius ${radii} cm, ${where}`;
  }
  return (
    `Teardrop from ${point(shape.from)} heading ${shape.heading.toFixed(1)}°, ${cm(shape.length)} long, ` +
    `${cm(shape.narrowWidth)} narrow, ${cm(shape.wideWidth)} wide, ${where}`
  );
}

/** The models under a template, one per line with their overlap (and ring), then the shielded ones. */
export function formatTemplateResult(placement: TemplatePlacement, result: TemplateResult, lookup?: ModelLookup): string {
  const n = result.models.length;
  const out = [`${describeTemplate(placement)}: ${n} model${n === 1 ? "" : "s"} under it`];
  const rings = placement.shape.kind === "blast" && placement.shape.radii.length > 1;
  if (n) {
    const header = ["  model", "side", "unit", ...(rings ? ["ring"] : []), "overlap", "feet at"];
    const rows = result.models.map((m) => [
      `  ${m.id}`,
      m.side,
      m.unitId,
      ...(rings ? [m.ring !== undefined ? `${m.ring}` : "-"] : []),
      pct(m.overlap, 0),
      cm(m.feetY),
      lookup?.(m.id)?.name ?? "",
    ]);
    out.push(...columns([header, ...rows]));
  }
  if (result.shielded.length) {
    out.push(`Not hit: ${result.shielded.length}`);
    out.push(
      ...columns(
        result.shielded.map((s) => [
          `  ${s.id}`,
          s.kind === "other-level" ? `stands on another level (${s.by})` : `under ${s.by}'s ${s.kind === "roof" ? "roof" : "floor"}`,
        ]),
      ),
    );
  }
  return out.join("\n");
}
