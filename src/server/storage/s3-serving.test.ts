import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
} from '../../../test/deploy';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { guestSession, startTestServer, type TestServer } from '../../../test/server';
import { makeZip } from '../../../test/zip';
import { STREAM_ABOVE_BYTES } from '../hosting/site-cache';
import { UNREFERENCED_KEEP_MS } from '../domain/blobs';
import { collectGarbage } from '../domain/deployments/retention';
import { S3BlobStore } from './s3-blob-store';

const sha = (data: string) => createHash('sha256').update(data).digest('hex');

/** A client of the test server's bucket, to see what the product stored there. */
function bucketOf(s3: TestS3Server): S3BlobStore {
  const { endpoint, bucket, region, accessKeyId, secretAccessKey } = s3;
  return new S3BlobStore({ endpoint, bucket, region, accessKeyId, secretAccessKey });
}

describeEachDatabase('a server with S3_* set', (dialect) => {
  let s3: TestS3Server;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer(dialect, s3.env);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('deploys an HTML page over the API and serves it from the bucket', async () => {
    const { token } = await guestSession(server);
    const subdomain = uniqueSubdomain('s3-page');
    const code = htmlArtifact('Served from S3');
    const res = await deployCode(server, token, subdomain, code);
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');

    const page = await fetchSite(server.port, subdomain, '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Served from S3</h1>');

    const bucket = bucketOf(s3);
    try {
      // The page as served (identity encoding) and the pasted source both live in the bucket.
      expect(await bucket.has(sha(page.text))).toBe(true);
      expect(await bucket.has(sha(code))).toBe(true);
    } finally {
      bucket.close();
    }
    expect(existsSync(path.join(server.ctx.config.dataDir, 'blobs'))).toBe(false);
  });

  it('streams a large file from the bucket, whole or as a range', async () => {
    const { token } = await guestSession(server);
    const subdomain = uniqueSubdomain('s3-range');
    const big = 'abcdefghij'.repeat(STREAM_ABOVE_BYTES / 10 + 5000);
    const zip = makeZip({ 'index.html': htmlArtifact('big'), 'big.txt': big });
    const res = await uploadFile(server, token, { name: 'site.zip', bytes: zip }, subdomain);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    const identity = { 'accept-encoding': 'identity' };
    expect((await fetchSite(server.port, subdomain, '/big.txt', { headers: identity })).text).toBe(
      big,
    );
    const part = await fetchSite(server.port, subdomain, '/big.txt', {
      headers: { range: `bytes=${STREAM_ABOVE_BYTES + 3}-${STREAM_ABOVE_BYTES + 9}` },
    });
    expect(part.status).toBe(206);
    expect(part.text).toBe(big.slice(STREAM_ABOVE_BYTES + 3, STREAM_ABOVE_BYTES + 10));
  });

  it('collects from the bucket the files of a deleted site, keeping those a live site uses', async () => {
    const { token } = await guestSession(server);
    const live = htmlArtifact('Still live');
    const own = htmlArtifact('Only in the deleted site');
    const kept = await deployCode(server, token, uniqueSubdomain('s3-kept'), live);
    const gone = await deployCode(server, token, uniqueSubdomain('s3-gone'), own);
    await waitForDeployment(server, token, kept.body.deployment.id);
    await waitForDeployment(server, token, gone.body.deployment.id);
    const bucket = bucketOf(s3);
    try {
      expect(await bucket.has(sha(own))).toBe(true);
      const del = await server.api('DELETE', `/api/sites/${gone.body.site.id}`, { token });
      expect(del.status).toBe(200);
      await collectGarbage(server.ctx, Date.now() + UNREFERENCED_KEEP_MS);
      expect(await bucket.has(sha(own))).toBe(false);
      expect(await bucket.has(sha(live))).toBe(true);
    } finally {
      bucket.close();
    }
  });

  // Stops the bucket, so it runs last.
  it('keeps serving hot files while the bucket is down, and answers 500 for cold ones', async () => {
    const { token } = await guestSession(server);
    const subdomain = uniqueSubdomain('s3-outage');
    const zip = makeZip({
      'index.html': '<!doctype html><title>Home</title><h1>Home page</h1>',
      'about.html': '<!doctype html><title>About</title><h1>About page</h1>',
    });
    const res = await uploadFile(server, token, { name: 'site.zip', bytes: zip }, subdomain);
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    expect((await fetchSite(server.port, subdomain, '/')).text).toContain('Home page');

    await s3.close();
    // Hosting's memory answers the page it has served, so S3 is off the hot path...
    const hot = await fetchSite(server.port, subdomain, '/');
    expect(hot.status).toBe(200);
    expect(hot.text).toContain('Home page');
    // ...and a file it never read is an error, not a "no such page".
    expect((await fetchSite(server.port, subdomain, '/about.html')).status).toBe(500);
  });
});
