/**
 * The embedded store: one SQLite file under the data folder (node:sqlite, Node 22), written synchronously
 * in WAL mode, so an event is on disk before the room sends it. The (game, n) key lets only one writer
 * store each event number.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { GameEvent, GameHeader } from "../core/game/events";
import { EventNumberTaken, type LogStore, type Seat, type StoredGame, type StoredLog } from "./logStore";

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, header TEXT NOT NULL, salt TEXT NOT NULL, seats TEXT NOT NULL,
    spectator_token TEXT NOT NULL, ended INTEGER NOT NULL DEFAULT 0,
    cursor INTEGER NOT NULL DEFAULT 0, rewound INTEGER
  );
  CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (game, n)
  );`;

interface GameRow {
  id: string;
  header: string;
  salt: string;
  seats: string;
  spectator_token: string;
  ended: number;
  cursor: number;
  rewound: number | null;
}

/** The store in `<dataDir>/games.sqlite` (the folder is made when missing); ":memory:" keeps nothing. */
export function sqliteStore(dataDir: string | ":memory:"): LogStore {
  if (dataDir !== ":memory:") mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(dataDir === ":memory:" ? ":memory:" : join(dataDir, "games.sqlite"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  db.exec(SCHEMA);
  const insertGame = db.prepare("INSERT INTO games (id, header, salt, seats, spectator_token, ended) VALUES (?, ?, ?, ?, ?, ?)");
  const selectGame = db.prepare("SELECT * FROM games WHERE id = ?");
  const selectEvents = db.prepare("SELECT n, event FROM events WHERE game = ? ORDER BY n");
  const selectCursor = db.prepare("SELECT cursor FROM games WHERE id = ?");
  const deleteTail = db.prepare("DELETE FROM events WHERE game = ? AND n >= ?");
  const insertEvent = db.prepare("INSERT INTO events (game, n, event) VALUES (?, ?, ?)");
  const updateCursor = db.prepare("UPDATE games SET cursor = ? WHERE id = ?");
  const rewind = db.prepare("UPDATE games SET cursor = ?1, rewound = min(coalesce(rewound, ?1), ?1) WHERE id = ?2");
  const updateSeats = db.prepare("UPDATE games SET seats = ? WHERE id = ?");
  const updateEnded = db.prepare("UPDATE games SET ended = 1 WHERE id = ?");

  return {
    async create(game: StoredGame) {
      insertGame.run(game.id, JSON.stringify(game.header), game.salt, JSON.stringify(game.seats), game.spectatorToken, game.ended ? 1 : 0);
    },
    async load(id) {
      const row = selectGame.get(id) as GameRow | undefined;
      if (!row) return undefined;
      const events = (selectEvents.all(id) as { event: string }[]).map((e) => JSON.parse(e.event) as GameEvent);
      const log: StoredLog = {
        id: row.id,
        header: JSON.parse(row.header) as GameHeader,
        salt: row.salt,
        seats: JSON.parse(row.seats) as Seat[],
        spectatorToken: row.spectator_token,
        ended: row.ended === 1,
        events,
        cursor: row.cursor,
        ...(row.rewound !== null ? { rewound: row.rewound } : {}),
      };
      return log;
    },
    async append(id, n, event) {
      // One transaction: the cursor read and the insert see the same game, so a gap is as refused as a repeat.
      db.exec("BEGIN IMMEDIATE");
      try {
        const cursor = (selectCursor.get(id) as { cursor: number } | undefined)?.cursor;
        if (cursor !== n) throw new EventNumberTaken(`game ${id} is at event ${cursor ?? "(none: no such game)"}; event ${n} cannot be stored`);
        deleteTail.run(id, n);
        insertEvent.run(id, n, JSON.stringify(event));
        updateCursor.run(n + 1, id);
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    async setSeats(id, seats) {
      updateSeats.run(JSON.stringify(seats), id);
    },
    async setCursor(id, cursor) {
      rewind.run(cursor, id);
    },
    async end(id) {
      updateEnded.run(id);
    },
    close: () => db.close(),
  };
}
