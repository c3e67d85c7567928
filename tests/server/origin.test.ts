/**
 * `npm start`'s one origin: the built app's files and the game server from one port. Any other path is the
 * app (its own links carry the game in the query), and nothing outside the app's folder is served.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningServer, startGameServer } from "../../src/server/gameServer";
import { sqliteStore } from "../../src/server/sqliteStore";
import { createGame, dataFolder, joinGame } from "./online";

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = await dataFolder();
  await mkdir(join(dir, "dist/assets"), { recursive: true });
  await writeFile(join(dir, "dist/index.html"), "<!doctype html><title>Hulldown</title>");
  await writeFile(join(dir, "dist/assets/app.js"), "console.log(1)");
  await writeFile(join(dir, "secret.txt"), "not the app's");
  server = await startGameServer({ port: 0, store: sqliteStore(join(dir, "data")), staticDir: join(dir, "dist") });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

it("serves the app's files, the app for any other path, and games from the same port", async () => {
  const page = await fetch(`${server.url}/?game=abc&seat=def`);
  expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(await page.text()).toContain("<title>Hulldown</title>");
  const script = await fetch(`${server.url}/assets/app.js`);
  expect([script.headers.get("content-type"), await script.text()]).toEqual(["text/javascript", "console.log(1)"]);
  expect(await (await fetch(`${server.url}/%2e%2e/secret.txt`)).text()).toContain("<title>Hulldown</title>");
  const { status, body } = await createGame(server.url);
  expect(status).toBe(201);
  const a = await joinGame(server.url, { game: body.game, token: body.seats[0]!.token });
  expect((await a.nth("welcome", 0)).side).toBe("A");
  await a.room.leave();
});

it("refuses a game it cannot make, naming what is wrong", async () => {
  const bad = await createGame(server.url, { scenario: {}, ruleset: { id: "chess", version: "1" } });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatch(/^ruleset\.id: unknown rule system "chess"; known: /);
  const notJson = await fetch(`${server.url}/games`, { method: "POST", body: "{" });
  expect(((await notJson.json()) as { error: string }).error).toMatch(/^not JSON/);
});
