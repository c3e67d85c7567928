/**
 * Names from a file reach the terminal as text, never as commands to it (issue 19 B, point 8): a battlefield
 * whose name and ids hold escape sequences (set the window title, clear the screen) and C1 and bidirectional
 * controls prints them escaped, on stdout and stderr alike, through the one helper every command uses.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { printable } from "../../src/cli/common";
import { run, SPAWN_TIMEOUT } from "./run";

const TITLE = "\u001b]0;pwned\u0007";
const CLEAR = "\u001b[2J\u001b[H";
/** A raw terminal control: anything printable() escapes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("printable", () => {
  it("writes every terminal control out as an escape a person reads, and leaves line breaks, tabs and accents", () => {
    expect(printable(`Ferme ${TITLE}Lebrun${CLEAR}`)).toBe("Ferme \\x1b]0;pwned\\x07Lebrun\\x1b[2J\\x1b[H");
    expect(printable("a\u009b31mb\u202ec\r")).toBe("a\\x9b31mb\\u202ec\\x0d");
    expect(printable("Sd.Kfz. 251\tGrenadier\nÉcole")).toBe("Sd.Kfz. 251\tGrenadier\nÉcole");
  });
});

describe("the commands print names escaped", { timeout: SPAWN_TIMEOUT * 2 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "hulldown-escapes-"));
  const battlefield = (extra: object) => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        format: "hulldown-scenario",
        version: 1,
        name: `Ferme ${TITLE}Lebrun${CLEAR}`,
        forces: [{ id: "us", side: "US", units: [{ id: "u", models: [{ id: "a", model: "us-rifleman", position: [20, 20] }] }] }],
        ...extra,
      }),
    );
    return file;
  };

  it("validate's OK line on stdout and its problems on stderr hold no raw control", async () => {
    const [ok, bad] = await Promise.all([
      run("validate", [battlefield({})]),
      run("validate", [
        battlefield({
          features: [
            { id: `w${TITLE}`, kind: "smoke", at: [9, 9], radius: 2 },
            { id: `w${TITLE}`, kind: "smoke", at: [5, 5], radius: 2 },
          ],
        }),
      ]),
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("OK: Ferme \\x1b]0;pwned\\x07Lebrun\\x1b[2J\\x1b[H");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('id "w\\x1b]0;pwned\\x07" is already used');
    for (const out of [ok.stdout, ok.stderr, bad.stdout, bad.stderr]) expect(out).not.toMatch(RAW_CONTROL);
  });

  it("a one-line error naming a model id from the command line is escaped too", async () => {
    const r = await run("los", [battlefield({}), "a", `b${CLEAR}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("b\\x1b[2J\\x1b[H");
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });
});
