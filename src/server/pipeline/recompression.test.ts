import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  recompressed,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';
import { filesOfDeployment } from '../db/queries/deployment-files';
import { compressText } from '../../builder/compress';

const COMPONENT = `import { useState } from 'react';
export default function Counter() {
  const [count, setCount] = useState(0);
  return <button className="px-4 py-2 rounded bg-blue-600 text-white" onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}
`;

/** A site file as sent for one Accept-Encoding: `body` holds the bytes, not decoded. */
const rawGet = (port: number, subdomain: string, path: string, accept: string) =>
  fetchSite(port, subdomain, path, { headers: { 'accept-encoding': accept } });

describeEachDatabase('compressing a live site again at the best level', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('publishes fast variants, then serves smaller best ones of the same bytes, ETag kept', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('recompress');
    const res = await deployCode(server, token, subdomain, COMPONENT);
    expect(res.status).toBe(201);
    const siteId = res.body.site.id as string;
    const deploymentId = res.body.deployment.id as string;
    const done = await waitForDeployment(server, token, deploymentId);
    expect(done.status).toBe('SUCCESS');
    const first = await filesOfDeployment(server.ctx.db, deploymentId);
    const bundle = first.find((f) => f.path.endsWith('.js') && f.size > 20_000)!;
    expect(bundle).toBeDefined();
    const fastBr = await rawGet(server.port, subdomain, `/${bundle.path}`, 'br');
    expect(fastBr.headers['content-encoding']).toBe('br');
    const identity = brotliDecompressSync(fastBr.body);

    // The site changes once more when the new variants are in place.
    const bundleAfter = await recompressed(server, siteId, deploymentId, bundle);
    expect(bundleAfter.sha256).toBe(bundle.sha256);
    expect(bundleAfter.br_sha256).not.toBe(bundle.br_sha256);

    const bestBr = await rawGet(server.port, subdomain, `/${bundle.path}`, 'br');
    expect(bestBr.body.byteLength).toBeLessThan(fastBr.body.byteLength);
    expect(brotliDecompressSync(bestBr.body).equals(identity)).toBe(true);
    // exactly what the best level makes: the new variant is the one served
    expect(bestBr.body.equals(Buffer.from(compressText(identity, 'best').br))).toBe(true);
    expect(bestBr.headers.etag).toBe(fastBr.headers.etag);
    const gzip = await rawGet(server.port, subdomain, `/${bundle.path}`, 'gzip');
    expect(gunzipSync(gzip.body).equals(identity)).toBe(true);
    // The fast variants are no longer referenced: nothing stored still points at them.
    const stillNamed = await server.ctx.db
      .selectFrom('deployment_files')
      .select('path')
      .where('br_sha256', '=', bundle.br_sha256)
      .execute();
    expect(stillNamed).toEqual([]);
  });

  it('begins only once the node has built nothing for a second, so a run of deploys keeps the cores', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('quiet');
    // Both heard from the start: the build may end before the deploy's answer arrives.
    const finishedAt = new Map<string, number>();
    const offFinished = server.ctx.events.on('deployment.finished', (e) => {
      finishedAt.set(e.deployment.id, performance.now());
    });
    const res = await deployCode(server, token, subdomain, COMPONENT);
    const siteId = res.body.site.id as string;
    const deploymentId = res.body.deployment.id as string;
    expect((await waitForDeployment(server, token, deploymentId)).status).toBe('SUCCESS');
    const fast = (await filesOfDeployment(server.ctx.db, deploymentId)).find(
      (f) => f.path.endsWith('.js') && f.size > 20_000,
    )!;
    await recompressed(server, siteId, deploymentId, fast);
    const replacedAt = performance.now();
    offFinished();
    // No build ran after this one: its pass waited the quiet second, then ran. (It used to
    // begin at once, and replaced the variants after its half-second of brotli.)
    expect(replacedAt - finishedAt.get(deploymentId)!).toBeGreaterThanOrEqual(950);
  });
});
