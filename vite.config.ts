import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  // `npm start` serves the production build (fastest to load) on 5173; `npm run dev` the dev server on 5174.
  server: { port: 5174, host: "127.0.0.1" },
  preview: { port: 5173, strictPort: true, host: "127.0.0.1" },
  worker: { format: "es" },
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
