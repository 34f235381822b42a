import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import { registerUser, startTestServer, type TestServer } from '../../../../../test/server';

describeEachDatabase('debug API', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  // Rows written directly: the debug routes only read, and must not depend on the pipeline.
  async function insertSite(userId: string, subdomain: string, live: boolean) {
    const now = new Date().toISOString();
    const siteId = randomUUID();
    const deploymentId = randomUUID();
    await server.ctx.db
      .insertInto('sites')
      .values({
        id: siteId,
        user_id: userId,
        name: subdomain,
        subdomain,
        status: live ? 'ACTIVE' : 'ERROR',
        current_deployment_id: null,
        expires_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await server.ctx.db
      .insertInto('deployments')
      .values({
        id: deploymentId,
        site_id: siteId,
        version: 1,
        status: live ? 'SUCCESS' : 'FAILED',
        progress: live ? 100 : 0,
        message: null,
        error_message: live ? null : 'Unexpected token (3:7)',
        build_logs: '',
        source_kind: 'code',
        source_name: null,
        source_sha256: 'a'.repeat(64),
        ai_provider: 'GEMINI',
        build_info: null,
        claimed_by: null,
        heartbeat_at: null,
        attempts: 1,
        created_at: now,
        started_at: now,
        deployed_at: live ? now : null,
        finished_at: now,
      })
      .execute();
    if (live) {
      // The file's bytes are really stored: the site check reads them back.
      const data = Buffer.from(`<h1>${subdomain}</h1>`);
      const sha = createHash('sha256').update(data).digest('hex');
      await server.ctx.blobs.put(sha, data);
      await server.ctx.db
        .insertInto('blobs')
        .values({ sha256: sha, size: 10, created_at: now })
        .execute();
      await server.ctx.db
        .insertInto('deployment_files')
        .values({
          deployment_id: deploymentId,
          path: '/index.html',
          sha256: sha,
          size: 10,
          content_type: 'text/html',
          gzip_sha256: null,
          br_sha256: null,
        })
        .execute();
      await server.ctx.db
        .updateTable('sites')
        .set({ current_deployment_id: deploymentId })
        .where('id', '=', siteId)
        .execute();
    }
    return siteId;
  }

  describe('GET /api/debug/auth-status', () => {
    it('says "not signed in" without a token', async () => {
      const res = await server.api('GET', '/api/debug/auth-status');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ authenticated: false, tokenSource: null, user: null });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('describes the asker’s own session from the bearer header', async () => {
      const { token, user } = await registerUser(server, { name: 'Dana' });
      const res = await server.api('GET', '/api/debug/auth-status', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        authenticated: true,
        tokenSource: 'header',
        bearerHeaderSent: true,
        user: { id: user.id, email: user.email, name: 'Dana', plan: 'FREE' },
      });
      expect(Date.parse(res.body.sessionExpiresAt)).toBeGreaterThan(Date.now());
      expect(JSON.stringify(res.body)).not.toContain(token);
    });

    it('treats an unknown token as signed out', async () => {
      const res = await server.api('GET', '/api/debug/auth-status', { token: 'nope' });
      expect(res.body.authenticated).toBe(false);
    });
  });

  describe('GET /api/debug/site-check/:siteId', () => {
    it('needs a signed-in user', async () => {
      const res = await server.api('GET', `/api/debug/site-check/${randomUUID()}`);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    });

    it('reports on a live site of the asker', async () => {
      const { token, user } = await registerUser(server);
      const siteId = await insertSite(user.id, `live-${Date.now()}`, true);
      const res = await server.api('GET', `/api/debug/site-check/${siteId}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      expect(res.body.site).toMatchObject({ id: siteId, status: 'ACTIVE' });
      expect(res.body.site.url).toMatch(/^https?:\/\/live-/);
      expect(res.body.deployments).toMatchObject({ total: 1, latest: { status: 'SUCCESS' } });
      const files = res.body.checks.find((c: any) => c.name === 'Published files');
      expect(files).toEqual({ name: 'Published files', ok: true, detail: '1 files' });
    });

    it('flags a site whose only deployment failed', async () => {
      const { token, user } = await registerUser(server);
      const siteId = await insertSite(user.id, `broken-${Date.now()}`, false);
      const res = await server.api('GET', `/api/debug/site-check/${siteId}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(false);
      const latest = res.body.checks.find((c: any) => c.name === 'Latest deployment');
      expect(latest).toMatchObject({ ok: false, detail: 'v1 FAILED: Unexpected token (3:7)' });
    });

    it('answers 404 for another user’s site, exactly as for a missing one', async () => {
      const owner = await registerUser(server);
      const other = await registerUser(server);
      const siteId = await insertSite(owner.user.id, `private-${Date.now()}`, true);
      const theirs = await server.api('GET', `/api/debug/site-check/${siteId}`, {
        token: other.token,
      });
      const missing = await server.api('GET', `/api/debug/site-check/${randomUUID()}`, {
        token: other.token,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(JSON.stringify(theirs.body)).not.toContain('private-');
    });
  });
});
