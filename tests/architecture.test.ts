/**
 * The layers of src/ as the README draws them: lower floors never import higher ones, the scene and the UI
 * stand side by side on the state (only the App composes them), the core reaches nothing outside src/, and
 * no files import each other in a circle. Only a rule system's own folder knows it: nothing outside src/rules
 * imports a system's folder, and the state, the scene and the UI never name a system's id (they render what
 * the Ruleset describes).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, it } from "vitest";
import { RULESETS } from "../src/rules/registry";

const SRC = resolve(__dirname, "../src");

/**
 * Each top folder of src and the folders it may import (besides itself); "../x" is the folder x beside src/
 * (shaders/, models/).
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  core: ["scenarios"],
  sight: ["core"],
  rules: ["core", "sight"],
  worker: ["core", "sight", "rules"],
  /** The game server stands beside the worker on the same headless layers; nothing imports it. */
  server: ["core", "sight", "rules", "worker"],
  /** The replay model (clock, frames, replay files) is headless: it knows only the game log. */
  replay: ["core"],
  state: ["core", "sight", "rules", "worker", "replay", "scenarios"],
  scene: ["core", "sight", "rules", "worker", "replay", "state", "../shaders"],
  ui: ["core", "sight", "rules", "worker", "replay", "state"],
  /** The models command builds the glTF files of models/ with their paint. */
  cli: ["core", "sight", "rules", "worker", "replay", "scenarios", "../models"],
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

/** The relative module paths a file imports (statically, dynamically, type-only, or as a worker's URL), resolved. */
function importedPaths(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from\s*|import\s*\(\s*|import\s+|new URL\(\s*)["'](\.{1,2}\/[^"'?]+)(?:\?[^"']*)?["']/g)].map((m) => m[1]!);
  return specs.map((spec) => resolve(dirname(file), spec));
}

/** The top folder of src/ a path is in, or "../x" for a folder x beside src/. */
function topFolder(path: string): string {
  const [top, next] = relative(SRC, path).split(/[\\/]/);
  return top === ".." ? `../${next}` : top!;
}

const srcPath = (file: string) => relative(SRC, file).replaceAll("\\", "/");

it("no import runs up or sideways between the layers of src/, and the core reaches nothing outside src/", () => {
  const wrong: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const path = srcPath(file);
    const floor = path.split("/")[0]!;
    const allowed = MAY_IMPORT[floor];
    if (!allowed) continue; // main.tsx: the entry point composes everything
    for (const top of importedPaths(file).map(topFolder)) {
      if (top === floor || allowed.includes(top) || COMPOSERS[path]?.includes(top)) continue;
      wrong.push(`${path} imports ${top.startsWith("../") ? top.slice(3) : `src/${top}`}`);
    }
  }
  expect(wrong).toEqual([]);
});

/** The source file a resolved import names (with its extension added, or its folder's index), if it is in src/. */
function sourceFileOf(path: string): string | undefined {
  if (relative(SRC, path).startsWith("..")) return undefined;
  return [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts"), join(path, "index.tsx")].find((p) => existsSync(p) && statSync(p).isFile());
}

it("no files of src/ import each other in a circle", () => {
  const imports = new Map(sourceFiles(SRC).map((file) => [file, importedPaths(file).flatMap((p) => sourceFileOf(p) ?? [])]));
  // Depth-first: a file met again while it is still on the path closes a circle.
  const circles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): void => {
    const at = path.indexOf(file);
    if (at >= 0) {
      circles.push([...path.slice(at), file].map(srcPath).join(" → "));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of imports.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of imports.keys()) visit(file);
  expect(circles).toEqual([]);
});

/** The rule systems' own folders: each folder of src/rules (the shared interface lives beside them, in files). */
const SYSTEM_FOLDERS = readdirSync(join(SRC, "rules")).filter((name) => statSync(join(SRC, "rules", name)).isDirectory());

it("only src/rules imports a rule system's own folder: everything else goes through the Ruleset and the registry", () => {
  expect(SYSTEM_FOLDERS).toEqual(expect.arrayContaining(["operation-ww2", "bolt-action", "battleground", "flames-of-war"]));
  const wrong = sourceFiles(SRC).flatMap((file) => {
    const path = srcPath(file);
    if (path.startsWith("rules/")) return [];
    return importedPaths(file)
      .map(srcPath)
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
      return ids
        .filter((id) => new RegExp(`["'\`]${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]`).test(text))
        .map((id) => `${srcPath(file)} names "${id}"`);
    }),
  );
  expect(wrong).toEqual([]);
});
