import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ApiKeySchema, ApiKeysResponseSchema } from '../../../../shared/api-key';
import { SiteAiResponseSchema } from '../../../../shared/site-ai';
import { answerTo, startFakeProviders, type FakeProviders } from '../../../../../test/ai-providers';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  guestSession,
  registerVerifiedUser,
  startTestServer,
  type ApiResponse,
  type TestServer,
} from '../../../../../test/server';

const CLAUDE_KEY = 'sk-ant-api03-test-key-AAAA-x7Qa';
const OPENAI_KEY = 'sk-proj-openai-test-key-BBBB-9zYw';
const GEMINI_KEY = 'AIzaSy-gemini-test-key-CCCC-4kLm';

describeEachDatabase('AI provider keys and window.claude on sites', (dialect) => {
  let providers: FakeProviders;
  let server: TestServer;
  let ann: string;
  let bob: string;
  /** Every answer the API gave in this suite, to look for keys in. */
  const answers: string[] = [];

  beforeAll(async () => {
    providers = await startFakeProviders();
    for (const key of [CLAUDE_KEY, OPENAI_KEY, GEMINI_KEY]) providers.validKeys.add(key);
    server = await startTestServer(dialect, { ...providers.env, TRUST_PROXY: 'true' });
    ann = (await registerVerifiedUser(server)).token;
    bob = (await registerVerifiedUser(server)).token;
  });
  afterAll(async () => {
    await server?.close();
    await providers?.close();
  });
  beforeEach(() => {
    providers.failWith = null;
  });

  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const res: ApiResponse = await server.api(method, path, {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
    });
    answers.push(JSON.stringify(res.body));
    return res;
  };
  const addKey = async (token: string, body: Record<string, unknown>) => {
    const res = await api('POST', '/api/api-keys', token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return ApiKeySchema.parse(res.body.apiKey);
  };
  const keysOf = async (token: string) =>
    ApiKeysResponseSchema.parse((await api('GET', '/api/api-keys', token)).body);
  const liveSite = async (token: string) => {
    const subdomain = uniqueSubdomain('ai');
    const res = await deployCode(server, token, subdomain, htmlArtifact(subdomain));
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    return { id: res.body.site.id as string, subdomain };
  };
  const ask = async (subdomain: string, body: unknown, visitor = '203.0.113.7') => {
    const res = await fetchSite(server.port, subdomain, '/__claude/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
      body: JSON.stringify(body),
    });
    answers.push(res.text);
    return { status: res.status, body: JSON.parse(res.text) as Record<string, unknown> };
  };
  const removeAll = async (token: string) => {
    for (const k of await keysOf(token)) await api('DELETE', `/api/api-keys/${k.id}`, token);
  };

  it('asks for a signed-in account: 401 without one, 403 for a guest', async () => {
    expect((await api('GET', '/api/api-keys')).status).toBe(401);
    expect(
      (await api('POST', '/api/api-keys', undefined, { keyName: 'k', apiKey: 'x' })).status,
    ).toBe(401);
    const guest = await guestSession(server);
    const res = await api('GET', '/api/api-keys', guest.token);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch('Create an account');
  });

  it('stores a key sealed, shows only its last four characters, and checks the form', async () => {
    const key = await addKey(ann, { keyName: '  My Claude key ', apiKey: CLAUDE_KEY });
    expect(key).toMatchObject({
      provider: 'CLAUDE',
      keyName: 'My Claude key',
      isActive: true,
      lastUsedAt: null,
      maskedKey: '…x7Qa',
      callsToday: 0,
    });
    expect((await keysOf(ann)).map((k) => k.id)).toContain(key.id);
    const row = await server.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.key_sealed).not.toContain(CLAUDE_KEY);

    const noName = await api('POST', '/api/api-keys', ann, { apiKey: CLAUDE_KEY, keyName: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toMatch('Key name is required');
    const noKey = await api('POST', '/api/api-keys', ann, { keyName: 'x' });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.message).toMatch('API key is required');
    const badProvider = await api('POST', '/api/api-keys', ann, {
      provider: 'MISTRAL',
      keyName: 'x',
      apiKey: 'y',
    });
    expect(badProvider.status).toBe(400);
    await removeAll(ann);
  });

  it('keeps one active key per provider, and a blank key on edit keeps the stored one', async () => {
    const first = await addKey(ann, { keyName: 'first', apiKey: CLAUDE_KEY });
    await addKey(ann, { keyName: 'second', apiKey: 'sk-ant-other-ZZZZ' });
    const gem = await addKey(ann, { provider: 'GEMINI', keyName: 'gem', apiKey: GEMINI_KEY });
    const active = async () =>
      Object.fromEntries((await keysOf(ann)).map((k) => [k.keyName, k.isActive]));
    // unasked, the new key waits: the provider's active key stays the one answering
    expect(await active()).toEqual({ first: true, second: false, gem: true });
    const second = (await keysOf(ann)).find((k) => k.keyName === 'second')!;
    const chosen = await api('PUT', `/api/api-keys/${second.id}`, ann, {
      keyName: 'second',
      isActive: true,
    });
    expect(chosen.status).toBe(200);
    expect(await active()).toEqual({ first: false, second: true, gem: true });

    const renamed = await api('PUT', `/api/api-keys/${first.id}`, ann, {
      provider: 'CLAUDE',
      keyName: 'first, renamed',
      apiKey: '',
      isActive: true,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.apiKey).toMatchObject({ keyName: 'first, renamed', maskedKey: '…x7Qa' });
    expect(await active()).toEqual({ 'first, renamed': true, second: false, gem: true });
    // the kept key still works
    expect((await api('POST', `/api/api-keys/${first.id}/test`, ann)).body.isValid).toBe(true);

    const moved = await api('PUT', `/api/api-keys/${first.id}`, ann, {
      provider: 'OPENAI',
      keyName: 'x',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toMatch('provider of a stored key cannot change');
    expect((await api('PUT', `/api/api-keys/${gem.id}`, ann, { keyName: '' })).status).toBe(400);
    await removeAll(ann);
  });

  it("answers 404 for another user's key on every call", async () => {
    const key = await addKey(ann, { keyName: 'mine', apiKey: CLAUDE_KEY });
    for (const [method, path, body] of [
      ['PUT', `/api/api-keys/${key.id}`, { keyName: 'stolen' }],
      ['DELETE', `/api/api-keys/${key.id}`, undefined],
      ['POST', `/api/api-keys/${key.id}/test`, undefined],
    ] as const) {
      const res = await api(method, path, bob, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.message).toBe('API key not found');
    }
    expect(await keysOf(bob)).toEqual([]);
    expect((await keysOf(ann))[0]?.keyName).toBe('mine');
    await removeAll(ann);
  });

  it('tests a key at its provider: valid with the model, or invalid with the reason', async () => {
    const claude = await addKey(ann, { keyName: 'c', apiKey: CLAUDE_KEY });
    const openai = await addKey(ann, { provider: 'OPENAI', keyName: 'o', apiKey: OPENAI_KEY });
    const gemini = await addKey(ann, { provider: 'GEMINI', keyName: 'g', apiKey: GEMINI_KEY });
    const test = async (id: string) => (await api('POST', `/api/api-keys/${id}/test`, ann)).body;
    expect(await test(claude.id)).toEqual({
      isValid: true,
      error: null,
      model: 'claude-sonnet-4-6',
    });
    expect(await test(openai.id)).toEqual({ isValid: true, error: null, model: 'gpt-5.4-mini' });
    expect(await test(gemini.id)).toEqual({
      isValid: true,
      error: null,
      model: 'gemini-2.5-flash',
    });
    expect(providers.calls.at(-1)).toMatchObject({ provider: 'GEMINI', key: GEMINI_KEY });

    providers.validKeys.clear();
    try {
      const bad = await test(claude.id);
      expect(bad).toMatchObject({ isValid: false, model: null });
      expect(bad.error).toMatch('Anthropic did not accept the API key');
      // OpenAI quotes the key it refuses; the answer must not
      const badOpenAi = await test(openai.id);
      expect(badOpenAi.error).toMatch('OpenAI did not accept the API key');
      expect(badOpenAi.error).not.toContain(OPENAI_KEY);
      expect((await test(gemini.id)).error).toMatch('Gemini did not accept the API key');
    } finally {
      for (const key of [CLAUDE_KEY, OPENAI_KEY, GEMINI_KEY]) providers.validKeys.add(key);
    }
    await removeAll(ann);
  });

  it("answers a site's window.claude with its owner's key, in every shape artifacts send", async () => {
    const site = await liveSite(ann);
    const none = await ask(site.subdomain, { prompt: 'hello?' });
    expect(none).toEqual({
      status: 503,
      body: {
        error: "This site's owner has not connected an AI provider yet.",
        code: 'AI_NOT_CONNECTED',
      },
    });

    const key = await addKey(ann, { keyName: 'site key', apiKey: CLAUDE_KEY });
    expect(await ask(site.subdomain, { prompt: 'a story' })).toEqual({
      status: 200,
      body: { completion: answerTo('a story') },
    });
    expect(providers.calls.at(-1)).toMatchObject({
      provider: 'CLAUDE',
      key: CLAUDE_KEY,
      body: {
        model: 'claude-sonnet-4-6',
        max_tokens: 1024,
        messages: [{ role: 'user', content: 'a story' }],
      },
    });
    const chat = await ask(site.subdomain, {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
        { role: 'user', content: [{ type: 'text', text: 'and now?' }] },
      ],
      system: 'be brief',
      max_tokens: 50,
      model: 'whatever-the-artifact-says',
    });
    expect(chat).toEqual({ status: 200, body: { completion: answerTo('and now?') } });
    expect(providers.calls.at(-1)?.body).toMatchObject({ system: 'be brief', max_tokens: 50 });
    expect((await ask(site.subdomain, { messages: [] })).status).toBe(400);
    expect((await ask(site.subdomain, 'not an object')).status).toBe(400);

    // the pasted code was deployed for GEMINI: once the owner has a Gemini key, it answers
    await addKey(ann, { provider: 'GEMINI', keyName: 'gem', apiKey: GEMINI_KEY });
    expect((await ask(site.subdomain, { prompt: 'which?' })).status).toBe(200);
    expect(providers.calls.at(-1)).toMatchObject({ provider: 'GEMINI', key: GEMINI_KEY });

    const state = SiteAiResponseSchema.parse(
      (await api('GET', `/api/sites/${site.id}/ai`, ann)).body,
    );
    expect(state).toMatchObject({ callsToday: 3, provider: 'GEMINI', settings: { enabled: true } });
    const shown = (await keysOf(ann)).find((k) => k.id === key.id)!;
    expect(shown.callsToday).toBe(2);
    expect(shown.lastUsedAt).not.toBeNull();
    expect((await api('GET', `/api/sites/${site.id}/ai`, bob)).status).toBe(404);

    // the owner deletes the keys: the page is told again
    await removeAll(ann);
    expect((await ask(site.subdomain, { prompt: 'still there?' })).body.code).toBe(
      'AI_NOT_CONNECTED',
    );
  });

  it("keeps to the owner's limits, and says so in words a visitor understands", async () => {
    const site = await liveSite(ann);
    await addKey(ann, { keyName: 'limited', apiKey: CLAUDE_KEY });
    const set = (body: unknown) => api('PUT', `/api/sites/${site.id}/ai`, ann, body);
    expect((await set({ perVisitorPerMinute: 2, maxTokensPerCall: 64 })).status).toBe(200);
    expect((await set({ perDay: 0 })).status).toBe(400);
    expect((await set({ perDay: 1 })).status).toBe(200);
    expect((await api('PUT', `/api/sites/${site.id}/ai`, bob, { enabled: false })).status).toBe(
      404,
    );

    expect((await ask(site.subdomain, { prompt: 'one', max_tokens: 4000 })).status).toBe(200);
    expect(providers.calls.at(-1)?.body.max_tokens).toBe(64);
    const overDay = await ask(site.subdomain, { prompt: 'two' }, '203.0.113.8');
    expect(overDay.status).toBe(429);
    expect(overDay.body.error).toMatch("used all of today's AI requests");

    await set({ perDay: 100 });
    expect((await ask(site.subdomain, { prompt: 'a' }, '198.51.100.1')).status).toBe(200);
    expect((await ask(site.subdomain, { prompt: 'b' }, '198.51.100.1')).status).toBe(200);
    const fast = await ask(site.subdomain, { prompt: 'c' }, '198.51.100.1');
    expect(fast.status).toBe(429);
    expect(fast.body.error).toMatch('2 times a minute');

    providers.failWith = 529;
    const busy = await ask(site.subdomain, { prompt: 'd' }, '198.51.100.2');
    expect(busy).toEqual({
      status: 503,
      body: { error: 'The AI provider is overloaded right now. Try again in a moment.' },
    });

    await set({ enabled: false });
    const off = await ask(site.subdomain, { prompt: 'e' }, '198.51.100.3');
    expect(off.status).toBe(403);
    expect(off.body.error).toBe('AI features are turned off for this site by its owner.');
    await removeAll(ann);
  });

  it('never shows a key: not in any answer, log line or stored file', async () => {
    const keys = [CLAUDE_KEY, OPENAI_KEY, GEMINI_KEY];
    const everything = [...answers, server.logs.join('\n')].join('\n');
    for (const key of keys) expect(everything).not.toContain(key);
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const file = join(dir, name);
        return statSync(file).isDirectory() ? walk(file) : [file];
      });
    for (const file of walk(server.ctx.config.dataDir)) {
      const bytes = readFileSync(file).toString('latin1');
      for (const key of keys) expect(bytes.includes(key), file).toBe(false);
    }
  });
});
