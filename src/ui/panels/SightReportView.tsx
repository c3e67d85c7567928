/** A SightReport as a referee's note: what shows, what hides the rest, and the measurements. */
import type { ReactNode } from "react";
import type { SightReport } from "../../sight/sightReport";
import type { DistanceFormat } from "../../state/distances";
import { visibilityTone } from "../../state/losStore";
import { Name } from "./Name";

const pct = (f: number) => `${Math.round(f * 100)}%`;

/** A heading and a bulleted list, shown only when there is something to list. */
function ListSection<T>({
  title,
  items,
  itemKey,
  children,
}: {
  title: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  if (!items.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={itemKey(item)}>{children(item)}</li>
        ))}
      </ul>
    </>
  );
}

export function SightReportView({ report, format }: { report: SightReport; format: DistanceFormat }) {
  const len = format;
  const tone = visibilityTone(report.visibleFraction);
  return (
    <div data-testid="sight-report">
      <div>
        <span className={`big ${tone}`} data-testid="visible-percent">
          {pct(report.visibleFraction)}
        </span>{" "}
        <span className="muted">
          visible ± {pct(report.confidence95)} ({report.samples} rays){report.hullDown && <strong className="partial"> · HULL-DOWN</strong>}
        </span>
      </div>
      <h3>Parts</h3>
      <table>
        <tbody>
          {report.parts.map((p) => (
            <tr key={p.part}>
              <th>{p.part}</th>
              <td className={visibilityTone(p.fraction)}>{pct(p.fraction)}</td>
              <td className="muted">
                {p.visible}/{p.samples}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ListSection title="Hidden by" items={report.occluders} itemKey={(o) => `${o.kind}:${o.id}`}>
        {(o) => (
          <>
            <strong>
              <Name id={o.id} />
            </strong>{" "}
            <span className="muted">
              ({o.kind}
              {o.parts.length ? `: ${o.parts.slice(0, 3).join(", ")}` : ""}) · {o.samples} rays
            </span>
          </>
        )}
      </ListSection>
      <ListSection title="Through" items={report.openings} itemKey={(o) => o.id}>
        {(o) => (
          <>
            {o.type} <strong>{o.id}</strong> of <Name id={o.building} />, floor {o.floor} · {len(o.distanceToTarget)} to the target
          </>
        )}
      </ListSection>
      <ListSection title="Areas" items={report.areas} itemKey={(a) => a.id}>
        {(a) => (
          <>
            {a.kind}{" "}
            <strong>
              <Name id={a.id} />
            </strong>
            : {len(a.lengthInside)} of line inside
            {a.targetInside && `, target inside${a.depthToTarget !== undefined ? ` ${len(a.depthToTarget)} deep` : ""}`}
            {a.shooterInside && ", shooter inside"}
          </>
        )}
      </ListSection>
      <ListSection title="Crossing" items={report.linearObstacles} itemKey={(l) => l.id}>
        {(l) => (
          <>
            {l.kind}{" "}
            <strong>
              <Name id={l.id} />
            </strong>{" "}
            ({len(l.height)} high): {l.targetTouches ? "target touches it" : `${len(l.distanceFromTarget)} from target`},{" "}
            {l.shooterTouches ? "shooter touches it" : `${len(l.distanceFromShooter)} from shooter`}
            {!l.onCentreLine && " · beside the line, hides part of the target"}
          </>
        )}
      </ListSection>
      <h3>Measurements</h3>
      <table>
        <tbody>
          <tr>
            <th>base to base</th>
            <td>{len(report.distance.edgeToEdge)}</td>
          </tr>
          <tr>
            <th>from the {report.weapon ? "weapon" : "eye"}</th>
            <td>{len(report.distance.originToEdge)}</td>
          </tr>
          <tr>
            <th>centre to centre</th>
            <td>{len(report.distance.centreToCentre)}</td>
          </tr>
          <tr>
            <th>height difference</th>
            <td>{len(report.distance.heightDifference)}</td>
          </tr>
          <tr>
            <th>target's facing</th>
            <td>
              hull {report.facing.hull.quadrant}
              {report.facing.turret && `, turret ${report.facing.turret.quadrant}`}
            </td>
          </tr>
          {report.arc && (
            <tr>
              <th>weapon arc</th>
              <td className={report.arc.inArc ? "clear" : "blocked"}>
                {report.arc.inArc ? "in arc" : "outside the arc"} ({Math.round(report.arc.bearing)}° of {report.arc.arc}°)
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
