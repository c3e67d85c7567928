/**
 * Area weapons on real scenes: where the template goes (on the model; at a building's outer wall; on the
 * roof for indirect fire), which models the sight engine finds under it, scatter when thrown or indirect
 * shots miss, flamethrower teardrops, and area weapons interrupting a move (§8, §9, §12).
 */
import { describe, expect, it } from "vitest";
import { judgeFire } from "../../../src/rules/judge";
import { type Ow2FireDeclaration, operationWw2 } from "../../../src/rules/operation-ww2";
import { loadOw2Tables, type Ow2TableData, TABLE_FILES } from "../../../src/rules/operation-ww2/tables";
import type { Ow2GameState } from "../../../src/rules/operation-ww2/types";
import type { FireResult } from "../../../src/rules/ruleset";
import { type Placed, scenario, testHouse } from "../../helpers/scene";
import { scriptedDice } from "./fakes";
import { type Table, tableFor } from "./table";

type Features = Parameters<typeof scenario>[0];
const ger = (id: string, x: number, z = 60, extra: Partial<Placed> = {}): Placed => ({
  id,
  model: "ger-rifleman",
  position: [x, z],
  side: "B",
  unit: "ger",
  ...extra,
});
const steps = (r: FireResult) => r.details.steps.map((s) => s.text).join("\n");
const under = (r: { rolls: ReadonlyArray<{ reason: string }> }) => r.rolls.filter((x) => x.reason.startsWith("damage:")).map((x) => x.reason.split(" ")[1]);

/** Shipped profiles with some models' weapons replaced (a mortar team, a flamethrower, a howitzer). */
function profilesWith(edit: (p: Ow2TableData["profiles"]) => void) {
  const file = structuredClone(TABLE_FILES.find((f) => f.table === "profiles")!) as { data: Ow2TableData["profiles"] };
  edit(file.data);
  const result = loadOw2Tables([{ ...TABLE_FILES.find((f) => f.table === "profiles")!, data: file.data }]);
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.tables;
}

async function fire(
  features: Features,
  models: Placed[],
  declaration: Ow2FireDeclaration,
  dice: number[],
  setup: { game?: Ow2GameState; tables?: ReturnType<typeof profilesWith> } = {},
) {
  const t: Table = await tableFor(scenario(features, models), { ...(setup.game ? { game: setup.game } : {}) });
  const ctx = setup.tables ? operationWw2.createContext({ ...t.ctx }, { tables: setup.tables, ...(setup.game ? { game: setup.game } : {}) }) : t.ctx;
  const v = judgeFire(operationWw2, declaration, ctx, t.sight);
  if (!v.valid) throw new Error(`invalid: ${JSON.stringify(v.rulings)} ${JSON.stringify(v.firers.map((f) => [f.rulings, f.shots.map((s) => s.rulings)]))}`);
  return operationWw2.resolveFire(declaration, v, scriptedDice(dice), ctx, t.geometry);
}

const sherman: Placed = { id: "sherman", model: "us-sherman-m4", position: [30, 60], heading: 90, side: "A" };
const exposed = { models: { sherman: { commanderExposed: true } } };

describe("a blast template fired directly (§8.1)", () => {
  it("lands centred on the aimed model and hits every model even partly under it", async () => {
    // T5: the base 4 cm away touches it, the one 12 cm away does not.
    const r = await fire(
      [],
      [sherman, ger("ger-1", 80), ger("ger-2", 84), ger("ger-3", 92)],
      { shooter: "sherman", target: "ger-1", ammunition: "HE" },
      [8, 10, 10],
      { game: exposed },
    );
    expect(steps(r)).toMatch(/the template is centred on ger-1 \(|the template is centred on ger-1/);
    expect(under(r)).toEqual(["ger-1", "ger-2"]);
    expect(r.outcomes.map((o) => [o.model, o.effect])).toEqual([
      ["ger-1", "casualty"],
      ["ger-2", "casualty"],
    ]);
  });

  it("a miss of a direct-fire shell has no effect, no scatter (§8.2)", async () => {
    const r = await fire([], [sherman, ger("ger-1", 80)], { shooter: "sherman", target: "ger-1", ammunition: "HE" }, [3], { game: exposed });
    expect(r.rolls).toHaveLength(1);
    expect(steps(r)).toMatch(/explodes harmlessly nearby: no scatter/);
    expect(r.outcomes).toEqual([]);
  });
});

describe("a blast at a building (§8.3)", () => {
  const house = testHouse({ openings: [{ id: "door", type: "door", wall: 3, floor: 0, offset: 10, width: 3, height: 4.5 }] });
  // A squad: one man 3 cm inside the door, one above him upstairs, one outside against the wall (who
  // gets the squad spotted).
  const models = [
    sherman,
    ger("inside", 100.3 + 3 + 1.25, 60, { floor: { building: "house", level: 0 } }),
    ger("upstairs", 104.55, 60, { floor: { building: "house", level: 1 } }),
    ger("outside", 98, 63.5),
  ];

  it("goes on the outer wall at the point nearest the target, at his floor", async () => {
    const r = await fire([house], models, { shooter: "sherman", target: "inside", ammunition: "HE" }, [9, 1, 1], { game: exposed });
    expect(steps(r)).toMatch(/sight reaches only 5 cm into house: the template goes on its outer wall at the point nearest inside/);
    expect(under(r).sort()).toEqual(["inside", "outside"]);
  });

  it("a shell of 105 mm or more also rolls on the building demolition table (§12.2)", async () => {
    const tables = profilesWith((p) => {
      p.models["us-sherman-m4"]!.weapons["main-gun"] = { profile: "howitzer-105", arc: 180, mount: "turret" };
    });
    // Hit; two damage rolls of 2 (pinned in cover, killed in the open); demolition 10 on a large
    // two-storey house: every unit inside tests training.
    const r = await fire([house], models, { shooter: "sherman", target: "inside" }, [9, 2, 2, 10, 2], { game: exposed, tables });
    expect(steps(r)).toMatch(/building demolition \(105 mm at the large house\): 10 → training-test/);
    expect(r.rolls.at(-1)!.reason).toBe("training test: unit-ger in a shaken building (4+)");
    // The unit fails (2 < 4+): its models inside are pinned, the one outside is not.
    expect(r.outcomes.map((o) => [o.model, o.effect])).toEqual([
      ["inside", "pinned"],
      ["outside", "casualty"],
      ["upstairs", "pinned"],
    ]);
  });
});

describe("grenades (§8.2, §9.2)", () => {
  const thrower: Placed = { id: "gi", model: "us-rifleman", position: [80, 60], side: "A" };

  it("a miss scatters: the die's point and value × the band (×1 within 30 cm)", async () => {
    // Miss (2); bearing 90° (towards +x), 5 on the scatter die: it lands 5 cm east of the target, on his
    // mate; the target's base edge is then 3.75 cm from the centre, outside the T(3).
    const r = await fire([], [thrower, ger("ger-1", 90), ger("ger-2", 95.5)], { shooter: "gi", target: "ger-1", weapon: "hand-grenade" }, [2, 90, 5, 10]);
    expect(steps(r)).toMatch(/scatters 5 cm towards 90° \(5 × 1; 7\.5 cm from the firer: ×1\)/);
    expect(under(r)).toEqual(["ger-2"]);
  });

  it("a scatter roll of 1 or 2 has no effect", async () => {
    const r = await fire([], [thrower, ger("ger-1", 90)], { shooter: "gi", target: "ger-1", weapon: "hand-grenade" }, [2, 200, 2]);
    expect(steps(r)).toMatch(/2 on the scatter die, the shot has no effect/);
    expect(r.outcomes).toEqual([]);
  });

  it("interrupting a move, a T(3) hits 1d10 − 5 models, at least one (§8.5)", async () => {
    const r = await fire(
      [],
      [thrower, ger("ger-1", 90), ger("ger-2", 90, 64), ger("ger-3", 90, 68)],
      { shooter: "gi", target: "ger-1", weapon: "hand-grenade", order: "ambush", interruptingMove: true },
      [8, 3, 10],
    );
    expect(steps(r)).toMatch(/interrupting the move with T3: 3 −5 \(at least 1\) = 1 models hit/);
    expect(r.outcomes).toHaveLength(1);
  });
});

describe("indirect fire (§9)", () => {
  const mortarTables = profilesWith((p) => {
    p.models["us-30cal-team"]!.weapons["team-weapon"] = { profile: "medium-mortar", arc: 180, mount: "tripod" };
  });
  const mortar: Placed = { id: "mortar", model: "us-30cal-team", position: [20, 60], heading: 90, side: "A" };

  it("a miss scatters by the range band: 80 cm is ×3", async () => {
    // Miss (4); bearing 360 = 0° (towards +z); 4 × 3 = 12 cm.
    const r = await fire([], [mortar, ger("ger-1", 100), ger("ger-2", 100, 72)], { shooter: "mortar", target: "ger-1", indirect: true }, [4, 360, 4, 9], {
      tables: mortarTables,
    });
    expect(steps(r)).toMatch(/scatters 12 cm towards 0° \(4 × 3; 76\.\d cm from the firer: ×3\)/);
    expect(under(r)).toEqual(["ger-2"]);
  });

  it("a roof stops the shell; 105 mm and more roll on the roof table (§9.3, §12.3)", async () => {
    const tables = profilesWith((p) => {
      p.models["us-30cal-team"]!.weapons["team-weapon"] = { profile: "howitzer-105", arc: 180, mount: "tripod" };
    });
    const cottage = {
      id: "cottage",
      kind: "building" as const,
      footprint: [
        [95, 55],
        [105, 55],
        [105, 65],
        [95, 65],
      ] as [number, number][],
      floors: 1,
      openings: [],
    };
    // On target (9); the roof roll 2 on a small cottage: it holds, nobody inside is hurt.
    const r = await fire(
      [cottage],
      [mortar, ger("inside", 100, 60, { floor: { building: "cottage", level: 0 } })],
      { shooter: "mortar", target: "inside", indirect: true, targetSeenAtOrder: false },
      [9, 2],
      { tables },
    );
    expect(steps(r)).toMatch(/shielded by a roof or floor: inside/);
    expect(steps(r)).toMatch(/roof demolition \(105 mm on the small cottage\): 2 → the roof holds/);
    expect(r.outcomes).toEqual([]);
  });
});

describe("a flamethrower (§8.6)", () => {
  it("rolls to hit every model its teardrop touches, and damage ignores cover", async () => {
    const tables = profilesWith((p) => {
      p.models["us-rifleman"]!.carried = ["light-flamethrower"];
    });
    const flamer: Placed = { id: "flamer", model: "us-rifleman", position: [80, 60], heading: 90, side: "A" };
    const woods = {
      id: "bois",
      kind: "woods" as const,
      outline: [
        [84, 40],
        [120, 40],
        [120, 80],
        [84, 80],
      ] as [number, number][],
      height: 8,
    };
    const r = await fire(
      [woods],
      [flamer, ger("ger-1", 86), ger("ger-2", 90), ger("far", 100)],
      { shooter: "flamer", target: "ger-1", weapon: "light-flamethrower" },
      [7, 9, 6, 9],
      { tables },
    );
    expect(steps(r)).toMatch(/the L12 flamethrower template is laid from flamer towards ger-1; it touches ger-1, ger-2/);
    expect(steps(r)).toMatch(/ger-1 hit by the Light flamethrower of flamer: damage 9 on the small-arms infantry column \(killed\), in the open → killed/);
    expect(r.outcomes.map((o) => o.model)).toEqual(["ger-1", "ger-2"]);
  });
});
