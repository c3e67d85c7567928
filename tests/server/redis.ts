/**
 * Helpers for the scale-out tests: a redis-server of their own on a free 127.0.0.1 port, keeping nothing on
 * disk (its folder is temporary and removed), and game server processes (src/server/main.ts, as `npm run
 * serve` runs it) using it, or a SQLite data folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A port free on 127.0.0.1 now: the processes are told their port (it is where other processes send players). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once `child` prints `ready`; rejects with what it printed if it exits first or takes 20 s. */
function readyWhen(child: ChildProcess, ready: string, what: string): Promise<void> {
  let printed = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start in 20 s:\n${printed}`)), 20_000);
    const look = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", look);
    child.stderr?.on("data", look);
    child.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === "ENOENT" ? new Error(`${what}: redis-server is missing; run \`bash .ci/ensure-redis.sh\``) : error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${printed}`));
    });
  });
}

export interface Process {
  readonly url: string;
  /** Ends the process at once (SIGKILL: a crash, nothing cleaned up) and waits until it is gone. */
  kill(): Promise<void>;
}

const killer = (child: ChildProcess) => () =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

/** A redis-server on a free port, without persistence, in a temporary folder removed when it is killed. */
export async function startRedis(): Promise<Process> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "hulldown-redis-"));
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await readyWhen(child, "Ready to accept connections", "redis-server");
  const kill = killer(child);
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A game server process (`npm run serve -- --port <port>`) on the Node running the tests: behind the Redis at
 * `redisUrl`, or over SQLite in the `data` folder; on `port` (a free one when not given: a restart reuses it).
 */
export async function startServeProcess(where: { redisUrl: string } | { data: string }, port?: number): Promise<Process> {
  port ??= await freePort();
  const data = "data" in where ? ["--data", where.data] : [];
  const child = spawn(process.execPath, ["--import", "tsx", "--disable-warning=ExperimentalWarning", "src/server/main.ts", "--port", String(port), ...data], {
    env: { ...process.env, ...("redisUrl" in where ? { REDIS_URL: where.redisUrl } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await readyWhen(child, "Hulldown game server at", `the game server on port ${port}`);
  return { url: `http://127.0.0.1:${port}`, kill: killer(child) };
}
