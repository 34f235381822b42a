import { createHash } from 'node:crypto';
import path from 'node:path';
import { normalizeIP } from '@fastify/rate-limit';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import type { Config } from '../config';

// The one home of request-rate counting. Every limit of the API and of the sites (sign-ups,
// sign-ins, guests, deploys, password resets, the AI proxy, window.storage) counts here:
// in Redis when REDIS_URL is set, so every web node spends one budget, and in this
// process otherwise. Counts are fixed windows: a window opens with a key's first request
// and closes `windowMs` later, whatever came in between.

/** A named budget: at most `max` units per `windowMs` for each key. */
export interface RateWindow {
  /** Tells budgets apart in storage; two limits with one name share their counts. */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Units counted in the window, this request included (refused: what it would have made). */
  count: number;
  /** Milliseconds until the window closes and the budget is whole again. */
  retryAfterMs: number;
}

export interface RateCounter {
  /**
   * Spends `cost` units (one request unless an upload counts its bytes) of `key`'s budget.
   * A refused request spends nothing, so a client hammering at the limit does not push it.
   */
  take(limit: RateWindow, key: string, cost?: number): Promise<RateVerdict>;
  close(): Promise<void>;
}

/**
 * The address a limit counts: an IPv6 client is its /64, since one household or server holds
 * a whole /64 and could otherwise take a new address per attempt; an IPv4-mapped IPv6 address
 * is the IPv4 address. The API and the sites key on this alike.
 */
export function normalAddress(ip: string): string {
  return normalizeIP(ip);
}

const MAX_MEMORY_KEYS = 50_000;

/** The counts of one process. */
export class MemoryRateCounter implements RateCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  take(limit: RateWindow, key: string, cost = 1, now = Date.now()): Promise<RateVerdict> {
    return Promise.resolve(this.takeNow(limit, key, cost, now));
  }

  takeNow(limit: RateWindow, key: string, cost = 1, now = Date.now()): RateVerdict {
    const id = `${limit.name}:${key}`;
    let window = this.windows.get(id);
    if (!window || window.endsAt <= now) {
      this.windows.delete(id);
      window = { count: 0, endsAt: now + limit.windowMs };
      // Oldest first: a flood of new keys forgets the stalest, never the whole table.
      if (this.windows.size >= MAX_MEMORY_KEYS)
        this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(id, window);
    }
    const retryAfterMs = window.endsAt - now;
    if (window.count + cost > limit.max) {
      return { allowed: false, count: window.count + cost, retryAfterMs };
    }
    window.count += cost;
    return { allowed: true, count: window.count, retryAfterMs };
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }
}

// One round trip, atomic on the Redis server: two nodes asking at once cannot both take
// the last unit. The window's expiry is set by the request that opens it.
const TAKE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
if current + cost > max then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = window end
  return {0, current + cost, ttl}
end
current = redis.call('INCRBY', KEYS[1], cost)
if current == cost then redis.call('PEXPIRE', KEYS[1], window) end
return {1, current, redis.call('PTTL', KEYS[1])}
`;

const CONNECT_TIMEOUT_MS = 5000;

/**
 * The prefix of this installation's keys. Two installations may share a Redis server (two
 * test runs on one machine, staging beside production) but never a database, so the prefix
 * is derived from the database the installation uses: its URL (with its schema), or the
 * SQLite file's folder.
 */
export function redisKeyPrefix(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  const identity = config.databaseUrl ?? `sqlite:${path.resolve(config.dataDir)}`;
  return `ah:${createHash('sha256').update(identity).digest('hex').slice(0, 16)}:rate:`;
}

function redisClient(url: string) {
  // No offline queue: a count that waits for Redis would hold the request; memory answers.
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS },
  });
}

/** Counts in Redis; while Redis cannot be reached, this node counts alone in memory. */
export class RedisRateCounter implements RateCounter {
  private readonly fallback = new MemoryRateCounter();
  private down = false;

  private constructor(
    private readonly client: ReturnType<typeof redisClient>,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {
    client.on('error', (err: Error) => this.noteDown(err));
    client.on('ready', () => {
      if (this.down) this.log.info('Redis is back: rate limits count across every node again');
      this.down = false;
    });
  }

  static async connect(url: string, prefix: string, log: Logger): Promise<RedisRateCounter> {
    const client = redisClient(url);
    const counter = new RedisRateCounter(client, prefix, log);
    try {
      await client.connect();
    } catch (err) {
      client.destroy();
      throw new Error(`Could not reach Redis at REDIS_URL: ${(err as Error).message}`);
    }
    return counter;
  }

  async take(limit: RateWindow, key: string, cost = 1): Promise<RateVerdict> {
    try {
      const reply = (await this.client.eval(TAKE_SCRIPT, {
        keys: [`${this.prefix}${limit.name}:${key}`],
        arguments: [String(cost), String(limit.max), String(limit.windowMs)],
      })) as [number, number, number];
      return { allowed: reply[0] === 1, count: reply[1], retryAfterMs: Math.max(0, reply[2]) };
    } catch (err) {
      this.noteDown(err as Error);
      return this.fallback.take(limit, key, cost);
    }
  }

  // One line per outage, not one per request.
  private noteDown(err: Error): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { reason: err.message },
      'lost Redis: each node counts rate limits on its own until it is back',
    );
  }

  async close(): Promise<void> {
    await this.fallback.close();
    await this.client.close().catch(() => undefined);
  }
}

/** In Redis when REDIS_URL is set, in this process otherwise. */
export async function createRateCounter(
  config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'dataDir'>,
  log: Logger,
): Promise<RateCounter> {
  if (!config.redisUrl) return new MemoryRateCounter();
  return RedisRateCounter.connect(config.redisUrl, redisKeyPrefix(config), log);
}
