/**
 * Open…'s reading of a file: a game or a battlefield becomes a game, a broken one gives every problem with
 * its path, and a file that is not text at all gets one plain sentence.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGameFile } from "../../src/state/persistence";

const battlefield = () => JSON.parse(readFileSync("src/scenarios/normandy-bocage.json", "utf8"));

describe("reading a file to open", () => {
  it("makes a new game of a battlefield file", async () => {
    const result = await readGameFile(new File([JSON.stringify(battlefield())], "bocage.json"));
    if (!result.ok) throw new Error(result.problems.join("\n"));
    expect(result.log.header.scenario.name).toBe(battlefield().name);
    expect(result.log.events).toHaveLength(0);
  });

  it("lists every problem of a battlefield with its path", async () => {
    const data = battlefield();
    data.table.width = -5;
    data.features[0].heigth = 3;
    data.forces[0].units[0].models[1].heading = "north";
    const result = await readGameFile(new File([JSON.stringify(data)], "bocage.json"));
    if (result.ok) throw new Error("expected the file to be refused");
    expect(result.problems).toHaveLength(3);
    expect(result.problems.map((p) => p.split(":")[0])).toEqual(
      expect.arrayContaining(["table.width", "features[0].heigth", "forces[0].units[0].models[1].heading"]),
    );
  });

  it("answers a binary file (a .glb model) with one plain sentence", async () => {
    const glb = new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 0x9c, 0x01, 0, 0, 0xff, 0xfe, 0x00, 0x10]);
    const result = await readGameFile(new File([glb], "sherman.glb"));
    if (result.ok) throw new Error("expected the file to be refused");
    expect(result.problems).toEqual(["sherman.glb is not a game or battlefield file: those are JSON text, and this is a binary file (a 3D model)."]);
  });

  it("says where a text file stops being JSON", async () => {
    const result = await readGameFile(new File(['{\n  "format": "hulldown-game",\n  oops\n}'], "broken.json"));
    if (result.ok) throw new Error("expected the file to be refused");
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/^broken\.json is not a game or battlefield file: it is not valid JSON \(.*line 3/);
  });
});
