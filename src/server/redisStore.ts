/**
 * The shared store, for several server processes behind one Redis: a game is a hash (the header with the
 * real seed, the salt kept apart, the seats, the cursor) and a list of its events. Each change runs as one
 * Lua script, so the cursor check and the write are one step in Redis: of two processes appending the same
 * event number, one wins and the other is told EventNumberTaken, as with the SQLite store.
 */
import { Redis } from "ioredis";
import type { GameEvent, GameHeader } from "../core/game/events";
import { EventNumberTaken, type LogStore, type Seat, type StoredGame, type StoredLog } from "./logStore";

const gameKey = (id: string) => `hulldown:game:${id}`;
const eventsKey = (id: string) => `hulldown:events:${id}`;

/** KEYS: game; ARGV: field, value, …. A game id is made once: a second create of it is refused. */
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1`;

/**
 * KEYS: game, events; ARGV: n, event. Stores event n when n is the cursor, dropping the undone events from
 * n on. Answers -1 (no such game), the cursor (n is not it), or "ok".
 */
const APPEND = `
local cursor = redis.call('HGET', KEYS[1], 'cursor')
if not cursor then return -1 end
local n = tonumber(ARGV[1])
if tonumber(cursor) ~= n then return tonumber(cursor) end
if n == 0 then redis.call('DEL', KEYS[2]) else redis.call('LTRIM', KEYS[2], 0, n - 1) end
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('HSET', KEYS[1], 'cursor', n + 1)
return 'ok'`;

/** KEYS: game; ARGV: field, value. Sets a field of a game the store has: HSET alone would make a game. */
const UPDATE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

/** KEYS: game; ARGV: cursor. An agreed undo, remembering the lowest cursor one ever went back to. */
const REWIND = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local cursor = tonumber(ARGV[1])
local rewound = tonumber(redis.call('HGET', KEYS[1], 'rewound'))
if rewound == nil or cursor < rewound then redis.call('HSET', KEYS[1], 'rewound', cursor) end
redis.call('HSET', KEYS[1], 'cursor', cursor)
return 1`;

/** Why the Redis at `url` cannot be used (it does not answer a PING within 3 s), or undefined when it can. */
export async function redisProblem(url: string): Promise<string | undefined> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The connection's own error ("connect ECONNREFUSED …") says more than the rejected call's.
  let refused: Error | undefined;
  probe.on("error", (error: Error) => {
    refused = error;
  });
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (error) {
    return (refused ?? (error as Error)).message;
  } finally {
    probe.disconnect();
  }
}

/** The store in the Redis at `url` (redis://host:port/db); games are kept under the keys hulldown:*. */
export function redisStore(url: string): LogStore {
  const redis = new Redis(url, { lazyConnect: false });
  const noGame = (id: string) => new Error(`there is no game "${id}" in the Redis store`);
  // Writes to a game the store does not have are refused, not made into a game of one field.
  const update = async (id: string, field: string, value: string) => {
    if ((await redis.eval(UPDATE, 1, gameKey(id), field, value)) !== 1) throw noGame(id);
  };
  return {
    async create(game: StoredGame) {
      const fields = {
        header: JSON.stringify(game.header),
        salt: game.salt,
        seats: JSON.stringify(game.seats),
        spectatorToken: game.spectatorToken,
        ended: game.ended ? "1" : "0",
        cursor: "0",
      };
      const made = await redis.eval(CREATE, 1, gameKey(game.id), ...Object.entries(fields).flat());
      if (made !== 1) throw new Error(`game "${game.id}" is already in the Redis store`);
    },
    async load(id) {
      // One transaction: the hash and the list are read as one moment of the game.
      const answers = await redis.multi().hgetall(gameKey(id)).lrange(eventsKey(id), 0, -1).exec();
      if (!answers) throw new Error(`reading game "${id}" from Redis was interrupted`);
      for (const [error] of answers) if (error) throw error;
      const row = answers[0]![1] as Record<string, string>;
      if (row.header === undefined) return undefined;
      const log: StoredLog = {
        id,
        header: JSON.parse(row.header) as GameHeader,
        salt: row.salt!,
        seats: JSON.parse(row.seats!) as Seat[],
        spectatorToken: row.spectatorToken!,
        ended: row.ended === "1",
        events: (answers[1]![1] as string[]).map((e) => JSON.parse(e) as GameEvent),
        cursor: Number(row.cursor),
        ...(row.rewound !== undefined ? { rewound: Number(row.rewound) } : {}),
      };
      return log;
    },
    async append(id, n, event) {
      const answer = await redis.eval(APPEND, 2, gameKey(id), eventsKey(id), n, JSON.stringify(event));
      if (answer === "ok") return;
      const at = answer === -1 ? "(none: no such game)" : String(answer);
      throw new EventNumberTaken(`game ${id} is at event ${at}; event ${n} cannot be stored`);
    },
    async setCursor(id, cursor) {
      if ((await redis.eval(REWIND, 1, gameKey(id), cursor)) !== 1) throw noGame(id);
    },
    setSeats: (id, seats) => update(id, "seats", JSON.stringify(seats)),
    end: (id) => update(id, "ended", "1"),
    close: () => redis.disconnect(),
  };
}
