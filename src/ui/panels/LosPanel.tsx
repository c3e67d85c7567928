/** The line-of-sight tool's panel: the shooter and weapon, everyone it sees, and the chosen target's report. */
import { useGame } from "../../state/game";
import { useShownTarget } from "../../state/useSight";
import { useLos } from "../../state/losStore";
import { useUi } from "../../state/uiStore";
import { FirePanel } from "./FirePanel";
import { Name } from "./Name";
import { SightReportView } from "./SightReportView";
import { LastShot } from "./ShotDetails";
import { visibilityTone } from "../../state/losStore";

export function LosPanel() {
  const battlefield = useGame((s) => s.battlefield);
  const { shooter, weapon, target, unit, set } = useUi();
  const entry = shooter ? battlefield.models.get(shooter) : undefined;
  const visible = useLos();
  const shown = useShownTarget();
  const report = visible.report && visible.report.target === shown && visible.report.shooter === shooter ? visible.report : undefined;
  if (!entry) return <p className="muted">Click one of your models to see what it sees. Then hover or click an enemy.</p>;
  const sorted = [...visible.targets].sort((a, b) => b.visibleFraction - a.visibleFraction);
  const seen = sorted.filter((t) => t.visibleFraction > 0);
  return (
    <div>
      <h2>Line of sight</h2>
      <div>
        <strong data-testid="los-shooter"><Name id={shooter!} /></strong> <span className="muted">{entry.def.name}</span>
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
          <li key={t.target} onClick={() => set({ target: t.target })} onMouseEnter={() => set({ hovered: t.target })}>
            <span className={visibilityTone(t.visibleFraction)}>{Math.round(t.visibleFraction * 100)}%</span> <Name id={t.target} />
            {t.hullDown && <span className="partial"> HD</span>}
          </li>
        ))}
        {seen.length > 12 && <li className="muted">and {seen.length - 12} more</li>}
      </ul>
      {shown && (
        <>
          <h2 style={{ marginTop: 10 }}>
            → <Name id={shown} /> {target && <button onClick={() => set({ target: undefined })}>✕</button>}
          </h2>
          {target && <FirePanel shooter={shooter!} target={target} weapon={weapon} />}
          {target && <LastShot />}
          {report ? <SightReportView report={report} unit={unit} /> : visible.error ? <p className="blocked">{visible.error}</p> : <p className="muted">measuring…</p>}
        </>
      )}
    </div>
  );
}
