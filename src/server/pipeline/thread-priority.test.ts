import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildPool } from './build-pool';
import { BUILD_NICE, threadNice } from './thread-priority';

/** The nice value of every thread of this process, read from /proc. */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe.runIf(process.platform === 'linux')('build threads yield the CPU to serving', () => {
  const pool = new BuildPool({
    threads: 1,
    nice: BUILD_NICE,
    registry: 'http://127.0.0.1:9',
    cacheDir: '/tmp',
    cacheQuotaBytes: 64 * 1024 * 1024,
  });
  afterAll(() => pool.close());

  it('runs builds in a thread at a lower priority, leaving the server thread as it was', async () => {
    const before = threadNices().filter((n) => n === BUILD_NICE).length;
    const outcome = await pool.run(
      { kind: 'code', source: '<!doctype html><h1>Hello</h1>', hint: 'html' },
      () => {},
    );
    expect(outcome.ok).toBe(true);
    expect(threadNices().filter((n) => n === BUILD_NICE).length).toBeGreaterThan(before);
    expect(threadNice()).toBe(0);
  });
});
