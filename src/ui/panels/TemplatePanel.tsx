/**
 * The template tool: blast rings, or a flamethrower's teardrop sized by the rules' template table; laid on
 * a click of the table or centred on a clicked model, dragged to move; who is under each template (never a
 * flamethrower's own firer).
 */
import { useEffect, useMemo, useState } from "react";
import type { PlacedTemplate } from "../../core/game/events";
import { cmToInches, formatLength, inchesToCm } from "../../core/units";
import type { TemplateResult } from "../../sight/templates";
import { flameTemplates } from "../../state/flameTemplates";
import { useGame } from "../../state/game";
import { getSightClient } from "../../state/sightPool";
import { useUi } from "../../state/uiStore";
import { Name } from "./Name";

function parseRadii(text: string): number[] | undefined {
  const radii = text.split(",").map((s) => Number(s.trim()));
  return radii.length && radii.every((r) => Number.isFinite(r) && r > 0) && radii.every((r, i) => i === 0 || r > radii[i - 1]!) ? radii : undefined;
}

function UnderTemplate({ template }: { template: PlacedTemplate }) {
  const scenario = useGame((s) => s.state.scenario);
  const [result, setResult] = useState<TemplateResult | string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again whenever the table changes (the worker holds the scenario)
  useEffect(() => {
    let current = true;
    getSightClient()
      .template({ shape: template.shape, from: template.from, ...(template.level !== undefined ? { level: template.level } : {}) })
      .then((r) => current && setResult(r))
      .catch((e: Error) => current && setResult(e.message));
    return () => {
      current = false;
    };
  }, [template, scenario]);
  if (result === undefined) return <span className="muted">…</span>;
  if (typeof result === "string") return <span className="blocked">{result}</span>;
  const under = result.models.filter((m) => m.id !== template.firer);
  if (!under.length)
    return (
      <span className="muted" data-testid={`under-${template.id}`}>
        nobody under it
      </span>
    );
  return (
    <ul data-testid={`under-${template.id}`}>
      {under.map((m) => (
        <li key={m.id}>
          <Name id={m.id} />{" "}
          <span className="muted">
            {Math.round(m.overlap * 100)}% under{m.ring !== undefined ? `, ring ${m.ring + 1}` : ""}
          </span>
        </li>
      ))}
      {result.shielded.map((s) => (
        <li key={s.id} className="muted">
          <Name id={s.id} />: shielded by <Name id={s.by} />
        </li>
      ))}
    </ul>
  );
}

export function TemplatePanel() {
  const { template, set, unit } = useUi();
  const templates = useGame((s) => s.state.templates);
  const perform = useGame((s) => s.perform);
  // Radii are typed and shown in the game's unit (inches for Bolt Action), kept in cm.
  const inUnit = (cm: number) => (unit === "in" ? Number(cmToInches(cm).toFixed(2)) : cm);
  const [radiiText, setRadiiText] = useState(template.radii.map(inUnit).join(", "));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the typed radii are rewritten only when the unit is switched
  useEffect(() => setRadiiText(template.radii.map(inUnit).join(", ")), [unit]);
  const ruleset = useGame((s) => s.log.header.ruleset);
  const flames = useMemo(() => flameTemplates(ruleset), [ruleset]);
  const selected = useUi((s) => s.selection[0]);
  const chooseFlame = (id: string) => {
    const flame = "error" in flames ? undefined : flames.find((f) => f.id === id);
    if (flame)
      set({ template: { ...template, kind: "teardrop", name: flame.id, length: flame.length, narrowWidth: flame.narrowWidth, wideWidth: flame.wideWidth } });
  };
  // The teardrop takes its size from the rules' table, not from a default.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the rules' templates change
  useEffect(() => {
    if (!("error" in flames) && flames[0] && !flames.some((f) => f.id === template.name)) chooseFlame(flames[0].id);
  }, [flames]);
  return (
    <div>
      <label>
        <input type="radio" checked={template.kind === "blast"} onChange={() => set({ template: { ...template, kind: "blast" } })} /> blast, radii ({unit}){" "}
        <input
          size={12}
          value={radiiText}
          onChange={(e) => {
            setRadiiText(e.target.value);
            const radii = parseRadii(e.target.value);
            if (radii) set({ template: { ...template, radii: radii.map((r) => (unit === "in" ? inchesToCm(r) : r)) } });
          }}
          aria-invalid={!parseRadii(radiiText)}
        />
      </label>
      <div>
        <label>
          <input
            type="radio"
            checked={template.kind === "teardrop"}
            onChange={() => set({ template: { ...template, kind: "teardrop" } })}
            data-testid="template-teardrop"
          />{" "}
          flamethrower teardrop
        </label>{" "}
        {"error" in flames ? (
          <span className="blocked">{flames.error}</span>
        ) : (
          <select value={template.name} onChange={(e) => chooseFlame(e.target.value)} aria-label="Flamethrower template">
            {flames.map((f) => (
              <option key={f.id} value={f.id}>
                {f.id}: {formatLength(f.length, unit)} long{f.sample ? " · sample" : ""}
              </option>
            ))}
          </select>
        )}
      </div>
      {template.kind === "teardrop" && !("error" in flames) && flames.find((f) => f.id === template.name)?.sample && (
        <p className="muted">
          Sample template size: the rules name the templates but give no dimensions. Load your own "flamethrower-templates" table in the fire panel.
        </p>
      )}
      <p className="muted">
        {template.kind === "blast"
          ? "Click the table to lay it, or a model to centre it on the model."
          : selected
            ? `From ${selected}: click where it points (a model or the table). Click one of its own side to change the firer.`
            : "Click the flamethrower's model, then where it points."}{" "}
        Drag a laid template to move it.
      </p>
      {Object.values(templates).map((t) => (
        <div key={t.id} style={{ marginTop: 6 }}>
          <strong>
            {t.shape.kind === "blast" ? `blast ${t.shape.radii.map((r) => formatLength(r, unit)).join("/")}` : `teardrop ${formatLength(t.shape.length, unit)}`}
          </strong>{" "}
          <span className="muted">{t.label}</span>{" "}
          <button type="button" onClick={() => perform({ type: "remove-template", id: t.id })}>
            remove
          </button>
          <UnderTemplate template={t} />
        </div>
      ))}
    </div>
  );
}
