/**
 * Craters under Operation WW2: neither source gives them cover. v1 (000) and v2.0 (004) never mention a
 * crater or shell hole (kráter, tölcsér, gödör); the terrain table (000 l.154–164) is given only as its
 * legend, and cover comes from walls and hedges on the line (000 l.210) and from area terrain: woods,
 * buildings, ruins (000 l.192–193). So a man standing in a crater is in the open under the shipped table, and
 * the sight engine's fact (he stands in crater-1) reaches the ruling only through a club's own cover table.
 */
import { describe, expect, it } from "vitest";
import { coverOf } from "../../../src/rules/operation-ww2/cover";
import { loadOw2Tables, type Ow2TableData, TABLE_FILES } from "../../../src/rules/operation-ww2/tables";
import { sightReport } from "../../../src/sight/lineOfSight";
import { type Placed, world } from "../../helpers/scene";
import { contextFor } from "./fakes";

const crater = { id: "crater-1", kind: "crater" as const, at: [80, 60] as [number, number], radius: 4, depth: 1 };
const models: Placed[] = [
  { id: "us", model: "us-rifleman", position: [30, 60], heading: 90, side: "A" },
  { id: "ger", model: "ger-rifleman", position: [80, 60], heading: -90, side: "B" },
];

describe("a man in a crater (Operation WW2)", () => {
  it("is reported in the crater by the sight engine, and in the open by the shipped cover table", async () => {
    const report = sightReport(await world([crater], models), "us", "ger");
    expect(report.areas).toContainEqual(expect.objectContaining({ id: "crater-1", kind: "crater", targetInside: true }));
    expect(coverOf(report, contextFor(models, { features: [crater] })).class).toBe("open");
  });

  it("gets the class a club's cover table gives craters", async () => {
    const file = TABLE_FILES.find((f) => f.table === "cover")!;
    const data = structuredClone(file.data) as Ow2TableData["cover"];
    data.crater = { class: "medium", basis: "sample" };
    const loaded = loadOw2Tables([{ ...file, data }]);
    if (!loaded.ok) throw new Error(loaded.errors.join("\n"));
    const report = sightReport(await world([crater], models), "us", "ger");
    const cover = coverOf(report, contextFor(models, { features: [crater], tables: loaded.tables }));
    expect(cover.class).toBe("medium");
    expect(cover.sources[0]!.reason).toBe("medium cover: stands in crater crater-1 (sample value)");
  });
});
