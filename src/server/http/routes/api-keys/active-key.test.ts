import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ApiKeySchema,
  ApiKeysResponseSchema,
  DeleteApiKeyResponseSchema,
} from '../../../../shared/api-key';
import { describeEachDatabase } from '../../../../../test/databases';
import { registerVerifiedUser, startTestServer, type TestServer } from '../../../../../test/server';

// Which key answers a provider's calls: adding a key asks (or keeps the active one), deleting
// the active key hands over to another, so a provider with keys never silently goes quiet.
describeEachDatabase('the active AI key of each provider', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  const add = async (token: string, body: Record<string, unknown>) => {
    const res = await server.api('POST', '/api/api-keys', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return ApiKeySchema.parse(res.body.apiKey);
  };
  const active = async (token: string) => {
    const res = await server.api('GET', '/api/api-keys', { token });
    const keys = ApiKeysResponseSchema.parse(res.body);
    return Object.fromEntries(keys.map((k) => [k.keyName, k.isActive]));
  };

  it('keeps the active key when a new one is added unasked, and switches when asked', async () => {
    const { token } = await registerVerifiedUser(server);
    const first = await add(token, { keyName: 'first', apiKey: 'sk-ant-first-1111' });
    expect(first.isActive).toBe(true);
    const waiting = await add(token, { keyName: 'waiting', apiKey: 'sk-ant-wait-2222' });
    expect(waiting.isActive).toBe(false);
    // another provider's first key is active: it has no active key to keep
    await add(token, { provider: 'OPENAI', keyName: 'gpt', apiKey: 'sk-proj-3333' });
    expect(await active(token)).toEqual({ first: true, waiting: false, gpt: true });

    const chosen = await add(token, {
      keyName: 'chosen',
      apiKey: 'sk-ant-chosen-4444',
      isActive: true,
    });
    expect(chosen.isActive).toBe(true);
    expect(await active(token)).toEqual({
      first: false,
      waiting: false,
      chosen: true,
      gpt: true,
    });
    await add(token, { keyName: 'spare', apiKey: 'sk-ant-spare-5555', isActive: false });
    expect((await active(token)).chosen).toBe(true);
  });

  it('deleting the active key makes the named key, or the newest, active', async () => {
    const { token } = await registerVerifiedUser(server);
    const old = await add(token, { keyName: 'old', apiKey: 'sk-ant-old-1111' });
    const mid = await add(token, { keyName: 'mid', apiKey: 'sk-ant-mid-2222' });
    const gpt = await add(token, { provider: 'OPENAI', keyName: 'gpt', apiKey: 'sk-proj-3333' });
    await add(token, { keyName: 'newest', apiKey: 'sk-ant-new-4444' });

    // bad choices are refused, and nothing is deleted
    for (const [target, activate, message] of [
      [old.id, gpt.id, 'another of your Claude (Anthropic) keys'],
      [old.id, old.id, 'another of your Claude (Anthropic) keys'],
      [old.id, 'no-such-key', 'another of your Claude (Anthropic) keys'],
      [mid.id, old.id, 'Only deleting the active key'],
    ] as const) {
      const res = await server.api('DELETE', `/api/api-keys/${target}?activate=${activate}`, {
        token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect(Object.keys(await active(token))).toHaveLength(4);

    const named = await server.api('DELETE', `/api/api-keys/${old.id}?activate=${mid.id}`, {
      token,
    });
    expect(named.status).toBe(200);
    expect(DeleteApiKeyResponseSchema.parse(named.body).activated).toMatchObject({
      id: mid.id,
      isActive: true,
    });
    expect(await active(token)).toEqual({ mid: true, gpt: true, newest: false });

    // unnamed: the newest remaining key of the provider takes over
    const unnamed = await server.api('DELETE', `/api/api-keys/${mid.id}`, { token });
    expect(DeleteApiKeyResponseSchema.parse(unnamed.body).activated?.keyName).toBe('newest');
    expect(await active(token)).toEqual({ gpt: true, newest: true });

    // an inactive key goes alone; the provider's last key leaves nothing to activate
    const last = await server.api('DELETE', `/api/api-keys/${gpt.id}`, { token });
    expect(DeleteApiKeyResponseSchema.parse(last.body).activated).toBeNull();
    expect(await active(token)).toEqual({ newest: true });
  });

  it("refuses another user's key as the one to activate", async () => {
    const ann = (await registerVerifiedUser(server)).token;
    const bob = (await registerVerifiedUser(server)).token;
    const mine = await add(ann, { keyName: 'mine', apiKey: 'sk-ant-mine-1111' });
    await add(ann, { keyName: 'mine too', apiKey: 'sk-ant-mine-2222' });
    const theirs = await add(bob, { keyName: 'theirs', apiKey: 'sk-ant-theirs-3333' });
    const res = await server.api('DELETE', `/api/api-keys/${mine.id}?activate=${theirs.id}`, {
      token: ann,
    });
    expect(res.status).toBe(400);
    expect(await active(ann)).toEqual({ mine: true, 'mine too': false });
    expect(await active(bob)).toEqual({ theirs: true });
  });
});
