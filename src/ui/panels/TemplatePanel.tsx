/** The template tool: choose blast rings or a flamethrower teardrop, and see who is under each template. */
import { useEffect, useState } from "react";
import type { PlacedTemplate } from "../../core/game/events";
import type { TemplateResult } from "../../sight/templates";
import { useGame } from "../game";
import { getSightClient } from "../sightClient";
import { useUi } from "../store/uiStore";

function parseRadii(text: string): number[] | undefined {
  const radii = text.split(",").map((s) => Number(s.trim()));
  return radii.length && radii.every((r) => Number.isFinite(r) && r > 0) && radii.every((r, i) => i === 0 || r > radii[i - 1]!) ? radii : undefined;
}

function UnderTemplate({ template }: { template: PlacedTemplate }) {
  const scenario = useGame((s) => s.state.scenario);
  const [result, setResult] = useState<TemplateResult | string>();
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
  if (!result.models.length) return <span className="muted">nobody under it</span>;
  return (
    <ul data-testid={`under-${template.id}`}>
      {result.models.map((m) => (
        <li key={m.id}>
          {m.id} <span className="muted">{Math.round(m.overlap * 100)}% under{m.ring !== undefined ? `, ring ${m.ring + 1}` : ""}</span>
        </li>
      ))}
      {result.shielded.map((s) => (
        <li key={s.id} className="muted">
          {s.id}: shielded by {s.by}
        </li>
      ))}
    </ul>
  );
}

export function TemplatePanel() {
  const { template, set } = useUi();
  const templates = useGame((s) => s.state.templates);
  const perform = useGame((s) => s.perform);
  const [radiiText, setRadiiText] = useState(template.radii.join(", "));
  return (
    <div>
      <label>
        <input type="radio" checked={template.kind === "blast"} onChange={() => set({ template: { ...template, kind: "blast" } })} /> blast, radii (cm){" "}
        <input
          size={12}
          value={radiiText}
          onChange={(e) => {
            setRadiiText(e.target.value);
            const radii = parseRadii(e.target.value);
            if (radii) set({ template: { ...template, radii } });
          }}
          aria-invalid={!parseRadii(radiiText)}
        />
      </label>
      <div>
        <label>
          <input type="radio" checked={template.kind === "teardrop"} onChange={() => set({ template: { ...template, kind: "teardrop" } })} /> flamethrower teardrop from the selected model,
          length {template.length} cm
        </label>
      </div>
      <p className="muted">Click the table to lay it.</p>
      {Object.values(templates).map((t) => (
        <div key={t.id} style={{ marginTop: 6 }}>
          <strong>{t.shape.kind === "blast" ? `blast ${t.shape.radii.join("/")} cm` : "teardrop"}</strong>{" "}
          <button onClick={() => perform({ type: "remove-template", id: t.id })}>remove</button>
          <UnderTemplate template={t} />
        </div>
      ))}
    </div>
  );
}
