/**
 * npm run models [-- --scale 28mm|15mm] [--out <dir>]
 *
 * Builds the glTF miniatures from their parametric definitions in src/core/miniatures/shipped.ts: <out>/<scale>/<id>.glb.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { NodeIO } from "@gltf-transform/core";
import { catalogFor } from "../core/scale";
import { Scale } from "../core/scenario/schema";
import { CliError, describeFsError, expectPositionals, print, runCommand } from "./common";
import { modelDocument } from "./modelGltf";

const DEFAULT_OUT = fileURLToPath(new URL("../../models/gltf", import.meta.url));

const USAGE = `Builds Hulldown's miniatures as binary glTF from their parametric definitions (src/core/miniatures/shipped.ts).

Usage:
  npm run models -- [--scale ${Scale.options.join("|")}] [--out <dir>]

Writes <dir>/<scale>/<model id>.glb for every model definition. Each file has a root node named after the
model (extras: category, vehicle class, base, figureHeight, eyeHeight, weapons), a child node per part (hull,
turret, gun, figure, base, crew, shield) and an empty node per named point (eye, muzzle, hullMG…). A turret's
parts and points hang under a "turret" node at the turret pivot: turn it about y to traverse. The meshes are the
sight engine's colliders, tessellated as the renderer draws them. Centimetres, y up, +z forward.

Options:
  --scale <scale>  ${Scale.options.join(" or ")}; default: every scale
  --out <dir>      output folder; default: models/gltf in the repository
  -h, --help       show this help`;

const command = { name: "models", usage: USAGE, options: { scale: { type: "string" }, out: { type: "string" } } } as const;

function parseScale(text: string): Scale {
  const scale = Scale.safeParse(text);
  if (!scale.success) throw new CliError(`unknown scale "${text}"; expected ${Scale.options.join(" or ")}`);
  return scale.data;
}

async function write(file: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeFile(file, bytes);
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${describeFsError(error)}`);
  }
}

await runCommand(command, async ({ values, positionals }) => {
  expectPositionals(positionals, []);
  const scales = values.scale === undefined ? Scale.options : [parseScale(values.scale)];
  const out = values.out ?? (relative(process.cwd(), DEFAULT_OUT) || ".");
  const io = new NodeIO();
  for (const scale of scales) {
    const folder = join(out, scale);
    await mkdir(folder, { recursive: true }).catch((error: unknown) => {
      throw new CliError(`cannot create ${folder}: ${describeFsError(error)}`);
    });
    let bytes = 0;
    const catalog = catalogFor(scale);
    for (const def of catalog.values()) {
      const glb = await io.writeBinary(modelDocument(def, scale));
      await write(join(folder, `${def.id}.glb`), glb);
      bytes += glb.byteLength;
    }
    print(`${scale}: ${catalog.size} models in ${folder} (${Math.round(bytes / 1024)} KB)`);
  }
});
