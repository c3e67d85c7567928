/**
 * The layers of src/ as the README draws them: lower floors never import higher ones, and the scene and
 * the UI stand side by side on the state (only the App composes them).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, it } from "vitest";

const SRC = resolve(__dirname, "../src");

/** Each top folder of src and the folders it may import (besides itself). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  core: ["scenarios"],
  sight: ["core"],
  rules: ["core", "sight"],
  worker: ["core", "sight", "rules"],
  /** The replay model (clock, frames, replay files) is headless: it knows only the game log. */
  replay: ["core"],
  state: ["core", "sight", "rules", "worker", "replay", "scenarios"],
  scene: ["core", "sight", "rules", "worker", "replay", "state"],
  ui: ["core", "sight", "rules", "worker", "replay", "state"],
  cli: ["core", "sight", "rules", "worker", "replay", "scenarios"],
  scenarios: [],
};
/** Files allowed one more floor: the App composes the scene and the UI. */
const COMPOSERS: Record<string, readonly string[]> = { "ui/App.tsx": ["scene"] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importedFolders(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from\s*|import\s*\(\s*|new URL\(\s*)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specs.map((spec) => relative(SRC, resolve(dirname(file), spec)).split(/[\\/]/)[0]!).filter((top) => !top.startsWith(".."));
}

it("no import runs up or sideways between the layers of src/", () => {
  const wrong: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const path = relative(SRC, file).replaceAll("\\", "/");
    const floor = path.split("/")[0]!;
    const allowed = MAY_IMPORT[floor];
    if (!allowed) continue; // main.tsx: the entry point composes everything
    for (const top of importedFolders(file)) {
      if (top === floor || allowed.includes(top) || COMPOSERS[path]?.includes(top)) continue;
      wrong.push(`${path} imports src/${top}`);
    }
  }
  expect(wrong).toEqual([]);
});
