import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, spawnServer, type ChildServer } from '../../../test/child-server';
import {
  createTestDatabaseTarget,
  describeEachDatabase,
  type TestDatabaseTarget,
} from '../../../test/databases';
import { fetchSite, htmlArtifact } from '../../../test/deploy';
import { makeZip } from '../../../test/zip';
import { RESTARTED } from './queue';

// Text that compresses slowly at brotli's top quality: the build takes seconds, long
// enough to kill the server in the middle of it.
function slowSite(): Buffer {
  const words = Array.from({ length: 5000 }, (_, i) =>
    Math.random()
      .toString(36)
      .slice(2, 4 + (i % 8)),
  );
  const files: Record<string, string> = { 'index.html': htmlArtifact('second version') };
  for (let f = 0; f < 34; f++) {
    let text = '';
    while (text.length < 250 * 1024) text += `${words[Math.floor(Math.random() * words.length)]} `;
    files[`data/part-${f}.txt`] = text;
  }
  return makeZip(files);
}

describeEachDatabase('restart during a build', (dialect) => {
  let target: TestDatabaseTarget;
  let server: ChildServer | null = null;
  let env: Record<string, string>;
  beforeAll(async () => {
    target = await createTestDatabaseTarget(dialect);
    env = {
      DATA_DIR: target.dataDir,
      PORT: String(await freePort()),
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    };
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await target.cleanup();
  });

  it('ends the stuck deployment honestly and keeps serving the previous version', async () => {
    server = await spawnServer(env);
    const api = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(server!.url + path, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as any;
    };
    const waitFor = async (id: string, token: string, done: (status: string) => boolean) => {
      const end = Date.now() + 90_000;
      for (;;) {
        const { deployment } = await api('GET', `/api/deployments/${id}`, token);
        if (done(deployment.status)) return deployment;
        if (Date.now() > end) throw new Error(`still ${deployment.status}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const { token } = await api('POST', '/api/auth/guest');
    const v1 = await api('POST', '/api/deployments/deploy/code', token, {
      subdomain: 'survivor',
      code: htmlArtifact('first version'),
    });
    await waitFor(v1.deployment.id, token, (s) => s === 'SUCCESS');
    const serves = async (text: string) => {
      const page = await fetchSite(server!.port, 'survivor');
      expect(page.status).toBe(200);
      expect(page.text).toContain(text);
    };
    await serves('first version');

    const form = new FormData();
    form.append('subdomain', 'survivor');
    form.append('file', new Blob([slowSite() as BlobPart]), 'site.zip');
    const upload = await fetch(`${server.url}/api/deployments/deploy/file`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(upload.status).toBe(201);
    const v2 = ((await upload.json()) as any).deployment.id as string;
    const building = await waitFor(v2, token, (s) => s !== 'PENDING');
    expect(building.status).toBe('BUILDING');
    await serves('first version');
    server.child.kill('SIGKILL');
    await server.exited;

    server = await spawnServer(env);
    await serves('first version');
    const final = await waitFor(v2, token, (s) => s === 'SUCCESS' || s === 'FAILED');
    expect(final.buildLogs).toContain('The server restarted during this build');
    if (final.status === 'FAILED') {
      expect(final.errorMessage).toBe(RESTARTED);
      await serves('first version');
    } else {
      await serves('second version');
    }
  });
});
