/**
 * The layers of src/ as the README draws them: lower floors never import higher ones, and the scene and
 * the UI stand side by side on the state (only the App composes them). Only a rule system's own folder
 * knows it: nothing outside src/rules imports a system's folder, and the state, the scene and the UI never
 * name a system's id (they render what the Ruleset describes).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, it } from "vitest";
import { RULESETS } from "../src/rules/registry";

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

/** Every relative import of a file, as a path under src/ ("rules/battleground/types"). */
function importedPaths(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from\s*|import\s*\(\s*|new URL\(\s*)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specs.map((spec) => relative(SRC, resolve(dirname(file), spec)).replaceAll("\\", "/")).filter((path) => !path.startsWith(".."));
}

const importedFolders = (file: string): string[] => importedPaths(file).map((path) => path.split("/")[0]!);

const pathInSrc = (file: string): string => relative(SRC, file).replaceAll("\\", "/");

it("no import runs up or sideways between the layers of src/", () => {
  const wrong: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const path = pathInSrc(file);
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

/** The rule systems' own folders: each folder of src/rules (the shared interface lives beside them, in files). */
const SYSTEM_FOLDERS = readdirSync(join(SRC, "rules")).filter((name) => statSync(join(SRC, "rules", name)).isDirectory());

it("only src/rules imports a rule system's own folder: everything else goes through the Ruleset and the registry", () => {
  expect(SYSTEM_FOLDERS).toEqual(expect.arrayContaining(["operation-ww2", "bolt-action", "battleground", "flames-of-war"]));
  const wrong = sourceFiles(SRC).flatMap((file) => {
    const path = pathInSrc(file);
    if (path.startsWith("rules/")) return [];
    return importedPaths(file)
      .filter((imported) => SYSTEM_FOLDERS.some((system) => imported.startsWith(`rules/${system}/`) || imported === `rules/${system}`))
      .map((imported) => `${path} imports src/${imported}`);
  });
  expect(wrong).toEqual([]);
});

it("the state, the scene and the UI never name a rule system's id: they render what its Ruleset describes", () => {
  const ids = RULESETS.map((r) => r.id);
  expect(ids.length).toBeGreaterThanOrEqual(4);
  const wrong = ["state", "scene", "ui"].flatMap((floor) =>
    sourceFiles(join(SRC, floor)).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return ids.filter((id) => new RegExp(`["'\`]${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]`).test(text)).map((id) => `${pathInSrc(file)} names "${id}"`);
    }),
  );
  expect(wrong).toEqual([]);
});
