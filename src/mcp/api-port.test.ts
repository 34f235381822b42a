import { describe, expect, it } from 'vitest';
import { apiPort } from './api-port';

// The REST port's own behaviour, against a fetch that is not a server: the waiting and the
// words for a host that cannot be reached or does not take the token.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiPort', () => {
  it('asks again, less and less often, until the build is final', async () => {
    const statuses = ['PENDING', 'BUILDING', 'BUILDING', 'SUCCESS'];
    const asked: string[] = [];
    const sleeps: number[] = [];
    const port = apiPort({
      baseUrl: 'http://host.test/',
      token: 'tok',
      fetch: async (url, init) => {
        asked.push(`${String(url)} ${(init?.headers as Record<string, string>).authorization}`);
        return json(200, { deployment: { id: 'd1', status: statuses.shift() } });
      },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    const done = await port.waitUntilFinished('d1', 60_000);
    expect(done.status).toBe('SUCCESS');
    expect(asked).toHaveLength(4);
    expect(asked[0]).toBe('http://host.test/api/deployments/d1 Bearer tok');
    expect(sleeps).toEqual([150, 225, 337.5]);
  });

  it('stops at the deadline with the state it last saw', async () => {
    let now = 0;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const port = apiPort({
        baseUrl: 'http://host.test',
        token: 'tok',
        fetch: async () => json(200, { deployment: { id: 'd1', status: 'BUILDING' } }),
        sleep: async (ms) => {
          now += ms;
        },
      });
      expect((await port.waitUntilFinished('d1', 5_000)).status).toBe('BUILDING');
      expect(now).toBe(5_000);
    } finally {
      Date.now = realNow;
    }
  });

  it('says what is wrong when the host is unreachable, refuses the token, or says no', async () => {
    const down = apiPort({
      baseUrl: 'http://host.test',
      token: 'tok',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.listSites()).rejects.toThrow(
      'Could not reach the artifact host at http://host.test (fetch failed)',
    );
    const refused = apiPort({
      baseUrl: 'http://host.test',
      token: 'old',
      fetch: async () => json(401, { error: { message: 'Session expired', code: 'UNAUTHORIZED' } }),
    });
    await expect(refused.listSites()).rejects.toThrow('Set ARTIFACT_HOST_TOKEN');
    const limited = apiPort({
      baseUrl: 'http://host.test',
      token: 'tok',
      fetch: async () => json(403, { error: { message: 'Upgrade to Pro', code: 'PLAN_LIMIT' } }),
    });
    await expect(limited.deploy({ kind: 'code', bytes: Buffer.from('x') }, 'a')).rejects.toThrow(
      'Upgrade to Pro',
    );
  });
});
