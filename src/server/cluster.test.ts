import { existsSync } from 'node:fs';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeploymentUpdateEvent, JoinAck, SiteUpdateEvent } from '../shared/events';
import { sha256Hex } from './lib/ids';
import { S3BlobStore } from './storage/s3-blob-store';
import {
  clusterUnavailable,
  startCluster,
  type Cluster,
  type ClusterNode,
} from '../../test/cluster';
import { stopServer } from '../../test/child-server';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  slowSiteZip,
  uploadFile,
} from '../../test/deploy';
import { apiClient, registerUser } from '../../test/server';
import { waitForEvent } from '../../test/wait';

// Two web nodes and a separate build worker over PostgreSQL, Redis and an S3 server: the
// product as an operator scales it out. Skips, saying why, only where Redis or PostgreSQL
// do not answer.
const unavailable = await clusterUnavailable();
if (unavailable) console.warn(`cluster test skipped: ${unavailable}`);

const final = (e: DeploymentUpdateEvent) => e.status === 'SUCCESS' || e.status === 'FAILED';

describe.skipIf(unavailable !== null)('several processes, one product', () => {
  let cluster: Cluster;
  let token: string;
  let socketOnB: Socket;
  const join = (event: string, id: string) =>
    socketOnB.timeout(5000).emitWithAck(event, id) as Promise<JoinAck>;

  beforeAll(async () => {
    // The slow upload below must outlive a worker's death on a busy machine; the build time
    // limit has its own test (stopping.test.ts).
    cluster = await startCluster(2, { BUILD_TIMEOUT_MS: '600000' });
    const [a, b] = cluster.webs;
    token = (await registerUser({ api: apiClient(a!.url) })).token;
    socketOnB = io(b!.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    await waitForEvent(socketOnB, 'connect');
  }, 180_000);
  afterAll(async () => {
    socketOnB?.disconnect();
    await cluster?.close();
  });

  it('builds on the worker what web A was given, live on web B, served by both at once', async () => {
    const [a, b] = cluster.webs as [ClusterNode, ClusterNode];
    const apiA = { api: apiClient(a.url) };
    const subdomain = uniqueSubdomain('cluster');

    const v1 = await deployCode(apiA, token, subdomain, htmlArtifact('version one'));
    expect(v1.status).toBe(201);
    expect(await join('join-site', v1.body.site.id)).toEqual({ ok: true });
    const first = await waitForEvent<DeploymentUpdateEvent>(
      socketOnB,
      'deployment-update',
      (e) => e.deploymentId === v1.body.deployment.id && final(e),
    );
    expect(first.status).toBe('SUCCESS');
    // Both nodes serve it, and now both hold it in their caches.
    for (const node of [a, b])
      expect((await fetchSite(node.port, subdomain)).text).toContain('version one');

    // A redeploy through A, watched on B: the moment B's socket says SUCCESS, both serve it.
    const events: DeploymentUpdateEvent[] = [];
    socketOnB.on('deployment-update', (e: DeploymentUpdateEvent) => events.push(e));
    const v2 = await deployCode(apiA, token, subdomain, htmlArtifact('version two'));
    const done = await waitForEvent<DeploymentUpdateEvent>(
      socketOnB,
      'deployment-update',
      (e) => e.deploymentId === v2.body.deployment.id && final(e),
    );
    expect(done.status).toBe('SUCCESS');
    const seen = events
      .filter((e) => e.deploymentId === v2.body.deployment.id)
      .map((e) => e.status);
    expect(seen).toEqual(expect.arrayContaining(['PENDING', 'BUILDING', 'SUCCESS']));
    for (const node of [a, b])
      expect((await fetchSite(node.port, subdomain)).text).toContain('version two');

    // A rollback on A: B hears the site change and serves version one again.
    const rolledBack = waitForEvent<SiteUpdateEvent>(
      socketOnB,
      'site-update',
      (e) => e.siteId === v1.body.site.id && e.status === 'ACTIVE',
    );
    const rollback = await apiA.api('POST', `/api/sites/${v1.body.site.id}/rollback`, {
      token,
      body: { deploymentId: v1.body.deployment.id },
    });
    expect(rollback.status).toBe(200);
    await rolledBack;
    for (const node of [a, b])
      expect((await fetchSite(node.port, subdomain)).text).toContain('version one');

    // The files live in the bucket, not in any node's folder.
    const { endpoint, bucket, region, accessKeyId, secretAccessKey } = cluster.s3;
    const store = new S3BlobStore({ endpoint, bucket, region, accessKeyId, secretAccessKey });
    const served = (await fetchSite(b.port, subdomain)).text;
    expect(await store.has(sha256Hex(served))).toBe(true);
    expect(await store.has(sha256Hex(htmlArtifact('version two')))).toBe(true);
    store.close();
    for (const node of [...cluster.webs, ...cluster.workers]) {
      expect(existsSync(path.join(node.dataDir, 'blobs'))).toBe(false);
    }
  });

  it('ends a build honestly when its worker dies and another takes over', async () => {
    const [a] = cluster.webs as [ClusterNode];
    const subdomain = uniqueSubdomain('orphan');
    const upload = await uploadFile(
      a,
      token,
      { name: 'site.zip', bytes: slowSiteZip('survived', 600), type: 'application/zip' },
      subdomain,
    );
    expect(upload.status).toBe(201);
    const { deployment, site } = upload.body as {
      deployment: { id: string };
      site: { id: string };
    };
    expect(await join('join-deployment', deployment.id)).toEqual({ ok: true });
    await waitForEvent<DeploymentUpdateEvent>(
      socketOnB,
      'deployment-update',
      (e) => e.deploymentId === deployment.id && e.status === 'BUILDING',
    );
    const [dying] = cluster.workers;
    dying!.child.kill('SIGKILL');
    await dying!.exited;
    const ended = waitForEvent<DeploymentUpdateEvent>(
      socketOnB,
      'deployment-update',
      (e) => e.deploymentId === deployment.id && final(e),
      // a new worker's cold start and the whole build again, on a machine that may be busy
      300_000,
    );
    await cluster.startWorker();
    const last = await ended;
    // Built again by the new worker, or failed with a reason a person understands.
    if (last.status === 'FAILED') expect(last.errorMessage).toMatch(/restarted/);
    else expect(last.logs.join('\n')).toMatch(/building it again/);
    const api = apiClient(a.url);
    const shown = await api('GET', `/api/sites/${site.id}`, { token });
    expect(shown.body.site.status).toBe(last.status === 'SUCCESS' ? 'ACTIVE' : 'ERROR');
    await stopServer(dying);
  }, 400_000);
});
