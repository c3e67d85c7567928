/**
 * A new game on the server: the battlefield and rule system a player sends, checked as a file's would be,
 * a sealed seed, and a token per side and one for spectators. Nothing of it is secret but the seed and salt.
 */

import { newGame } from "../core/game/gameLog";
import { NewGameRequest } from "../core/game/roomProtocol";
import { unitFieldIssues } from "../core/game/unitFields";
import { scenarioCatalog } from "../core/miniatures/catalog";
import { formatIssue, parseScenario, validate } from "../core/scenario/load";
import { RULESETS, rulesetById } from "../rules/registry";
import { sidesOf } from "../rules/turn";
import type { StoredGame } from "./logStore";
import { sealSeed, seatToken } from "./sealedSeed";

/** The stored game for a request, or every reason it cannot be made. */
export function newStoredGame(request: unknown, created = new Date().toISOString()): { ok: true; game: StoredGame } | { ok: false; problems: string[] } {
  const checked = validate(NewGameRequest, request);
  if (!checked.ok) return { ok: false, problems: checked.issues.map(formatIssue) };
  const { ruleset, sides: extra = [] } = checked.data;
  const system = rulesetById(ruleset.id);
  if (!system) return { ok: false, problems: [`ruleset.id: unknown rule system "${ruleset.id}"; known: ${RULESETS.map((r) => r.id).join(", ")}`] };
  if (!system.versions.includes(ruleset.version))
    return { ok: false, problems: [`ruleset.version: ${system.id} has versions ${system.versions.join(", ")}, not "${ruleset.version}"`] };
  const parsed = parseScenario(checked.data.scenario, scenarioCatalog);
  if (!parsed.ok) return { ok: false, problems: parsed.issues.map((i) => `scenario.${formatIssue(i)}`) };
  const words = unitFieldIssues(parsed.scenario, system.unitFields ?? [], system.name);
  if (words.length) return { ok: false, problems: words.map((i) => `scenario.${formatIssue(i)}`) };
  const sides = [...new Set([...sidesOf(parsed.scenario), ...extra])];
  if (sides.length < 2)
    return { ok: false, problems: [`a game online needs two sides; the battlefield has ${sides.join(", ") || "none"}: add a force or name the sides`] };

  const sealed = sealSeed();
  const log = newGame(parsed.scenario, { seed: sealed.seed, ruleset, created });
  return {
    ok: true,
    game: {
      id: seatToken().slice(0, 12),
      header: { ...log.header, seedCommitment: { sha256: sealed.sha256 } },
      salt: sealed.salt,
      seats: sides.map((side) => ({ side, token: seatToken(), name: "" })),
      spectatorToken: seatToken(),
      ended: false,
    },
  };
}
