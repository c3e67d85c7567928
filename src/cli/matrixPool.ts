/**
 * The visibility matrix on every core: a pool of worker_threads, each with its own sight world of the same
 * scenario (Rapier worlds cannot be shared between threads), fed chunks of pairs as they finish, so a slow
 * chunk never holds up the others. The answer is the single-threaded visibilityMatrix's, entry for entry.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Scenario } from "../core/scenario/schema";
import type { MatrixEntry, Pair } from "../sight/matrix";

export interface PoolRequest {
  readonly id: number;
  readonly pairs: readonly Pair[];
}

export type PoolReply =
  | { readonly id: number; readonly ready: true }
  | { readonly id: number; readonly entries: MatrixEntry[] }
  | { readonly id: number; readonly error: string };

/** Pairs per message: large enough that messaging costs nothing, small enough to balance the threads. */
const CHUNK = 64;

const WORKER_FILE = new URL(`./matrixWorker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);

/** tsx's ESM register API as a file URL, by its package's exports map (require() would give the CommonJS one). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const exports = (JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports;
  return new URL(exports["./esm/api"]!.import.default, pathToFileURL(manifest)).href;
}

/** A thread running matrixWorker; from TypeScript sources (tsx, vitest) it first registers tsx's loader. */
function startWorker(scenario: Scenario): Worker {
  if (!WORKER_FILE.pathname.endsWith(".ts")) return new Worker(WORKER_FILE, { workerData: { scenario } });
  const tsx = tsxEsmApi();
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_FILE.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: { scenario } });
}

export class MatrixPool {
  private nextId = 1;

  private constructor(private readonly workers: readonly Worker[]) {}

  /** Starts `size` threads (default: one per core) and waits until each has built its world. */
  static async start(scenario: Scenario, size = availableParallelism()): Promise<MatrixPool> {
    const workers = Array.from({ length: Math.max(1, size) }, () => startWorker(scenario));
    const pool = new MatrixPool(workers);
    try {
      await Promise.all(workers.map((w) => pool.reply(w, 0)));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return pool;
  }

  get size(): number {
    return this.workers.length;
  }

  /** The matrix entries of the pairs, in their order. */
  async matrix(pairs: readonly Pair[], onProgress?: (done: number, total: number) => void): Promise<MatrixEntry[]> {
    const results: MatrixEntry[] = new Array(pairs.length);
    let next = 0;
    let done = 0;
    const feed = async (worker: Worker): Promise<void> => {
      while (next < pairs.length) {
        const start = next;
        next = Math.min(pairs.length, next + CHUNK);
        const id = this.nextId++;
        const reply = this.reply(worker, id);
        worker.postMessage({ id, pairs: pairs.slice(start, next) } satisfies PoolRequest);
        const entries = await reply;
        for (let i = 0; i < entries.length; i++) results[start + i] = entries[i]!;
        done += entries.length;
        onProgress?.(done, pairs.length);
      }
    };
    await Promise.all(this.workers.map(feed));
    return results;
  }

  /** The answer to request `id` from one worker; a worker that dies or errors fails it. */
  private reply(worker: Worker, id: number): Promise<MatrixEntry[]> {
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
      const onMessage = (reply: PoolReply) => {
        if (reply.id !== id) return;
        cleanup();
        if ("error" in reply) reject(new Error(`matrix thread: ${reply.error}`));
        else resolve("entries" in reply ? reply.entries : []);
      };
      const onError = (error: Error) => (cleanup(), reject(error));
      const onExit = (code: number) => (cleanup(), reject(new Error(`matrix thread stopped (exit code ${code})`)));
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
