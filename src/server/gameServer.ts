/**
 * The game server: Colyseus rooms on one HTTP server that also creates games (POST /games) and, for
 * `npm start`, serves the built app, so the app and its server share one origin.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve, sep } from "node:path";
import { Server } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { NewGameAnswer } from "../core/game/roomProtocol";
import { JSON_LIMITS } from "../core/json";
import { newStoredGame } from "./createGame";
import { gameRoomOf } from "./gameRoom";
import type { LogStore } from "./logStore";

/** The largest message a client may send over its connection (a unit placed, a miniature imported); a larger one closes it. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface GameServerOptions {
  readonly port: number;
  readonly host?: string;
  readonly store: LogStore;
  /** A folder of static files (the built app) served at /, index.html for any other path. */
  readonly staticDir?: string;
  /** Several processes behind one Redis share their rooms (Colyseus's presence and driver live in it). */
  readonly scaleOut?: {
    readonly redisUrl: string;
    /** host:port at which players reach this process: a room living here is joined there through any process. */
    readonly publicAddress: string;
  };
}

export interface RunningServer {
  /** http://host:port of the server. */
  readonly url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".glb": "model/gltf-binary",
  ".gltf": "model/gltf+json",
  ".txt": "text/plain; charset=utf-8",
};

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function createGame(req: IncomingMessage, res: ServerResponse, store: LogStore) {
  const text = await readBody(req, JSON_LIMITS.scenarioChars);
  if (text === undefined) return reply(res, 413, { error: `the game is larger than ${JSON_LIMITS.scenarioChars / 1024 / 1024} MiB` });
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch (error) {
    return reply(res, 400, { error: `not JSON: ${(error as Error).message}` });
  }
  const made = newStoredGame(request);
  if (!made.ok) return reply(res, 400, { error: made.problems.join("; "), problems: made.problems });
  await store.create(made.game);
  const answer: NewGameAnswer = {
    game: made.game.id,
    seats: made.game.seats.map(({ side, token }) => ({ side, token })),
    spectator: made.game.spectatorToken,
  };
  reply(res, 201, answer);
}

function serveStatic(req: IncomingMessage, res: ServerResponse, root: string | undefined) {
  if (!root || (req.method !== "GET" && req.method !== "HEAD")) return reply(res, 404, { error: `nothing at ${req.method} ${req.url}` });
  const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  let file = normalize(join(root, path));
  if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) file = join(root, "index.html");
  if (!existsSync(file)) return reply(res, 404, { error: `no ${path} in ${root}` });
  res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
  if (req.method === "HEAD") return res.end();
  createReadStream(file).pipe(res);
}

export async function startGameServer(options: GameServerOptions): Promise<RunningServer> {
  const root = options.staticDir ? resolve(options.staticDir) : undefined;
  const http = createServer();
  const server = new Server({
    greet: false,
    gracefullyShutdown: false,
    transport: new WebSocketTransport({ server: http, maxPayload: MAX_MESSAGE_BYTES }),
    ...(options.scaleOut
      ? {
          presence: new RedisPresence(options.scaleOut.redisUrl),
          driver: new RedisDriver(options.scaleOut.redisUrl),
          publicAddress: options.scaleOut.publicAddress,
        }
      : {}),
  });
  server.define("game", gameRoomOf(options.store)).filterBy(["game"]);
  await server.listen(options.port, options.host ?? "127.0.0.1");
  // Colyseus answers every request it is given (its root path too): it is given its own (matchmaking, the
  // health check), and the product's routes (creating a game, the app's files) take the rest.
  const colyseus = http.listeners("request") as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  http.removeAllListeners("request");
  http.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (path.startsWith("/matchmake/") || path === "/__healthcheck") for (const listener of colyseus) listener(req, res);
    else if (path === "/games" && req.method === "POST") createGame(req, res, options.store).catch((error) => reply(res, 500, { error: String(error) }));
    else serveStatic(req, res, root);
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    async close() {
      await server.gracefullyShutdown(false);
      options.store.close();
    },
  };
}
