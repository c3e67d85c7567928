/**
 * The teardrops a player may lay by hand come from the game's rule system and its tables: Operation WW2's
 * T(L) in v1, L(12) and L(24) in v2.0 (sample sizes unless the game loaded its own table); the other systems
 * lay none and say so by name.
 */
import { describe, expect, it } from "vitest";
import sampleTable from "../../src/rules/operation-ww2/tables/flamethrower-templates.sample.json";
import { flameTemplates } from "../../src/state/flameTemplates";

const ow2 = (version: string, tables: unknown[] = []) => ({ id: "operation-ww2", version, options: {}, tables }) as Parameters<typeof flameTemplates>[0];

describe("flamethrower templates", () => {
  it("are L(12) and L(24) in Operation WW2 v2.0 and T(L) in v1, marked sample", () => {
    expect(flameTemplates(ow2("v2.0"))).toEqual([
      { id: "L12", ...sampleTable.data.L12, sample: true },
      { id: "L24", ...sampleTable.data.L24, sample: true },
    ]);
    expect(flameTemplates(ow2("v1"))).toEqual([{ id: "TL", ...sampleTable.data.TL, sample: true }]);
  });

  it("take the game's own table when one was loaded, no longer sample", () => {
    const own = { ...sampleTable, sample: false, data: { ...sampleTable.data, L24: { length: 30, narrowWidth: 3, wideWidth: 9 } } };
    const templates = flameTemplates(ow2("v2.0", [own]));
    expect(templates).toContainEqual({ id: "L24", length: 30, narrowWidth: 3, wideWidth: 9, sample: false });
  });

  it("are refused by name for a system that lays none", () => {
    expect(flameTemplates({ id: "bolt-action", version: "v2", options: {}, tables: [] } as never)).toEqual({
      error: 'the rules "Bolt Action" give Hulldown no flamethrower templates',
    });
  });
});
