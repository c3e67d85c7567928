/**
 * Once per run of the e2e project: build the app (production, into a temporary folder), serve it with
 * Vite's preview server on a free localhost port, and start one chromium for every e2e file. Tests get the
 * app's URL and the browser's endpoint through inject(); the teardown stops all three.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { build, preview } from "vite";
import type { TestProject } from "vitest/node";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built app, served: "http://127.0.0.1:<port>/". */
    appUrl: string;
    /** The folder of the built app, for a test that serves it itself (with the game server). */
    appDir: string;
    /** The shared chromium, for chromium.connect(). */
    browserEndpoint: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) throw new Error(`no ${CHROMIUM}: run "bash .ci/ensure-chromium.sh" (npm test does it first)`);
  const started = performance.now();
  const outDir = await mkdtemp(join(tmpdir(), "hulldown-e2e-"));
  const stops: Array<() => Promise<unknown>> = [() => rm(outDir, { recursive: true, force: true })];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    await build({ root, logLevel: "error", build: { outDir, emptyOutDir: true } });
    const server = await preview({ root, logLevel: "warn", build: { outDir }, preview: { host: "127.0.0.1", port: 0, open: false } });
    stops.push(() => server.close());
    const appUrl = server.resolvedUrls?.local[0];
    if (!appUrl) throw new Error("vite preview did not say where it serves the app");
    const browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    stops.push(() => browser.close());
    project.provide("appUrl", appUrl);
    project.provide("appDir", outDir);
    project.provide("browserEndpoint", browser.wsEndpoint());
    console.log(`e2e: app built and served at ${appUrl}, chromium started (${Math.round(performance.now() - started)} ms)`);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
