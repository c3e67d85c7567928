/**
 * The game the Bolt Action turn's browser test opens, and the turn it then plays, played headless first with the
 * app's own commands and rules (headlessGame): a free-play exchange of fire leaves pins on a US and a German
 * squad and a German squad at half its models; then, as the test plays it through the UI, the due morale check,
 * the deployment, and turn 1's dice drawn from the bag, each side ordering its units in the plan's order. The
 * seed is one whose dice give what the test shows (`wanted`); the browser, given the same file, rolls the same.
 */
import { headlessGame } from "../../src/cli/sampleGame";
import { serializeGame } from "../../src/core/game/gameFile";
import { scenarioCatalog } from "../../src/core/miniatures/catalog";
import { formatIssues, parseScenario } from "../../src/core/scenario/load";
import { boltAction } from "../../src/rules/bolt-action";

const squad = (id: string, model: string, xs: readonly number[], z: number, heading: number, quality?: string) => ({
  id,
  ...(quality && { quality }),
  models: xs.map((x, i) => ({ id: `${id}-m${i + 1}`, model, position: [x, z], heading })),
});

/** An open table: three US squads facing three German ones 30 cm (11.8") away; us-1 and ger-2 inexperienced (the file says so). */
export function battlefield() {
  const parsed = parseScenario(
    {
      format: "hulldown-scenario",
      version: 1,
      name: "Open field (Bolt Action turn test)",
      table: { width: 120, depth: 80 },
      forces: [
        {
          id: "us",
          side: "USA",
          units: [
            squad("us-1", "us-rifleman", [10, 15, 20], 25, 0, "inexperienced"),
            squad("us-2", "us-rifleman", [40, 45, 50, 55, 60], 25, 0),
            squad("us-3", "us-rifleman", [90, 95, 100], 25, 0),
          ],
        },
        {
          id: "ger",
          side: "Germany",
          units: [
            squad("ger-1", "ger-rifleman", [10, 15, 20], 55, 180),
            squad("ger-2", "ger-rifleman", [45, 50, 55, 60], 55, 180, "inexperienced"),
            squad("ger-3", "ger-rifleman", [90, 95, 100], 55, 180),
          ],
        },
      ],
    },
    scenarioCatalog,
  );
  if (!parsed.ok) throw new Error(formatIssues(parsed.issues));
  return parsed.scenario;
}

/** The free-play shots before the file is saved: ger-1 pins us-1, us-3 pins ger-3, us-2 thins ger-2. */
export const SHOTS = [
  { shooter: "ger-1", target: "us-1" },
  { shooter: "us-3", target: "ger-3" },
  { shooter: "us-2", target: "ger-2" },
] as const;

/** Turn 1's orders, each side's in the order its dice are drawn: us-1 asks Advance (and fails its test, pinned). */
export const PLAN: Record<string, readonly (readonly [string, string])[]> = {
  USA: [
    ["us-1", "advance"],
    ["us-2", "run"],
    ["us-3", "advance"],
  ],
  Germany: [
    ["ger-3", "rally"],
    ["ger-1", "down"],
  ],
};

/** The seed whose dice give what the test shows (found with `wanted`, checked by the test). */
export const SEED = 5;

/** The prepared file (the shots recorded) and the turn played headless from it: the log's events, and each order given in turn. */
export async function prepare(seed: number) {
  const game = headlessGame(battlefield(), boltAction, seed);
  try {
    for (const shot of SHOTS) {
      const refused = await game.fire({ ...shot });
      if (refused) throw new Error(`${shot.shooter} at ${shot.target}: ${refused.reason}`);
    }
    const file = serializeGame(game.log);
    const prepared = game.log.events.length;
    const due = game.due(undefined);
    if (!due[0]) throw new Error("no morale check due");
    const morale = await game.act(due[0].request);
    if (morale) throw new Error(`the morale check is refused: ${morale.reason}`);
    const drawn: string[] = [];
    const given: { unit: string; asked: string; order: string }[] = [];
    game.advance();
    const left: Record<string, (readonly [string, string])[]> = { USA: [...PLAN.USA!], Germany: [...PLAN.Germany!] };
    while (Object.values(left).some((l) => l.length)) {
      game.advance();
      const side = game.state().step!.side!;
      drawn.push(side);
      const next = left[side]!.shift();
      if (!next) throw new Error(`a die for ${side}, whose units all have orders`);
      const [unit, order] = next;
      const refused = game.order(unit, order);
      if (refused) throw new Error(`${unit} ${order}: ${refused.reason}`);
      const event = game.log.events.at(-1)!;
      if (event.type === "order-given") given.push({ unit, asked: event.asked, order: event.order });
    }
    return { file, prepared, log: game.log, state: game.state(), drawn, given };
  } finally {
    game.dispose();
  }
}

/** What the test needs of the dice: pins on us-1 and ger-3, ger-2 at half, its check failed, us-1's test failed (no FUBAR), ger-3's Rally taken. */
export function wanted(p: Awaited<ReturnType<typeof prepare>>): boolean {
  const orderOf = (unit: string) => p.given.find((g) => g.unit === unit);
  // A unit whose every model is gone leaves its force.
  const ger2 = p.state.scenario.forces.flatMap((f) => f.units).find((u) => u.id === "ger-2");
  return (
    (ger2?.models.length ?? 0) === 0 &&
    orderOf("us-1")?.order === "down" &&
    orderOf("ger-3")?.order === "rally" &&
    orderOf("us-2")?.order === "run" &&
    orderOf("us-3")?.order === "advance" &&
    orderOf("ger-1")?.order === "down" &&
    (p.state.units["ger-3"]?.pins ?? 0) === 0
  );
}
