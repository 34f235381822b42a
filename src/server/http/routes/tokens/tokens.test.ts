import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AccessTokensResponseSchema,
  CreateAccessTokenResponseSchema,
  type CreateAccessTokenResponse,
} from '../../../../shared/access-token';
import { EVENTS, type JoinAck } from '../../../../shared/events';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  htmlArtifact,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  guestSession,
  registerUser,
  registerUserOnPlan,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { hashToken } from '../../../lib/tokens';

describeEachDatabase('access tokens', (dialect) => {
  let server: TestServer;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // Enough sites for every test here to deploy its own.
    ann = (await registerUserOnPlan(server, 'PRO')).token;
    bob = (await registerUser(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = async (
    session: string,
    body: Record<string, unknown>,
  ): Promise<CreateAccessTokenResponse> => {
    const res = await server.api('POST', '/api/tokens', { token: session, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return CreateAccessTokenResponseSchema.parse(res.body);
  };
  const deployWith = (token: string, marker = uniqueSubdomain('tok')) =>
    deployCode(server, token, marker, htmlArtifact(marker));

  it('creates, lists and revokes tokens; the secret is shown once and stored as a hash', async () => {
    const made = await create(ann, { name: 'laptop', scope: 'deploy', expiresInDays: 30 });
    expect(made.secret).toMatch(/^ah_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toMatchObject({ name: 'laptop', scope: 'deploy', lastUsedAt: null });
    expect(made.secret.startsWith(made.token.prefix)).toBe(true);
    expect(made.secret.endsWith(made.token.last4)).toBe(true);
    const days = (Date.parse(made.token.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const row = await server.ctx.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('id', '=', made.token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(made.secret));
    expect(JSON.stringify(row)).not.toContain(made.secret);

    const listed = await server.api('GET', '/api/tokens', { token: ann });
    const { tokens } = AccessTokensResponseSchema.parse(listed.body);
    expect(tokens.map((t) => t.id)).toContain(made.token.id);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);
    // Bob sees none of Ann's tokens, and can't revoke them.
    expect((await server.api('GET', '/api/tokens', { token: bob })).body.tokens).toEqual([]);
    const foreign = await server.api('DELETE', `/api/tokens/${made.token.id}`, { token: bob });
    expect(foreign.status).toBe(404);

    const revoked = await server.api('DELETE', `/api/tokens/${made.token.id}`, { token: ann });
    expect(revoked.status).toBe(200);
    expect((await server.api('GET', '/api/tokens', { token: ann })).body.tokens).toEqual([]);
  });

  it('refuses a bad name or expiry with 400', async () => {
    const noName = await server.api('POST', '/api/tokens', { token: ann, body: { name: ' ' } });
    expect(noName.status).toBe(400);
    const odd = await server.api('POST', '/api/tokens', {
      token: ann,
      body: { name: 'x', expiresInDays: 12 },
    });
    expect(odd.status).toBe(400);
    expect(JSON.stringify(odd.body)).toContain('7, 30, 90 or 365');
  });

  it('a deploy token deploys, and is refused after revocation', async () => {
    const { token, secret } = await create(ann, { name: 'ci', scope: 'deploy' });
    const res = await deployWith(secret);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const done = await waitForDeployment(server, secret, res.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    // The file route and the site's own routes take it too.
    const sub = uniqueSubdomain('tokf');
    const file = await uploadFile(
      server,
      secret,
      { name: 'a.html', bytes: htmlArtifact(sub) },
      sub,
    );
    expect(file.status, JSON.stringify(file.body)).toBe(201);
    expect((await server.api('GET', '/api/sites', { token: secret })).status).toBe(200);
    const listed = await server.api('GET', '/api/tokens', { token: ann });
    expect(listed.body.tokens.find((t: { id: string }) => t.id === token.id).lastUsedAt).not.toBe(
      null,
    );

    await server.api('DELETE', `/api/tokens/${token.id}`, { token: ann });
    const after = await deployWith(secret);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/revoked/);
  });

  it('an expired token is refused with a clear message', async () => {
    const { token, secret } = await create(ann, { name: 'old', scope: 'deploy', expiresInDays: 7 });
    expect((await server.api('GET', '/api/sites', { token: secret })).status).toBe(200);
    await server.ctx.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', token.id)
      .execute();
    const res = await deployWith(secret);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/expired on \d{4}-\d\d-\d\d/);
  });

  it('a read token reads but cannot deploy, roll back or delete', async () => {
    const live = await deployWith(ann);
    const siteId = live.body.site.id as string;
    const { secret } = await create(ann, { name: 'reader', scope: 'read' });
    expect((await server.api('GET', '/api/sites', { token: secret })).status).toBe(200);
    expect(
      (await server.api('GET', `/api/sites/${siteId}/deployments`, { token: secret })).status,
    ).toBe(200);
    const refused = await deployWith(secret);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('This access token can only read.');
    expect((await server.api('DELETE', `/api/sites/${siteId}`, { token: secret })).status).toBe(
      403,
    );
  });

  it('a token cannot mint tokens, change the password or touch keys', async () => {
    for (const scope of ['deploy', 'read']) {
      const { secret } = await create(ann, { name: `t-${scope}`, scope });
      const mint = await server.api('POST', '/api/tokens', {
        token: secret,
        body: { name: 'child', scope: 'deploy' },
      });
      expect(mint.status).toBe(403);
      expect((await server.api('GET', '/api/tokens', { token: secret })).status).toBe(403);
      const password = await server.api('POST', '/api/auth/password', {
        token: secret,
        body: { currentPassword: 'correct horse battery', newPassword: 'another long secret' },
      });
      expect(password.status).toBe(403);
      const key = await server.api('POST', '/api/api-keys', {
        token: secret,
        body: { provider: 'CLAUDE', keyName: 'k', apiKey: 'sk-ant-x' },
      });
      expect(key.status).toBe(403);
    }
  });

  it('guests may not hold tokens', async () => {
    const guest = (await guestSession(server)).token;
    const res = await server.api('POST', '/api/tokens', {
      token: guest,
      body: { name: 'g', scope: 'deploy' },
    });
    expect(res.status).toBe(403);
    expect((await server.api('GET', '/api/tokens', { token: guest })).status).toBe(403);
  });

  it('a token may watch its own deployment over the socket', async () => {
    const { secret } = await create(ann, { name: 'watcher', scope: 'read' });
    const live = await deployWith(ann);
    const socket = io(server.url, { transports: ['websocket'], auth: { token: secret } });
    try {
      const ack = await new Promise<JoinAck>((resolve) =>
        socket.emit(EVENTS.joinDeployment, live.body.deployment.id, resolve),
      );
      expect(ack).toEqual({ ok: true });
      const bobs = await deployWith(bob);
      const foreign = await new Promise<JoinAck>((resolve) =>
        socket.emit(EVENTS.joinDeployment, bobs.body.deployment.id, resolve),
      );
      expect(foreign.ok).toBe(false);
    } finally {
      socket.close();
    }
  });
});
