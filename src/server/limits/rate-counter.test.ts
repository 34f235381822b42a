import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterUnavailable, CLUSTER_REDIS_URL } from '../../../test/cluster';
import { createLogger } from '../logger';
import {
  MemoryRateCounter,
  normalAddress,
  RedisRateCounter,
  redisKeyPrefix,
  type RateCounter,
} from './rate-counter';

const log = createLogger('silent');
const LIMIT = { name: 'test', max: 10, windowMs: 60_000 };

describe('normalAddress', () => {
  it('counts an IPv6 client as its /64 and an IPv4-mapped address as IPv4', () => {
    expect(normalAddress('2001:db8:1:2:aaaa::1')).toBe(normalAddress('2001:db8:1:2:ffff::9'));
    expect(normalAddress('2001:db8:1:2::1')).not.toBe(normalAddress('2001:db8:1:3::1'));
    expect(normalAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(normalAddress('203.0.113.5')).toBe('203.0.113.5');
  });
});

describe('the in-process rate counter', () => {
  it('allows max units a window, refuses the rest without spending, then opens a new window', () => {
    const counter = new MemoryRateCounter();
    const at = 1_000_000;
    for (let i = 0; i < 10; i++) expect(counter.takeNow(LIMIT, 'k', 1, at).allowed).toBe(true);
    expect(counter.takeNow(LIMIT, 'k', 1, at + 10)).toEqual({
      allowed: false,
      count: 11,
      retryAfterMs: 59_990,
    });
    expect(counter.takeNow(LIMIT, 'other', 1, at).allowed).toBe(true);
    expect(counter.takeNow(LIMIT, 'k', 1, at + 60_000).allowed).toBe(true);
    // A cost larger than what is left is refused and leaves the rest for smaller ones.
    expect(counter.takeNow(LIMIT, 'bytes', 8, at).allowed).toBe(true);
    expect(counter.takeNow(LIMIT, 'bytes', 5, at).allowed).toBe(false);
    expect(counter.takeNow(LIMIT, 'bytes', 2, at).allowed).toBe(true);
  });
});

const unavailable = await clusterUnavailable();

describe.skipIf(unavailable !== null)('the rate counter over Redis', () => {
  const counters: RateCounter[] = [];
  afterAll(async () => {
    for (const counter of counters) await counter.close();
  });
  const connect = async (prefix: string) => {
    const counter = await RedisRateCounter.connect(CLUSTER_REDIS_URL, prefix, log);
    counters.push(counter);
    return counter;
  };

  it('lets two nodes at once take the budget exactly once, and keeps installations apart', async () => {
    const prefix = `test:${randomUUID()}:`;
    const [a, b] = [await connect(prefix), await connect(prefix)];
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take(LIMIT, 'one address')),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    const refused = verdicts.find((v) => !v.allowed)!;
    expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Another installation on the same Redis has counts of its own.
    const elsewhere = await connect(`test:${randomUUID()}:`);
    expect((await elsewhere.take(LIMIT, 'one address')).allowed).toBe(true);
  });

  it('derives the key prefix from the database, so installations sharing a Redis differ', () => {
    const one = redisKeyPrefix({ databaseUrl: 'postgres://db/app?options=a', dataDir: '/d' });
    const two = redisKeyPrefix({ databaseUrl: 'postgres://db/app?options=b', dataDir: '/d' });
    expect(one).not.toBe(two);
    expect(redisKeyPrefix({ databaseUrl: null, dataDir: '/a' })).not.toBe(
      redisKeyPrefix({ databaseUrl: null, dataDir: '/b' }),
    );
    expect(one).toMatch(/^ah:[0-9a-f]{16}:rate:$/);
  });

  it('counts in this process while Redis is unreachable', async () => {
    const counter = await connect(`test:${randomUUID()}:`);
    await (counter as unknown as { client: { destroy(): void } }).client.destroy();
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => counter.take(LIMIT, 'k')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
  });
});
