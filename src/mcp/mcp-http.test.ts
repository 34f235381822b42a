import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/builder-corpus';
import { describeEachDatabase } from '../../test/databases';
import { deployCode, fetchSite, htmlArtifact, uniqueSubdomain } from '../../test/deploy';
import {
  BROKEN,
  TOOLS,
  call,
  filesOf,
  httpClient,
  sample,
  subdomainOf,
  text,
} from '../../test/mcp';
import {
  guestSession,
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../test/server';

describeEachDatabase('MCP server over Streamable HTTP at /mcp', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // Unlimited (ADMIN), so the several sites here never meet the FREE limit.
    server = await startTestServer(dialect, { ADMIN_EMAILS: 'mcp@example.com' });
    token = (await registerVerifiedUser(server, { email: 'mcp@example.com' })).token;
  });
  afterAll(() => server?.close());

  describe('the tools', () => {
    let client: Client;
    beforeAll(async () => {
      client = await httpClient(server, token);
    });
    afterAll(() => client?.close());

    it('lists the four tools, each described for an assistant', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
      for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(80);
      const deploy = tools.find((t) => t.name === 'deploy_artifact')!;
      expect(Object.keys(deploy.inputSchema.properties ?? {}).sort()).toEqual([
        'code',
        'files',
        'subdomain',
        'team',
        'title',
      ]);
    });

    it('puts a new site in the team the assistant names by its slug', async () => {
      const made = await server.api('POST', '/api/teams', { token, body: { name: 'MCP crew' } });
      expect(made.status).toBe(201);
      const subdomain = uniqueSubdomain('crew');
      const ok = await call(client, 'deploy_artifact', {
        code: htmlArtifact('crew'),
        subdomain,
        team: made.body.team.slug,
      });
      expect(ok.isError, text(ok)).toBeFalsy();
      const listed = await server.api('GET', `/api/teams/${made.body.team.id}/sites`, { token });
      expect(listed.body.sites.map((s: { subdomain: string }) => s.subdomain)).toEqual([subdomain]);
    });

    it('deploys a page and answers with its live URL; a broken one with its line', async () => {
      const subdomain = uniqueSubdomain('mortgage');
      const ok = await call(client, 'deploy_artifact', {
        code: sample('15-mortgage-calculator.html'),
        subdomain,
      });
      expect(ok.isError, text(ok)).toBeFalsy();
      const url = `http://${subdomain}.localhost:${server.port}`;
      expect(text(ok)).toContain(url);
      expect(ok.structuredContent).toMatchObject({ url, status: 'SUCCESS', version: 1, subdomain });
      const page = await fetchSite(server.port, subdomain);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Mortgage Payment Calculator');

      const broken = await call(client, 'deploy_artifact', { code: sample(BROKEN), subdomain });
      expect(broken.isError).toBe(true);
      expect(text(broken)).toMatch(/\b31:\d+/);
      expect(text(broken)).toContain('does not match');
      expect(text(broken)).toContain(`subdomain "${subdomain}"`);
      // The failed version does not replace the live one.
      expect((await fetchSite(server.port, subdomain)).text).toContain('Mortgage Payment');

      const logs = await call(client, 'get_deployment_logs', { site: subdomain });
      expect(logs.isError, text(logs)).toBeFalsy();
      expect(text(logs)).toContain('Version 2');
      expect(text(logs)).toContain('FAILED');
      expect(logs.structuredContent).toMatchObject({ version: 2, status: 'FAILED' });
      expect((logs.structuredContent as { logs: string[] }).logs.length).toBeGreaterThan(0);

      const first = await call(client, 'get_deployment_logs', {
        site: url,
        deploymentId: (ok.structuredContent as { deploymentId: string }).deploymentId,
      });
      expect(first.structuredContent).toMatchObject({ version: 1, status: 'SUCCESS' });
    });

    it('lists sites with their URL, status, views and live version', async () => {
      const subdomain = uniqueSubdomain('listed');
      await call(client, 'deploy_artifact', { code: htmlArtifact('listed'), subdomain });
      const listed = await call(client, 'list_sites');
      expect(listed.isError, text(listed)).toBeFalsy();
      const sites = (listed.structuredContent as { sites: any[] }).sites;
      expect(sites.find((s) => s.subdomain === subdomain)).toMatchObject({
        url: `http://${subdomain}.localhost:${server.port}`,
        status: 'ACTIVE',
        views: expect.any(Number),
        currentVersion: 1,
      });
      expect(text(listed)).toContain(`${subdomain}: http://${subdomain}.localhost`);
    });

    it('rolls a site back to an earlier version', async () => {
      const subdomain = uniqueSubdomain('roll');
      await call(client, 'deploy_artifact', { code: htmlArtifact('first'), subdomain });
      const second = await call(client, 'deploy_artifact', {
        code: htmlArtifact('second'),
        subdomain,
      });
      expect(second.structuredContent).toMatchObject({ version: 2, status: 'SUCCESS' });
      expect((await fetchSite(server.port, subdomain)).text).toContain('second');

      const back = await call(client, 'rollback_site', { site: subdomain, version: 1 });
      expect(back.isError, text(back)).toBeFalsy();
      expect(text(back)).toContain('now serves version 1');
      expect((await fetchSite(server.port, subdomain)).text).toContain('first');

      const missing = await call(client, 'rollback_site', { site: subdomain, version: 9 });
      expect(missing.isError).toBe(true);
      expect(text(missing)).toContain('Versions that can be served: 2, 1');
      const unknown = await call(client, 'rollback_site', { site: 'no-such-site', version: 1 });
      expect(unknown.isError).toBe(true);
      expect(text(unknown)).toContain('No site of yours is called "no-such-site"');
    });

    it('deploys several files as a static site, and names a new site from its title', async () => {
      const files = await call(client, 'deploy_artifact', {
        files: filesOf(path.join(CORPUS_DIR, '23-static-site')),
        title: 'Harbor Street Bakery!',
      });
      expect(files.isError, text(files)).toBeFalsy();
      const { url } = files.structuredContent as { url: string };
      const subdomain = subdomainOf(url);
      expect(subdomain).toMatch(/^harbor-street-bakery-[a-z0-9]{4}$/);
      expect((await fetchSite(server.port, subdomain)).text).toContain('Harbor Street Bakery');
      const about = await fetchSite(server.port, subdomain, '/about.html');
      expect(about.status).toBe(200);
      const logo = await fetchSite(server.port, subdomain, '/images/logo.svg');
      expect(logo.text).toContain('<svg');
    });

    it('refuses bad input and the server refusals in words, as tool errors', async () => {
      const both = await call(client, 'deploy_artifact', {
        code: 'x',
        files: [{ path: 'index.html', content: 'x' }],
      });
      expect(both.isError).toBe(true);
      expect(text(both)).toContain('either `code`');
      const reserved = await call(client, 'deploy_artifact', { code: 'x', subdomain: 'www' });
      expect(reserved.isError).toBe(true);
      expect(text(reserved)).toContain('The subdomain "www" is reserved');
    });

    it('refuses a file list that breaks its rules with a 400 in words, before any work', async () => {
      // A path outside the site, or a drive letter (once a 500 with a stack in the log).
      for (const path of ['../evil.html', 'C:/x.html']) {
        await expect(
          call(client, 'deploy_artifact', { files: [{ path, content: 'x' }] }),
        ).rejects.toThrow(/not a relative file path/);
      }
      const raw = await server.api('POST', '/mcp', {
        token,
        headers: { accept: 'application/json, text/event-stream' },
        body: {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: {
            name: 'deploy_artifact',
            arguments: { files: [{ path: 'C:/x.html', content: 'x' }] },
          },
        },
      });
      expect(raw.status).toBe(400);
      expect(raw.body).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32602 } });
      expect(raw.body.error.message).toContain('"C:/x.html" is not a relative file path');
      expect(server.logs.join('')).not.toContain('failed unexpectedly');
    });

    it('refuses guest sessions with a 403 that says to make an access token', async () => {
      const guest = await guestSession(server);
      const res = await server.api('POST', '/mcp', {
        token: guest.token,
        headers: { accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain('Guest sessions cannot use the MCP endpoint');
      expect(res.body.error.message).toContain('access token');
      await expect(httpClient(server, guest.token)).rejects.toThrow(/Guest sessions/);
    });

    it("applies the API's rules: a FREE plan stops at its limit", async () => {
      const free = await registerUser(server);
      const asFree = await httpClient(server, free.token);
      try {
        for (const n of [1, 2, 3]) {
          const res = await call(asFree, 'deploy_artifact', {
            code: htmlArtifact(`free ${n}`),
            subdomain: uniqueSubdomain('free'),
          });
          expect(res.isError, text(res)).toBeFalsy();
        }
        const over = await call(asFree, 'deploy_artifact', {
          code: htmlArtifact('one too many'),
          subdomain: uniqueSubdomain('free'),
        });
        expect(over.isError).toBe(true);
        expect(text(over)).toMatch(/plan/i);
      } finally {
        await asFree.close();
      }
    });

    it('takes access tokens: a deploy token deploys, a read token only reads', async () => {
      const mint = async (scope: 'deploy' | 'read') =>
        (
          await server.api('POST', '/api/tokens', {
            token,
            body: { name: `mcp ${scope}`, scope, expiresInDays: 7 },
          })
        ).body.secret as string;
      const deployer = await httpClient(server, await mint('deploy'));
      const subdomain = uniqueSubdomain('token');
      const ok = await call(deployer, 'deploy_artifact', {
        code: htmlArtifact('Deployed with a token'),
        subdomain,
      });
      expect(ok.isError, text(ok)).toBeFalsy();
      expect((await fetchSite(server.port, subdomain)).text).toContain('Deployed with a token');
      await deployer.close();

      const reader = await httpClient(server, await mint('read'));
      const listed = await call(reader, 'list_sites');
      expect(listed.isError, text(listed)).toBeFalsy();
      expect(text(listed)).toContain(subdomain);
      const refused = await call(reader, 'deploy_artifact', {
        code: htmlArtifact('no'),
        subdomain: uniqueSubdomain('reader'),
      });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain('can only read');
      await reader.close();
    });

    it('answers 401 with WWW-Authenticate without a bearer token, 405 to GET', async () => {
      const init = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const headers = { accept: 'application/json, text/event-stream' };
      const none = await server.api('POST', '/mcp', { body: init, headers });
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(none.body.error.message).toContain('Authorization: Bearer');
      const wrong = await server.api('POST', '/mcp', { body: init, headers, token: 'nope' });
      expect(wrong.status).toBe(401);
      // A session cookie alone does not drive the tools.
      const cookie = await server.api('POST', '/mcp', {
        body: init,
        headers: { ...headers, cookie: `auth_token=${token}` },
      });
      expect(cookie.status).toBe(401);
      expect((await server.api('GET', '/mcp', { token })).status).toBe(405);
      await expect(httpClient(server, 'not-a-token')).rejects.toThrow(/needs an access token/);
    });

    it("answers a plain JSON-RPC POST with JSON and the app's security headers", async () => {
      const res = await server.api('POST', '/mcp', {
        token,
        headers: { accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 7, method: 'tools/list' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.id).toBe(7);
      expect(res.body.result.tools).toHaveLength(4);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('is not reachable on a site host', async () => {
      const subdomain = uniqueSubdomain('nomcp');
      await call(client, 'deploy_artifact', { code: htmlArtifact('static'), subdomain });
      const res = await fetchSite(server.port, subdomain, '/mcp', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      // The site's static hosting answers (it takes no POST), not the MCP route.
      expect(res.status).toBe(405);
      expect(res.text).not.toContain('deploy_artifact');
      expect(res.text).not.toContain('jsonrpc');
    });
  });

  describe('deploy budget', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startTestServer(dialect, { DEPLOY_BURST_LIMIT: '2' });
    });
    afterAll(() => limited?.close());

    it('is the one the API spends: MCP deploys count with pastes and uploads', async () => {
      const { token: own } = await registerUser(limited);
      for (const n of [1, 2]) {
        const res = await deployCode(limited, own, uniqueSubdomain('budget'), htmlArtifact(`${n}`));
        expect(res.status).toBe(201);
      }
      const client = await httpClient(limited, own);
      try {
        const over = await call(client, 'deploy_artifact', { code: htmlArtifact('3') });
        expect(over.isError).toBe(true);
        expect(text(over)).toMatch(/^Too many deployments from your account in a minute/);
        // A large valid site is refused by the spent budget too, and nothing of it is queued.
        const deployments = async () =>
          Number(
            (
              await limited.ctx.db
                .selectFrom('deployments')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const queued = await deployments();
        const files = Array.from({ length: 1000 }, (_, i) => ({
          path: i === 0 ? 'index.html' : `page-${i}.html`,
          content: `<p>${'x'.repeat(9000)}</p>`,
        }));
        const big = await call(client, 'deploy_artifact', { files });
        expect(text(big)).toMatch(/^Too many deployments from your account in a minute/);
        expect(await deployments()).toBe(queued);
      } finally {
        await client.close();
      }
    });
  });
});
