/**
 * Saved games: versioned JSON holding the header and the events. Loading validates the header and its
 * scenario (every problem at once, each with its path), then each event in order; a damaged file plays up
 * to the first event that breaks, and says where.
 */
import { formatIssue, formatPath, parseScenario, type CatalogSource } from "../scenario/load";
import { changesTerrain, GameEvent, GameHeader } from "./events";
import type { GameLog } from "./gameLog";
import { applyEvent, initialState } from "./state";

export interface LoadedGame {
  readonly log: GameLog;
  /** Set when the file was damaged: where it broke and why. Events before that point were kept. */
  readonly warning?: string;
}

/** `problems`: every reason the file cannot be played, each starting with its JSON path; `error`: them in one line. */
export type GameFileResult = { ok: true; game: LoadedGame } | { ok: false; error: string; problems: readonly string[] };

const failed = (problems: readonly string[]): GameFileResult => ({ ok: false, error: problems.join("; "), problems });

export function serializeGame(log: GameLog): string {
  return JSON.stringify({ ...log.header, cursor: log.cursor, events: log.events });
}

export function parseGame(text: string, catalog: CatalogSource): GameFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return failed([`not a game file: ${(error as Error).message}`]);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return failed(["not a game file: expected a JSON object"]);
  const { events: rawEvents, cursor: rawCursor, scenario: rawScenario, ...rawHeader } = data as Record<string, unknown>;
  // The scenario is checked by its own loader, for its plain messages; the rest of the header by zod.
  const header = GameHeader.omit({ scenario: true }).safeParse(rawHeader);
  const scenario = parseScenario(rawScenario, catalog);
  const problems = [
    ...(header.success ? [] : header.error.issues.map((issue) => `${formatPath(issue.path) || "file"}: ${issue.message}`)),
    ...(scenario.ok ? [] : scenario.issues.map((issue) => (issue.path ? `scenario.${issue.path}: ${issue.message}` : `scenario: ${issue.message}`))),
    ...(Array.isArray(rawEvents) ? [] : ["events: expected a list of events"]),
  ];
  if (!header.success || !scenario.ok || !Array.isArray(rawEvents)) return failed(problems);

  const events: GameEvent[] = [];
  let state = initialState(scenario.scenario);
  let warning: string | undefined;
  for (const [i, raw] of rawEvents.entries()) {
    const parsed = GameEvent.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      warning = `events[${i}]${issue.path.length ? `.${formatPath(issue.path)}` : ""}: ${issue.message}; the game was loaded up to event ${i}`;
      break;
    }
    try {
      state = applyEvent(state, parsed.data);
    } catch (error) {
      warning = `events[${i}]: ${(error as Error).message}; the game was loaded up to event ${i}`;
      break;
    }
    // A terrain edit must leave a battlefield the loader accepts, as the editor's commands do.
    const edited = changesTerrain(parsed.data) ? parseScenario(state.scenario, catalog) : undefined;
    if (edited && !edited.ok) {
      warning = `events[${i}]: ${parsed.data.type} leaves a battlefield that cannot be played (${formatIssue(edited.issues[0]!)}); the game was loaded up to event ${i}`;
      break;
    }
    events.push(parsed.data);
  }
  const cursor = typeof rawCursor === "number" && Number.isInteger(rawCursor) ? Math.min(Math.max(0, rawCursor), events.length) : events.length;
  return { ok: true, game: { log: { header: { ...header.data, scenario: scenario.scenario }, events, cursor }, ...(warning ? { warning } : {}) } };
}
