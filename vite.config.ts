import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Rapier's compat build carries its WebAssembly inside its script as 4 MB of base64: that made the sight
 * worker's script 5 MB, all parsed before the worker could start. The package also ships the same bytes as
 * a file (checked here at every build), so in the browser build the inlined copy becomes that file's URL:
 * Rapier's own init fetches it and the browser compiles it while it downloads. Node (tests, CLIs) and the dev
 * server keep the inlined copy; the code that uses Rapier is the same everywhere (src/sight/rapier.ts).
 */
function rapierWasmAsFile(): Plugin {
  const inlined = /module_or_path:\w+\.toByteArray\("([A-Za-z0-9+/=]+)"\)\.buffer/;
  return {
    name: "hulldown:rapier-wasm-as-file",
    apply: "build",
    transform(code, id) {
      if (!id.replaceAll("\\", "/").endsWith("/@dimforge/rapier3d-compat/dist/rapier.mjs")) return null;
      const base64 = inlined.exec(code)?.[1];
      const file = join(dirname(id), "rapier_wasm3d_bg.wasm");
      if (!base64) this.error(`${id}: Rapier's inlined WebAssembly is no longer where this plugin looks for it`);
      if (!Buffer.from(base64, "base64").equals(readFileSync(file))) this.error(`${file} is not the WebAssembly inlined in ${id}`);
      return { code: `import rapierWasmUrl from ${JSON.stringify(`${file}?url`)};\n${code.replace(inlined, "module_or_path:rapierWasmUrl")}`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react()],
  // `npm start` serves the production build (fastest to load) on 5173; `npm run dev` the dev server on 5174.
  server: { port: 5174, host: "127.0.0.1" },
  preview: { port: 5173, strictPort: true, host: "127.0.0.1" },
  worker: { format: "es", plugins: () => [rapierWasmAsFile()] },
  // The main chunk is what the first frame needs (three, react, react-three-fiber); the rest is split off.
  build: { chunkSizeWarningLimit: 1600 },
  test: {
    environment: "node",
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/**/*.test.ts"], exclude: [...configDefaults.exclude, "tests/e2e/**"] } },
      {
        // Browser tests: the built app in Debian's chromium. The global setup builds and serves the app and
        // starts one browser for every e2e file; it runs only when e2e files are selected.
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          globalSetup: ["tests/e2e/globalSetup.ts"],
          // After the unit tests, one file at a time: on two cores, CPU-rendered WebGL pages and the unit tests
          // slow each other down.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
