/**
 * `npm run sample-replay [-- <out.json>]`: plays the sample game (sampleGame.ts) and writes its replay file,
 * by default public/replays/sample.json, which the app serves and the tests load.
 */
import { writeFile } from "node:fs/promises";
import { serializeReplay } from "../replay/replayFile";
import { runCommand } from "./common";
import { playSampleGame, SAMPLE_SEED } from "./sampleGame";

const USAGE = `Plays the sample game on the default battlefield (real commands, shots resolved from seed ${SAMPLE_SEED})
and writes its replay file.

Usage:
  npm run sample-replay [-- <out.json>]   (default: public/replays/sample.json)

Options:
  -h, --help  show this help`;

await runCommand({ name: "sample-replay", usage: USAGE, options: {} } as const, async ({ positionals }) => {
  const out = positionals[0] ?? "public/replays/sample.json";
  const { log, notes, skipped } = await playSampleGame();
  const text = serializeReplay({ log, notes });
  await writeFile(out, text);
  const shots = log.events.filter((e) => e.type === "fire-resolved");
  const casualties = shots.flatMap((e) => e.outcomes).filter((o) => o.effect === "casualty" || o.effect === "destroyed").length;
  console.log(`${out}: ${log.events.length} events (${shots.length} shots, ${casualties} casualties), ${notes.length} notes, ${text.length} bytes`);
  for (const s of skipped) console.log(`  skipped: ${s}`);
});
