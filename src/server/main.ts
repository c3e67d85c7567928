/**
 * npm run serve -- [--port <n>] [--host <address>] [--data <folder>] [--static <folder>]
 *
 * The game server: rooms for games played online, kept in a SQLite file under the data folder. `npm start`
 * runs it with --static dist, serving the built app from the same origin.
 */
import { parseArgs } from "node:util";
import { startGameServer } from "./gameServer";
import { sqliteStore } from "./sqliteStore";

const USAGE = `The Hulldown game server: two players on two machines share one table.

Usage:
  npm run serve -- [--port <n>] [--host <address>] [--data <folder>] [--static <folder>]

Options:
  --port <n>          the port to listen on (default 2567; 0: any free port)
  --host <address>    the address to listen on (default 127.0.0.1; 0.0.0.0: every network)
  --data <folder>     where the games are kept (default data/, made when missing)
  --static <folder>   also serve this folder (the built app) at /
  -h, --help          show this help`;

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

const server = await startGameServer({
  port,
  host: values.host ?? "127.0.0.1",
  store: sqliteStore(values.data ?? "data"),
  ...(values.static ? { staticDir: values.static } : {}),
});
console.log(`Hulldown game server at ${server.url}${values.static ? ` (the app too, from ${values.static}/)` : ""}; games kept in ${values.data ?? "data"}/`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    server.close().then(() => process.exit(0));
  });
