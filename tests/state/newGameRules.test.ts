/** A new game under a chosen rule system: its id and version in the header, its scale, its way of writing distances. */
import { describe, expect, it } from "vitest";
import { BATTLEFIELDS, DEFAULT_BATTLEFIELD } from "../../src/state/battlefields";
import { distanceFormat } from "../../src/state/distances";
import { defaultRuleset, gameOn, ownRuleset } from "../../src/state/game";

/** The default battlefield as a file that names no scale. */
const { scale: _scale, ...unscaled } = DEFAULT_BATTLEFIELD as { scale?: string };

describe("a new game's rules", () => {
  it("Flames of War: 15 mm on a battlefield that names no scale", () => {
    const game = gameOn(unscaled, defaultRuleset("flames-of-war"));
    expect(game.ok && game.log.header.ruleset).toMatchObject({ id: "flames-of-war", version: "2015", options: {} });
    expect(game.ok && game.log.header.scenario.scale).toBe("15mm");
  });

  it("the shipped battlefields are laid out for 28 mm figures and say so: Flames of War plays them at 28 mm", async () => {
    // At 15 mm their 2 cm hedges and 1.8 cm walls stand over 1.4 cm figures and hide nearly every target.
    for (const b of BATTLEFIELDS.filter((x) => x.id !== "empty")) {
      const game = gameOn(await b.load(), defaultRuleset("flames-of-war"));
      expect(game.ok && game.log.header.scenario.scale, b.id).toBe("28mm");
    }
  });

  it("a battlefield's own scale stays; Operation WW2 by default, at 28 mm", () => {
    const named = gameOn({ ...unscaled, scale: "28mm" }, defaultRuleset("flames-of-war"));
    expect(named.ok && named.log.header.scenario.scale).toBe("28mm");
    const standard = gameOn(DEFAULT_BATTLEFIELD);
    expect(standard.ok && [standard.log.header.ruleset.id, standard.log.header.scenario.scale]).toEqual(["operation-ww2", "28mm"]);
  });

  it("a battlefield that names its rule system starts under it, unless another is chosen; one this app lacks falls back", () => {
    const own = gameOn({ ...(DEFAULT_BATTLEFIELD as object), ruleset: { id: "bolt-action" } });
    expect(own.ok && own.log.header.ruleset).toMatchObject({ id: "bolt-action", version: defaultRuleset("bolt-action").version });
    const versioned = gameOn({ ...(DEFAULT_BATTLEFIELD as object), ruleset: { id: "operation-ww2", version: "v1" } });
    expect(versioned.ok && versioned.log.header.ruleset.version).toBe("v1");
    const chosen = gameOn({ ...(DEFAULT_BATTLEFIELD as object), ruleset: { id: "bolt-action" } }, defaultRuleset("battleground"));
    expect(chosen.ok && chosen.log.header.ruleset.id).toBe("battleground");
    expect(ownRuleset({ ruleset: { id: "chess" } })).toBeUndefined();
    const unknown = gameOn({ ...(DEFAULT_BATTLEFIELD as object), ruleset: { id: "chess" } });
    expect(unknown.ok && unknown.log.header.ruleset.id).toBe("operation-ww2");
  });

  it("refuses an unknown rule system, naming the known ones", () => {
    expect(() => gameOn(DEFAULT_BATTLEFIELD, defaultRuleset("chess"))).toThrow(
      /unknown rule system "chess"; the rule systems are operation-ww2, battleground, bolt-action, flames-of-war/,
    );
  });

  it("distances: Flames of War in its source's pairs whatever the toggle; others in the chosen unit", () => {
    expect(distanceFormat("flames-of-war", "cm")(40)).toBe('16"/40 cm');
    expect(distanceFormat("flames-of-war", "in")(15)).toBe('6"/15 cm');
    expect(distanceFormat("operation-ww2", "cm")(40)).toBe("40.0 cm");
    expect(distanceFormat("operation-ww2", "in")(25.4)).toBe('10.0"');
  });
});
