/**
 * Running a command of src/cli as `npm run <command>` does (node and tsx, without npm's own output), and
 * the bad-input convention every command keeps: exit 2, nothing on stdout, one line on stderr.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Each spawn starts node, tsx and Rapier (about a second, more on a busy machine). */
export const SPAWN_TIMEOUT = 90_000;

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function run(command: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", `src/cli/${command}.ts`, ...args], { cwd: ROOT, timeout: SPAWN_TIMEOUT }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Bad input: exit code 2, nothing on stdout, exactly one line on stderr starting with the command. */
export function expectOneLineError(r: Run, command: string, ...mentions: string[]): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe("");
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]!.startsWith(`${command}: `)).toBe(true);
  expect(lines[0]).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
  for (const m of mentions) expect(lines[0]).toContain(m);
}
