import { rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { makeZip } from '../../../test/zip';
import { filesOfDeployment } from '../db/queries/deployment-files';
import { blobPath } from '../storage/blob-store';
import { STREAM_ABOVE_BYTES } from './site-cache';

// A stored file lost or damaged after its deploy (a disk fault, a hand in the bucket): the
// visitor gets a clear error page, the operator a log line, the owner a failing site check.
describeEachDatabase('serving a site whose stored files are broken', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function deploySite(files: Record<string, string>) {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('broken');
    const res = await uploadFile(
      server,
      token,
      { name: 'site.zip', bytes: makeZip({ 'index.html': htmlArtifact('ok'), ...files }) },
      subdomain,
    );
    const deployment = await waitForDeployment(server, token, res.body.deployment.id);
    expect(deployment.status).toBe('SUCCESS');
    const rows = await filesOfDeployment(server.ctx.db, deployment.id);
    const blobFile = (p: string) => {
      const row = rows.find((r) => r.path === p);
      if (!row) throw new Error(`no file ${p} in ${rows.map((r) => r.path).join(', ')}`);
      return path.join(server.ctx.config.dataDir, 'blobs', blobPath(row.sha256));
    };
    const siteId = res.body.site.id as string;
    const check = async () => {
      const answer = await server.api('GET', `/api/debug/site-check/${siteId}`, { token });
      return answer.body as {
        ok: boolean;
        checks: Array<{ name: string; ok: boolean; detail: string }>;
      };
    };
    return { subdomain, deployment, blobFile, check };
  }

  const logged = (deploymentId: string, filePath: string, problem: string) =>
    server.logs.some((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return (
        entry.level === 50 &&
        entry.deploymentId === deploymentId &&
        entry.path === filePath &&
        entry.problem === problem
      );
    });

  it('answers a corrupted file with a 500 page, logs it and fails the site check', async () => {
    const site = await deploySite({ 'app.css': 'body { color: teal }' });
    expect((await site.check()).ok).toBe(true);
    writeFileSync(site.blobFile('app.css'), 'body { color: red! }');

    const res = await fetchSite(server.port, site.subdomain, '/app.css', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('missing or damaged');
    expect(res.text).not.toContain('red!');
    expect(logged(site.deployment.id, 'app.css', 'corrupt')).toBe(true);

    const check = await site.check();
    expect(check.ok).toBe(false);
    expect(check.checks.find((c) => c.name === 'Stored files intact')).toMatchObject({
      ok: false,
      detail: expect.stringContaining('app.css (damaged)'),
    });
  });

  it('answers a missing file with a 500 page, not a 404, and logs it', async () => {
    const site = await deploySite({ 'gone.txt': 'soon gone' });
    rmSync(site.blobFile('gone.txt'));
    const res = await fetchSite(server.port, site.subdomain, '/gone.txt', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(500);
    expect(res.text).toContain('missing or damaged');
    expect(logged(site.deployment.id, 'gone.txt', 'missing')).toBe(true);
    const check = await site.check();
    expect(check.checks.find((c) => c.name === 'Stored files intact')).toMatchObject({
      ok: false,
      detail: expect.stringContaining('gone.txt (missing)'),
    });
  });

  it('cuts a streamed large file whose bytes were damaged, and logs it', async () => {
    const big = 'x'.repeat(STREAM_ABOVE_BYTES + 1000);
    const site = await deploySite({ 'big.txt': big });
    writeFileSync(site.blobFile('big.txt'), 'y'.repeat(big.length));
    // The status line went out before the damage could be seen: the connection is cut
    // short of the announced length.
    const res = await new Promise<{ complete: boolean; received: number; length: number }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/big.txt',
            headers: { host: `${site.subdomain}.localhost:${server.port}` },
          },
          (response) => {
            let received = 0;
            response.on('data', (chunk: Buffer) => (received += chunk.byteLength));
            response.on('error', () => {});
            response.on('close', () =>
              resolve({
                complete: response.complete,
                received,
                length: Number(response.headers['content-length']),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(res.length).toBe(big.length);
    expect(res.complete).toBe(false);
    expect(res.received).toBeLessThan(big.length);
    expect(logged(site.deployment.id, 'big.txt', 'corrupt')).toBe(true);
  });
});
