import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadSightWorld } from "./src/cli/common";
import { denseVisibleFraction, referencePairs } from "./src/sight/denseReference";
import { measureVisibility } from "./src/sight/visibility";
const { world } = await loadSightWorld("./src/scenarios/default.json");
const cacheFile = "/tmp/sg/ref.json";
const cache: Record<string, number> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, "utf8")) : {};
for (const seed of (process.env.SEEDS ?? "7").split(",").map(Number)) {
  const pairs = referencePairs(world, 50, seed);
  const rows = pairs.map(([a, b]) => {
    const key = `${a}>${b}`;
    cache[key] ??= denseVisibleFraction(world, a, b, 16384).visibleFraction;
    const v = measureVisibility(world, a, b);
    return { key, ref: cache[key]!, f: v.visibleFraction, ci: v.confidence95 };
  });
  writeFileSync(cacheFile, JSON.stringify(cache));
  const inside = rows.filter((r) => Math.abs(r.f - r.ref) <= r.ci).length;
  const cis = rows.map((r) => r.ci).sort((x, y) => x - y);
  const med = (cis[24]! + cis[25]!) / 2;
  console.log(`seed ${seed}: inside ${inside}/50, median half-width ${med.toFixed(4)}, mean |err| ${(rows.reduce((s, r) => s + Math.abs(r.f - r.ref), 0) / 50).toFixed(4)}`);
  for (const r of rows) if (Math.abs(r.f - r.ref) > r.ci || process.env.ALL) console.log("  ", r.key, r.ref.toFixed(4), r.f.toFixed(4), (r.f - r.ref).toFixed(4), "±", r.ci.toFixed(4));
}
// cost: rays over 300 random opposing pairs
import { opposingPairs } from "./src/sight/matrix";
const all = opposingPairs(world);
const r0 = world.raysCast; const t0 = performance.now();
for (let i = 0; i < all.length; i += 40) measureVisibility(world, all[i]![0], all[i]![1]);
console.log("rays per report", ((world.raysCast - r0) / Math.ceil(all.length / 40)).toFixed(1), "ms", ((performance.now()-t0)/Math.ceil(all.length/40)).toFixed(3));
