import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCode, fetchSite, htmlArtifact, waitForDeployment } from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { DISK_FULL_MESSAGE } from '../errors';
import { registerErrorHandler } from './error-handler';

// A full disk or database is answered 507 in words, wherever the write happened.

describe('a write that finds the disk or the database full', () => {
  it.each(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100'])(
    '%s is answered 507 with words, not 500',
    async (code) => {
      const app = Fastify({ logger: false });
      registerErrorHandler(app);
      app.get('/write', async () => {
        throw Object.assign(new Error(`injected ${code}`), { code });
      });
      const res = await app.inject({ method: 'GET', url: '/write' });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ error: { message: DISK_FULL_MESSAGE, code: 'STORAGE_FULL' } });
      await app.close();
    },
  );

  // A database that really is full: SQLite refuses to grow past max_page_count.
  describe('a full SQLite database, on the real server', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('sqlite', { SIGNUP_RATE_LIMIT: '10000' });
    });
    afterAll(() => server?.close());

    it('the API and the site runtime answer 507 with words', async () => {
      const { token } = await registerUser(server);
      const res = await deployCode(server, token, 'full-disk', htmlArtifact('full'));
      expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe(
        'SUCCESS',
      );
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(server.ctx.db);
      await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count}`).execute(server.ctx.db);

      // window.storage: 60 KB values need new pages the database may not take.
      let stored = { status: 200, text: '' };
      for (let i = 0; i < 40 && stored.status === 200; i++) {
        stored = await fetchSite(server.port, 'full-disk', `/__storage/k${i}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value: 'x'.repeat(60_000) }),
        });
      }
      expect(stored.status).toBe(507);
      expect(JSON.parse(stored.text)).toEqual({ error: DISK_FULL_MESSAGE });

      // The API: a sign-up writes a user and a session.
      let signUp = { status: 201, body: {} as any };
      for (let i = 0; i < 40 && signUp.status === 201; i++) {
        signUp = await server.api('POST', '/api/auth/register', {
          body: {
            email: `full-${i}-${'x'.repeat(200)}@example.com`,
            password: 'correct horse battery',
            name: 'y'.repeat(90),
          },
        });
      }
      expect(signUp.status).toBe(507);
      expect(signUp.body).toEqual({ error: { message: DISK_FULL_MESSAGE, code: 'STORAGE_FULL' } });
    });
  });
});
