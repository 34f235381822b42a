import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../../test/ai-providers';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { registerVerifiedUser, startTestServer, type TestServer } from '../../../test/server';
import {
  MAX_AI_CALLS_IN_FLIGHT_PER_ADDRESS,
  MAX_AI_CALLS_IN_FLIGHT_PER_SITE,
  NOT_JSON,
  NOT_THIS_SITE,
} from './ai-proxy';

const KEY = 'sk-ant-api03-proxy-test-key-DDDD-1a2b';

// The AI proxy cannot be overspent: the daily cap is reserved before the provider is asked,
// calls under way are capped, and only the site's own pages may ask.
describeEachDatabase('the AI proxy of a site', (dialect) => {
  let providers: FakeProviders;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    providers = await startFakeProviders();
    providers.validKeys.add(KEY);
    // Unlimited (ADMIN): each test has a site of its own.
    server = await startTestServer(dialect, {
      ...providers.env,
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: 'proxy-owner@example.com',
    });
    token = (await registerVerifiedUser(server, { email: 'proxy-owner@example.com' })).token;
    const key = await server.api('POST', '/api/api-keys', {
      token,
      body: { keyName: 'proxy', apiKey: KEY },
    });
    expect(key.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await providers?.close();
  });
  beforeEach(() => {
    providers.failWith = null;
    providers.delayMs = 0;
    providers.calls.length = 0;
  });

  const liveSite = async (settings: Record<string, unknown>) => {
    const subdomain = uniqueSubdomain('aiproxy');
    const res = await deployCode(server, token, subdomain, htmlArtifact(subdomain));
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    const id = res.body.site.id as string;
    const put = await server.api('PUT', `/api/sites/${id}/ai`, { token, body: settings });
    expect(put.status).toBe(200);
    return { id, subdomain };
  };
  let addresses = 0;
  const ask = async (
    subdomain: string,
    opts: { headers?: Record<string, string>; body?: string; visitor?: string } = {},
  ) => {
    const res = await fetchSite(server.port, subdomain, '/__claude/complete', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': opts.visitor ?? `198.51.100.${++addresses % 250}`,
        ...opts.headers,
      },
      body: opts.body ?? JSON.stringify({ prompt: 'hi' }),
    });
    return { status: res.status, body: JSON.parse(res.text) as Record<string, unknown> };
  };
  const callsToday = async (id: string) =>
    (await server.api('GET', `/api/sites/${id}/ai`, { token })).body.callsToday as number;

  it('200 parallel calls at a cap of 3 a day reach the provider 3 times', async () => {
    const { id, subdomain } = await liveSite({ perDay: 3, perVisitorPerMinute: 600 });
    providers.delayMs = 1500;
    const answers = await Promise.all(Array.from({ length: 200 }, () => ask(subdomain)));
    expect(providers.calls.length).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(providers.calls.length);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 429)).toBe(true);
    expect(await callsToday(id)).toBeLessThanOrEqual(3);
    // Once the three are spent, the day is over for this site.
    providers.delayMs = 0;
    while ((await callsToday(id)) < 3) expect((await ask(subdomain)).status).toBe(200);
    const over = await ask(subdomain);
    expect(over.status).toBe(429);
    expect(over.body.error).toContain("used all of today's AI requests");
    expect(providers.calls.length).toBe(3);
  });

  it('caps the calls under way per site and per address', async () => {
    const { subdomain } = await liveSite({ perDay: 10_000, perVisitorPerMinute: 600 });
    providers.delayMs = 1000;
    const crowd = await Promise.all(Array.from({ length: 60 }, () => ask(subdomain)));
    expect(providers.calls.length).toBeLessThanOrEqual(MAX_AI_CALLS_IN_FLIGHT_PER_SITE);
    const busy = crowd.filter((a) => a.status === 429);
    expect(busy.length).toBeGreaterThanOrEqual(60 - MAX_AI_CALLS_IN_FLIGHT_PER_SITE);
    expect(busy[0]?.body.error).toContain('busy');

    providers.calls.length = 0;
    const one = await Promise.all(
      Array.from({ length: 10 }, () => ask(subdomain, { visitor: '203.0.113.99' })),
    );
    expect(providers.calls.length).toBeLessThanOrEqual(MAX_AI_CALLS_IN_FLIGHT_PER_ADDRESS);
    expect(one.filter((a) => a.status === 200).length).toBe(providers.calls.length);
  });

  it('gives the call back when the provider fails', async () => {
    const { id, subdomain } = await liveSite({ perDay: 1, perVisitorPerMinute: 600 });
    providers.failWith = 529;
    const failed = await ask(subdomain);
    expect(failed.status).toBe(503);
    expect(await callsToday(id)).toBe(0);
    providers.failWith = null;
    expect((await ask(subdomain)).status).toBe(200);
    expect(await callsToday(id)).toBe(1);
  });

  it('takes only JSON: a text/plain or form body gets 415 and reaches no provider', async () => {
    const { subdomain } = await liveSite({ perVisitorPerMinute: 600 });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const res = await ask(subdomain, { headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(res.body.error).toBe(NOT_JSON);
    }
    expect(providers.calls).toHaveLength(0);
    expect(
      (await ask(subdomain, { headers: { 'content-type': 'application/json; charset=utf-8' } }))
        .status,
    ).toBe(200);
  });

  it("answers only the site's own pages: another origin gets 403, the site and its own domain work", async () => {
    const { id, subdomain } = await liveSite({ perVisitorPerMinute: 600 });
    const own = `http://${subdomain}.localhost:${server.port}`;
    const refused: Array<Record<string, string>> = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      // a sibling site under the same sites domain is "same-site", and still another site
      { origin: `http://other-site.localhost:${server.port}`, 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const res = await ask(subdomain, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error).toBe(NOT_THIS_SITE);
    }
    expect(providers.calls).toHaveLength(0);

    const same = await ask(subdomain, {
      headers: { origin: own, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status).toBe(200);

    // The site's custom domain is the site itself.
    await server.ctx.db
      .updateTable('sites')
      .set({ custom_domain: 'www.proxy-owner.example', custom_domain_status: 'VERIFIED' })
      .where('id', '=', id)
      .execute();
    server.ctx.events.emit('site.changed', {
      siteId: id,
      userId: '',
      teamId: null,
      status: 'ACTIVE',
    });
    const fromDomain = await ask(subdomain, {
      headers: { origin: 'https://www.proxy-owner.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(fromDomain.status).toBe(200);
  });
});
