/** The app shell: loads the default battlefield and shows it, or says clearly why it cannot. */
import { useMemo } from "react";
import { MODEL_CATALOG } from "../../models/catalog";
import { createBattlefield } from "../core/battlefield";
import { formatIssues, parseScenario } from "../core/scenario/load";
import defaultScenario from "../scenarios/default.json";
import { BattlefieldScene } from "../scene/BattlefieldScene";

export function App() {
  const loaded = useMemo(() => parseScenario(defaultScenario, MODEL_CATALOG), []);
  const battlefield = useMemo(() => (loaded.ok ? createBattlefield(loaded.scenario, MODEL_CATALOG) : undefined), [loaded]);
  if (!loaded.ok || !battlefield) {
    return <pre role="alert">{`The default battlefield is invalid:\n${loaded.ok ? "" : formatIssues(loaded.issues)}`}</pre>;
  }
  return (
    <main style={{ position: "fixed", inset: 0 }}>
      <BattlefieldScene battlefield={battlefield} />
      <header style={{ position: "absolute", top: 12, left: 16, color: "#eee", font: "600 16px system-ui", pointerEvents: "none" }}>
        Hulldown — {battlefield.scenario.name}
      </header>
    </main>
  );
}
