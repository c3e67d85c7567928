/**
 * The app's game online: creating one on the game server that serves the app (the table as it stands, under
 * its rule system), the links for each side and for spectators, joining the seat a link names (a reload of
 * the page rejoins it), and leaving, which brings back the offline game kept in the autosave.
 */
import { create } from "zustand";
import type { NewGameAnswer, NewGameRequest } from "../core/game/roomProtocol";
import { useGame } from "./game";
import type { OnlineSession, OnlineView } from "./online";
import { restoreAutosave } from "./persistence";

export interface SeatLink {
  /** The side the link plays; null: the spectators' link. */
  readonly side: string | null;
  readonly url: string;
}

interface OnlineApp {
  readonly session?: OnlineSession;
  readonly view?: OnlineView;
  /** The links of a game made here, to send to the other player and to spectators. */
  readonly links?: readonly SeatLink[];
}

export const useOnline = create<OnlineApp>(() => ({}));

const NAME_KEY = "hulldown/player-name";
export const playerName = (): string => globalThis.localStorage?.getItem(NAME_KEY) ?? "";

/** The link to a seat of a game on this server. */
const linkTo = (game: string, token: string) => `${location.origin}${location.pathname}?game=${encodeURIComponent(game)}&seat=${encodeURIComponent(token)}`;

/** The game and seat a page's address names, if it is a link to a game online. */
export function seatInAddress(search = location.search): { game: string; token: string } | undefined {
  const query = new URLSearchParams(search);
  const game = query.get("game");
  const token = query.get("seat");
  return game && token ? { game, token } : undefined;
}

async function join(game: string, token: string): Promise<void> {
  await useOnline.getState().session?.leave();
  const name = playerName();
  // The game server's client loads only when a game online is joined: single-player pages never fetch it.
  const { joinOnline } = await import("./online");
  const session = await joinOnline(useGame, { server: location.origin, game, token, ...(name ? { name } : {}) });
  useOnline.setState({ session, view: session.view.getState() });
  session.view.subscribe((view) => useOnline.setState({ view }));
  // The address is this seat's link: a reload rejoins it.
  history.replaceState(null, "", linkTo(game, token));
}

/** Joins the seat the page's address names, if any; a link that does not work says why in the toast. */
export async function joinFromAddress(): Promise<void> {
  const seat = seatInAddress();
  if (!seat) return;
  try {
    await join(seat.game, seat.token);
  } catch (error) {
    useGame.getState().notify("error", `Could not join the game online: ${(error as Error).message}`);
  }
}

/**
 * Makes the table as it stands a game on the server, and plays `side` in it. Returns every seat's link,
 * or throws with the server's words.
 */
export async function playOnline(side: string, name: string): Promise<readonly SeatLink[]> {
  globalThis.localStorage?.setItem(NAME_KEY, name);
  const { log, state } = useGame.getState();
  const request: NewGameRequest = { scenario: state.scenario, ruleset: log.header.ruleset };
  let res: Response;
  try {
    res = await fetch(`${location.origin}/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
  } catch (error) {
    throw new Error(`the game server cannot be reached (${(error as Error).message}); npm start runs it with the app`);
  }
  // A page from another server (Vite's dev server, a static host) answers with no game's JSON.
  if (!res.headers.get("content-type")?.startsWith("application/json"))
    throw new Error("this page is not served by a game server: open the app from npm start or npm run serve");
  const answer = (await res.json()) as NewGameAnswer & { error?: string };
  if (!res.ok) throw new Error(answer.error ?? `the server answered ${res.status}`);
  const links: SeatLink[] = [
    ...answer.seats.map((s) => ({ side: s.side, url: linkTo(answer.game, s.token) })),
    { side: null, url: linkTo(answer.game, answer.spectator) },
  ];
  const mine = answer.seats.find((s) => s.side === side) ?? answer.seats[0]!;
  await join(answer.game, mine.token);
  useOnline.setState({ links });
  return links;
}

export function rename(name: string): void {
  globalThis.localStorage?.setItem(NAME_KEY, name);
  useOnline.getState().session?.rename(name);
}

/** Leaves the game online (it goes on on the server) and brings back the offline game from the autosave. */
export async function leaveOnline(): Promise<void> {
  await useOnline.getState().session?.leave();
  useOnline.setState({ session: undefined, view: undefined, links: undefined });
  history.replaceState(null, "", `${location.origin}${location.pathname}`);
  const game = useGame.getState();
  game.goOffline();
  game.setReadOnly(undefined);
  await restoreAutosave(useGame);
}
