/**
 * Battleground WWII's state of the shooter and the target as the game log has it (§3.2, §3.3, §1): how each
 * moved this turn (its moves counted, with their Movement Points) and so its fire mode, how it moves as a
 * target, its morale and camouflage, its last shot. A change is a model-state-set event: undoable, saved,
 * replayed. Also the smoke clouds shots have left on the table, which a player may clear.
 */
import { useMemo } from "react";
import type { ModelRuleState } from "../../core/game/events";
import { hasId } from "../../core/game/state";
import { type BgContext, battleground } from "../../rules/battleground";
import { bgGameState, type Motion, motionOf, movementOf, movesThisTurn } from "../../rules/battleground/gameState";
import { moveCost } from "../../rules/battleground/movement";
import { MORALE, MOVEMENT } from "../../rules/battleground/types";
import { tableContext } from "../../rules/context";
import { useGame } from "../../state/game";
import { Name } from "./Name";
import { SampleMark } from "./SampleMark";

const MOTION_WORDS: Record<Motion, string> = { none: "did not move (OM1)", bonus: "Bonus Move only (OM2)", both: "moved in both actions (OM3)" };
const EVASION = [-2, -3, -4, -5] as const;

/** The game state the verdict reads, from the log's fold. */
export const useBattlegroundGame = () => {
  const state = useGame((s) => s.state);
  return useMemo(() => bgGameState(state), [state]);
};

function record(model: string, state: ModelRuleState) {
  useGame.getState().perform({ type: "set-model-state", ruleset: battleground.id, model, state });
}

/** Without the keys `drop`, and without `key` when `value` is undefined. */
function withField<K extends keyof ModelRuleState>(
  state: ModelRuleState,
  key: K,
  value: ModelRuleState[K] | undefined,
  drop: readonly (keyof ModelRuleState)[] = [],
): ModelRuleState {
  const next: Record<string, unknown> = { ...state };
  for (const k of [key, ...drop]) delete next[k];
  if (value !== undefined) next[key] = value;
  return next as ModelRuleState;
}

function ModelState({ model, part, ctx }: { model: string; part: "shooter" | "target"; ctx: BgContext | undefined }) {
  const log = useGame((s) => s.log);
  const state = useGame((s) => s.state);
  const rule = hasId(state.modelStates, model) ? state.modelStates[model]! : {};
  const motion = motionOf(state, model);
  const movement = movementOf(state, model);
  const lastShot = bgGameState(state).models?.[model]?.lastShot;
  const costs = useMemo(() => {
    const facts = ctx?.models.get(model);
    if (!ctx || !facts) return [];
    return movesThisTurn(log.events.slice(0, log.cursor), model).map((m) =>
      moveCost(ctx, { model: facts, heading: m.from.heading, path: m.path, features: state.scenario.features }),
    );
  }, [ctx, log, state, model]);
  const testid = `bg-${part}`;
  return (
    <div data-testid={testid} style={{ paddingLeft: 6 }}>
      <strong>{part}</strong> <Name id={model} />:{" "}
      <span data-testid={`${testid}-motion`}>
        {motion.moves === 0 ? "no move" : `${motion.moves} ${motion.moves === 1 ? "move" : "moves"}`} this turn → {MOTION_WORDS[motion.motion]}
        {motion.recorded ? " (as recorded)" : ""}
      </span>
      {costs.map((c, i) => (
        <div key={i} className="muted" data-testid={`${testid}-move-cost`}>
          move {i + 1}: {Number(c.mp.toFixed(1))} MP of {c.allowance} <SampleMark sample={c.rulings[c.rulings.length - 1]!.sample} />
          {c.refused ? ` · ${c.refused.reason}` : ""}
          {c.immobilisation.length ? ` · # ${c.immobilisation.join(", ")}: an immobilisation test may be called (§2)` : ""}
        </div>
      ))}
      <div style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
        <select
          value={rule.motion ?? ""}
          onChange={(e) => record(model, withField(rule, "motion", (e.target.value || undefined) as Motion | undefined))}
          aria-label={`${part} motion`}
        >
          <option value="">fire mode from the moves</option>
          {(Object.keys(MOTION_WORDS) as Motion[]).map((m) => (
            <option key={m} value={m}>
              {MOTION_WORDS[m]}
            </option>
          ))}
        </select>
        <select
          value={rule.movement ?? ""}
          onChange={(e) => record(model, withField(rule, "movement", (e.target.value || undefined) as ModelRuleState["movement"], ["evasion"]))}
          aria-label={`${part} movement`}
        >
          <option value="">as a target: {movement} (from the moves)</option>
          {MOVEMENT.map((m) => (
            <option key={m} value={m}>
              as a target: {m}
            </option>
          ))}
        </select>
        {movement === "evading" && (
          <select
            value={rule.evasion ?? ""}
            onChange={(e) => record(model, withField(rule, "evasion", e.target.value ? Number(e.target.value) : undefined))}
            aria-label={`${part} evasion`}
          >
            <option value="">evasion: sample value</option>
            {EVASION.map((v) => (
              <option key={v} value={v}>
                evasion {v}
              </option>
            ))}
          </select>
        )}
        <select
          value={rule.morale ?? "steady"}
          onChange={(e) => record(model, withField(rule, "morale", e.target.value === "steady" ? undefined : (e.target.value as ModelRuleState["morale"])))}
          aria-label={`${part} morale`}
        >
          {MORALE.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <label>
          <input
            type="checkbox"
            checked={rule.camouflaged ?? false}
            onChange={(e) => record(model, withField(rule, "camouflaged", e.target.checked || undefined))}
            aria-label={`${part} camouflaged`}
          />{" "}
          camouflaged
        </label>
      </div>
      {lastShot && (
        <div className="muted">
          last shot this turn: {lastShot.weapon} at <Name id={lastShot.target} />
        </div>
      )}
    </div>
  );
}

/** Smoke clouds the game's shots left: each clears at the end of its last turn, or now by the player. */
function SmokeClouds() {
  const state = useGame((s) => s.state);
  const clouds = state.scenario.features.filter((f) => f.kind === "smoke" && hasId(state.smokeUntil, f.id));
  if (!clouds.length) return null;
  return (
    <div data-testid="bg-smoke" style={{ paddingLeft: 6 }}>
      {clouds.map((f) => (
        <div key={f.id}>
          {f.name || f.id} until the end of turn {state.smokeUntil[f.id]} (§4, sample duration){" "}
          <button type="button" onClick={() => useGame.getState().perform({ type: "remove-features", ids: [f.id] })}>
            clear
          </button>
        </div>
      ))}
    </div>
  );
}

/** The game's rules context for move costs; none when its tables or options do not load (the verdict says why). */
function useBattlegroundContext(): BgContext | undefined {
  const ruleset = useGame((s) => s.log.header.ruleset);
  const battlefield = useGame((s) => s.battlefield);
  const status = useGame((s) => s.state.status);
  return useMemo(() => {
    const tables = battleground.loadTables(ruleset.tables);
    if (!tables.ok) return undefined;
    try {
      return battleground.createContext(tableContext(battlefield, { status }), {
        options: { ...ruleset.options, version: ruleset.version },
        tables: tables.tables,
      });
    } catch {
      return undefined;
    }
  }, [ruleset, battlefield, status]);
}

export function BattlegroundState({ shooter, target }: { shooter: string; target: string }) {
  const ctx = useBattlegroundContext();
  return (
    <div data-testid="bg-state" style={{ margin: "6px 0" }}>
      <ModelState model={shooter} part="shooter" ctx={ctx} />
      <ModelState model={target} part="target" ctx={ctx} />
      <SmokeClouds />
    </div>
  );
}
