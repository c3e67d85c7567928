/**
 * Night fighting's other rules (000 l.1015–1035): a vehicle moving faster than slow puts its commander out
 * (l.1021); searchlights light a unit in sight, spotted with the day values, and their own unit is spotted within
 * 200 cm (l.1029); flares light a unit on 7+ (l.1033). Searchlights and flares are options (l.1009–1011, l.1025).
 */
import { describe, expect, it } from "vitest";
import { takeAction } from "../../../src/rules/operation-ww2/actions";
import { moveVerdict } from "../../../src/rules/operation-ww2/movement";
import { NEW_PLAY } from "../../../src/rules/operation-ww2/play";
import { spottingDistance } from "../../../src/rules/operation-ww2/spotting";
import type { Ow2Play } from "../../../src/rules/operation-ww2/types";
import type { ActionRequest } from "../../../src/rules/ruleset";
import type { Placed } from "../../helpers/scene";
import { contextFor, fakeReport, scriptedDice } from "./fakes";

const MODELS: Placed[] = [
  { id: "light", model: "us-rifleman", position: [20, 20], side: "A", unit: "light" },
  { id: "ger", model: "ger-rifleman", position: [120, 20], side: "B", unit: "ger" },
  { id: "tank", model: "ger-panzer-iv", position: [20, 100], heading: 90, side: "B", unit: "tank" },
];
const ctxWith = (play: Partial<Ow2Play> = {}, options = { searchlights: true, flares: true }, night = true) =>
  contextFor(MODELS, { night, options, game: { phase: "orders", play: { ...NEW_PLAY, ...play } } });
const sees = (visible: boolean) => ({ sight: (r: { shooter: string; target: string }) => fakeReport(r, { anyVisible: visible }) });
const act = (action: string, rolls: number[], ctx = ctxWith(), visible = true) =>
  takeAction({ action, unit: "unit-light", target: "unit-ger" } as ActionRequest, scriptedDice(rolls), ctx, sees(visible));
const playOf = (r: ReturnType<typeof act>) => (r.details as { play: Partial<Ow2Play> }).play;
const spotGer = (ctx: ReturnType<typeof ctxWith>) =>
  spottingDistance(ctx, { spotter: ctx.models.get("light")!, target: ctx.models.get("ger")!, targetInCover: false });

describe("night fighting (000 l.1015–1035)", () => {
  it("a tank moving past its slow rate at night needs its commander out (l.1021); by day only past its charge rate", () => {
    const drive = (cm: number, night: boolean) =>
      moveVerdict(
        {
          model: "tank",
          path: [
            [20, 100],
            [20 + cm, 100],
          ],
        },
        ctxWith({}, undefined, night),
      ).rulings.map((r) => r.rule);
    expect(drive(20, true)).toContain("000 l.1021");
    expect(drive(15, true)).not.toContain("000 l.1021");
    expect(drive(20, false)).not.toContain("000 l.640–645");
  });

  it("a searchlight lights a unit it sees: spotted with the day values; its own unit is spotted within 200 cm (l.1029)", () => {
    const r = act("searchlight", []);
    expect(playOf(r)).toEqual({ lit: { "unit-ger": "searchlight" }, searchlights: ["unit-light"] });
    const dark = spotGer(ctxWith());
    const lit = spotGer(ctxWith(playOf(r)));
    expect(lit.base).toBeGreaterThan(dark.base);
    expect(lit.rulings[0]!.reason).toContain("lit: day values");
    const ctx = ctxWith(playOf(r));
    const onLight = spottingDistance(ctx, { spotter: ctx.models.get("ger")!, target: ctx.models.get("light")!, targetInCover: false });
    expect(onLight.distance).toBe(200);
  });

  it("a searchlight needs night, the option and sight of the target", () => {
    expect(act("searchlight", [], ctxWith({}, undefined, false)).refused?.[0]?.rule).toBe("000 l.1025");
    expect(act("searchlight", [], ctxWith({}, { searchlights: false, flares: true })).refused?.[0]?.rule).toBe("000 l.1009–1011, l.1025");
    expect(act("searchlight", [], ctxWith(), false).refused?.[0]?.rule).toBe("000 l.1029");
  });

  it("a flare lights its target on 7+ (l.1033), a 6 scatters it", () => {
    expect(playOf(act("flare", [7]))).toEqual({ lit: { "unit-ger": "flare" } });
    const miss = act("flare", [6]);
    expect(playOf(miss)).toEqual({});
    expect(miss.summary).toContain("scatters");
  });
});
