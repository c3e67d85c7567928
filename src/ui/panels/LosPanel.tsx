/** The line-of-sight tool's panel: the shooter and weapon, everyone it sees, and the chosen target's report. */
import { Fragment, lazy, Suspense } from "react";
import { useDistanceFormat } from "../../state/distances";
import { useGame } from "../../state/game";
import { useLos, visibilityTone } from "../../state/losStore";
import { useUi } from "../../state/uiStore";
import { unitSights } from "../../state/unitSight";
import { useShownTarget } from "../../state/useSight";
import { Name } from "./Name";
import { LastShot } from "./ShotDetails";
import { SightReportView } from "./SightReportView";

/** The fire panel and the rules behind it load when a target is first chosen, not with the first screen. */
const FirePanel = lazy(async () => ({ default: (await import("./FirePanel")).FirePanel }));

export function LosPanel() {
  const battlefield = useGame((s) => s.battlefield);
  const names = useGame((s) => s.names);
  const { shooter, weapon, target, set } = useUi();
  const format = useDistanceFormat();
  const entry = shooter ? battlefield.models.get(shooter) : undefined;
  const visible = useLos();
  const shown = useShownTarget();
  const report = visible.report && visible.report.target === shown && visible.report.shooter === shooter ? visible.report : undefined;
  if (!entry) return <p className="muted">Click one of your models to see what it sees. Then hover or click an enemy.</p>;
  const sorted = [...visible.targets].sort((a, b) => b.visibleFraction - a.visibleFraction);
  const seen = sorted.filter((t) => t.visibleFraction > 0);
  // Hidden models are listed here by unit rather than labelled "0 %" on the table.
  const hidden = unitSights(battlefield, visible.targets)
    .map((u) => ({ unit: u.unit, models: u.entries.filter((t) => t.visibleFraction === 0).map((t) => t.target) }))
    .filter((u) => u.models.length > 0);
  return (
    <div>
      <div>
        <strong data-testid="los-shooter">
          <Name id={shooter!} />
        </strong>{" "}
        <span className="muted">{entry.def.name}</span>
      </div>
      <label>
        from{" "}
        <select value={weapon ?? ""} onChange={(e) => set({ weapon: e.target.value || undefined })} data-testid="los-weapon">
          <option value="">eye</option>
          {entry.def.weapons.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </label>
      {!target && <LastShot />}
      {visible.progress !== undefined && <div className="progress" style={{ width: `${Math.round(visible.progress * 100)}%` }} />}
      {visible.error && <p className="blocked">{visible.error}</p>}
      <h3>
        Sees {seen.length} of {sorted.length} enemy models
      </h3>
      <ul className="targets" data-testid="los-targets">
        {seen.slice(0, 12).map((t) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the target is chosen on the table as well
          <li key={t.target} onClick={() => set({ target: t.target })} onMouseEnter={() => set({ hovered: t.target })}>
            <span className={visibilityTone(t.visibleFraction)}>{Math.round(t.visibleFraction * 100)}%</span> <Name id={t.target} />
            {t.hullDown && <span className="partial"> HD</span>}
          </li>
        ))}
        {seen.length > 12 && <li className="muted">and {seen.length - 12} more</li>}
      </ul>
      {hidden.length > 0 && (
        <details data-testid="los-hidden">
          <summary className="muted">
            Hidden: {hidden.reduce((n, u) => n + u.models.length, 0)} models of {hidden.length} units
          </summary>
          <ul>
            {hidden.map((u) => (
              <li key={u.unit}>
                <strong>
                  <Name id={u.unit} />
                </strong>{" "}
                <span className="muted">
                  {u.models.map((id, i) => (
                    <Fragment key={id}>
                      {i > 0 && ", "}
                      <span title={id}>{names.withinUnit(id, u.unit)}</span>
                    </Fragment>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {shown && (
        <>
          <h2 style={{ marginTop: 10 }}>
            → <Name id={shown} />{" "}
            {target && (
              <button type="button" onClick={() => set({ target: undefined })}>
                ✕
              </button>
            )}
          </h2>
          {target && (
            <Suspense fallback={<p className="muted">loading the rules…</p>}>
              <FirePanel shooter={shooter!} target={target} weapon={weapon} />
            </Suspense>
          )}
          {target && <LastShot />}
          {report ? (
            <SightReportView report={report} format={format} />
          ) : visible.error ? (
            <p className="blocked">{visible.error}</p>
          ) : (
            <p className="muted">measuring…</p>
          )}
        </>
      )}
    </div>
  );
}
