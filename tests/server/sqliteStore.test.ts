/** The embedded store on disk keeps the promises of every store (storeContract) across reopening its file. */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, it } from "vitest";
import { sqliteStore } from "../../src/server/sqliteStore";
import { dataFolder } from "./online";
import { keepsEveryEventOnce } from "./storeContract";

let dir: string;
beforeAll(async () => {
  dir = await dataFolder();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it("keeps every event once, in order, and an undo's cursor, across reopening the file", () => keepsEveryEventOnce(() => sqliteStore(dir)));
