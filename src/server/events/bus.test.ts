import { afterEach, describe, expect, it } from 'vitest';
import { clusterUnavailable, CLUSTER_REDIS_URL } from '../../../test/cluster';
import { waitUntil } from '../../../test/wait';
import { createLogger } from '../logger';
import { LocalEventBus, type EventBus } from './bus';
import { RedisEventBus } from './redis-bus';
import type { AppEvents } from './types';

const log = createLogger('silent');
const changed = (siteId: string): AppEvents['site.changed'] => ({
  siteId,
  userId: 'u1',
  teamId: null,
  status: 'ACTIVE',
});

describe('the in-process event bus', () => {
  it('delivers to every handler at once, past one that throws, until unsubscribed', () => {
    const bus = new LocalEventBus(log);
    const heard: string[] = [];
    bus.on('site.changed', () => {
      throw new Error('a broken handler');
    });
    const off = bus.on('site.changed', (e) => heard.push(e.siteId));
    bus.on('site.deleted', (e) => heard.push(`deleted ${e.siteId}`));
    bus.emit('site.changed', changed('s1'));
    expect(heard).toEqual(['s1']);
    off();
    bus.emit('site.changed', changed('s2'));
    bus.emit('site.deleted', { siteId: 's3', userId: 'u1' });
    expect(heard).toEqual(['s1', 'deleted s3']);
  });

  it('brings onOwn handlers what this node emits, until unsubscribed', () => {
    const bus = new LocalEventBus(log);
    const heard: string[] = [];
    const off = bus.onOwn('site.changed', (e) => heard.push(e.siteId));
    bus.emit('site.changed', changed('s1'));
    off();
    bus.emit('site.changed', changed('s2'));
    expect(heard).toEqual(['s1']);
  });
});

const unavailable = await clusterUnavailable();

describe.skipIf(unavailable !== null)('the event bus over Redis', () => {
  const buses: EventBus[] = [];
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
  });

  it('brings every node every event, and the sender its own exactly once', async () => {
    const [a, b] = await Promise.all([
      RedisEventBus.connect(CLUSTER_REDIS_URL, log),
      RedisEventBus.connect(CLUSTER_REDIS_URL, log),
    ]);
    buses.push(a, b);
    const siteId = `s-${Math.random().toString(36).slice(2)}`;
    const onA: string[] = [];
    const onB: string[] = [];
    a.on('site.changed', (e) => e.siteId === siteId && onA.push(e.status));
    b.on('site.changed', (e) => e.siteId === siteId && onB.push(e.status));
    a.emit('site.changed', changed(siteId));
    // The sender hears it synchronously; the other node once Redis has passed it on.
    expect(onA).toEqual(['ACTIVE']);
    await waitUntil(() => onB.length > 0, { what: 'the event on the other node' });
    // One more event through the same channel: by the time it arrives, no echo came back.
    const marker = `${siteId}-last`;
    const last = new Promise<void>((resolve) =>
      a.on('site.deleted', (e) => e.siteId === marker && resolve()),
    );
    b.emit('site.deleted', { siteId: marker, userId: 'u1' });
    await last;
    expect(onA).toEqual(['ACTIVE']);
    expect(onB).toEqual(['ACTIVE']);
  });

  it('brings onOwn handlers only the events their own node emitted', async () => {
    const [a, b] = await Promise.all([
      RedisEventBus.connect(CLUSTER_REDIS_URL, log),
      RedisEventBus.connect(CLUSTER_REDIS_URL, log),
    ]);
    buses.push(a, b);
    const siteId = `s-${Math.random().toString(36).slice(2)}`;
    const ownA: string[] = [];
    const ownB: string[] = [];
    a.onOwn('site.changed', (e) => e.siteId === siteId && ownA.push('a'));
    b.onOwn('site.changed', (e) => e.siteId === siteId && ownB.push('b'));
    const heardOnB = new Promise<void>((resolve) =>
      b.on('site.changed', (e) => e.siteId === siteId && resolve()),
    );
    a.emit('site.changed', changed(siteId));
    await heardOnB;
    expect(ownA).toEqual(['a']);
    expect(ownB).toEqual([]);
  });

  it('refuses to start when Redis does not answer, saying so', async () => {
    await expect(RedisEventBus.connect('redis://127.0.0.1:1', log)).rejects.toThrow(/Redis/);
  });
});
