import { afterAll, describe, expect, it } from 'vitest';
import { slowSiteZip } from '../../../test/deploy';
import { BuildPool } from './build-pool';

describe('a build pool', () => {
  const pool = new BuildPool({
    threads: 1,
    nice: 0,
    registry: 'http://127.0.0.1:9',
    cacheDir: '/tmp',
    cacheQuotaBytes: 64 * 1024 * 1024,
  });
  afterAll(() => pool.close());

  it('stops a build at its next step and keeps the thread for the next build', async () => {
    const warm = await pool.run({ kind: 'code', source: '<h1>warm</h1>', hint: 'html' }, () => {});
    expect(warm.ok).toBe(true);
    const threads = pool.threadIds;

    const stop = new AbortController();
    const lines: string[] = [];
    const slow = pool.run(
      { kind: 'zip', source: new Uint8Array(slowSiteZip('stopped')), fileName: 'site.zip' },
      (line) => {
        lines.push(line.message);
        stop.abort('replaced');
      },
      { stop: stop.signal },
    );
    const outcome = await slow;
    expect(outcome.ok).toBe(false);
    expect(lines.length).toBeGreaterThan(0);
    expect(pool.threadIds).toEqual(threads);

    const next = await pool.run({ kind: 'code', source: '<h1>next</h1>', hint: 'html' }, () => {});
    expect(next.ok).toBe(true);
    expect(pool.threadIds).toEqual(threads);
  });
});
