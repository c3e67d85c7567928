/**
 * npm run serve -- [--port <n>] [--host <address>] [--data <folder>] [--static <folder>]
 *
 * The game server: rooms for games played online, kept in a SQLite file under the data folder. `npm start`
 * runs it with --static dist, serving the built app from the same origin. With REDIS_URL set, the games and
 * the rooms' whereabouts live in that Redis instead, so several such processes serve one set of games.
 */
import { parseArgs } from "node:util";
import { startGameServer } from "./gameServer";
import { redisProblem, redisStore } from "./redisStore";
import { sqliteStore } from "./sqliteStore";

const USAGE = `The Hulldown game server: two players on two machines share one table.

Usage:
  npm run serve -- [--port <n>] [--host <address>] [--data <folder>] [--static <folder>]
  REDIS_URL=redis://<host>:<port> npm run serve -- --port <n> [--public-address <host:port>]

Options:
  --port <n>          the port to listen on (default 2567; 0: any free port)
  --host <address>    the address to listen on (default 127.0.0.1; 0.0.0.0: every network)
  --data <folder>     where the games are kept (default data/, made when missing)
  --static <folder>   also serve this folder (the built app) at /
  --public-address <host:port>
                      with REDIS_URL: where players reach this process (default <host>:<port>)

Environment:
  REDIS_URL           keep the games in this Redis (not --data) and share the rooms with every server
                      process using it: a room whose process dies is rebuilt on another  -h, --help          show this help`;

const NODE_NEEDED = 22;

function fail(message: string): never {
  console.error(`serve: ${message}`);
  process.exit(2);
}

const major = Number(process.versions.node.split(".")[0]);
if (major < NODE_NEEDED)
  fail(`the game server needs Node ${NODE_NEEDED} or later (this is ${process.version}); npm start and npm run serve bring it: run them through npm`);

let values: ReturnType<typeof parse>["values"];
function parse() {
  return parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      data: { type: "string" },
      static: { type: "string" },
      "public-address": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
}
try {
  values = parse().values;
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port ?? 2567);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`bad --port "${values.port}": expected a whole number from 0 to 65535, e.g. --port 2567`);

const host = values.host ?? "127.0.0.1";
const redisUrl = process.env.REDIS_URL;
if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) fail(`bad REDIS_URL "${redisUrl}": expected redis://<host>:<port>, e.g. redis://127.0.0.1:6379`);
if (redisUrl !== undefined && values.data !== undefined) fail("--data and REDIS_URL both say where the games are kept: give one");
if (redisUrl !== undefined && port === 0) fail("with REDIS_URL the port is where other processes send players: give one, e.g. --port 2567");
const publicAddress = values["public-address"] ?? `${host}:${port}`;
if (!/^[^\s/:]+:\d+$/.test(publicAddress)) fail(`bad --public-address "${publicAddress}": expected <host>:<port>, e.g. --public-address club.example.org:2567`);
if (redisUrl !== undefined && host === "0.0.0.0" && values["public-address"] === undefined)
  fail("with --host 0.0.0.0 and REDIS_URL, say where players reach this process: --public-address <host:port>");
const unreachable = redisUrl ? await redisProblem(redisUrl) : undefined;
if (unreachable) fail(`cannot use the Redis at REDIS_URL (${new URL(redisUrl!).host}): ${unreachable}; is redis-server running there?`);

const server = await startGameServer({
  port,
  host,
  store: redisUrl ? redisStore(redisUrl) : sqliteStore(values.data ?? "data"),
  ...(values.static ? { staticDir: values.static } : {}),
  ...(redisUrl ? { scaleOut: { redisUrl, publicAddress } } : {}),
});
const kept = redisUrl ? `games kept in the Redis at ${new URL(redisUrl).host}, players sent to ${publicAddress}` : `games kept in ${values.data ?? "data"}/`;
console.log(`Hulldown game server at ${server.url}${values.static ? ` (the app too, from ${values.static}/)` : ""}; ${kept}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    server.close().then(() => process.exit(0));
  });
