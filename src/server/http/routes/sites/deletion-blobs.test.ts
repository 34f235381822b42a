import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../../../test/server';

// A deleted site or account takes its source with it at once, not at a later collection.
describeEachDatabase('deleting a site or an account removes its sources', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server?.close());

  /** A live site of `token`'s and the hash of its source, stored. */
  const liveSite = async (token: string) => {
    const subdomain = uniqueSubdomain('gone');
    // Unique content: no other test's deployment shares this source.
    const res = await deployCode(
      server,
      token,
      subdomain,
      htmlArtifact(`${subdomain} ${Math.random()}`),
    );
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    const { source_sha256: sha256 } = await server.ctx.db
      .selectFrom('deployments')
      .select('source_sha256')
      .where('id', '=', res.body.deployment.id)
      .executeTakeFirstOrThrow();
    expect(await server.ctx.blobs.has(sha256)).toBe(true);
    return { id: res.body.site.id as string, sha256 };
  };
  const blobRow = (sha256: string) =>
    server.ctx.db
      .selectFrom('blobs')
      .select('sha256')
      .where('sha256', '=', sha256)
      .executeTakeFirst();

  it("a deleted site's source is gone from the disk at once", async () => {
    const { token } = await registerUser(server);
    const site = await liveSite(token);
    expect((await server.api('DELETE', `/api/sites/${site.id}`, { token })).status).toBe(200);
    expect(await server.ctx.blobs.has(site.sha256)).toBe(false);
    expect(await blobRow(site.sha256)).toBeUndefined();
  });

  it("a deleted account's sources are gone from the disk at once", async () => {
    const auth = await registerUser(server);
    const sites = [await liveSite(auth.token), await liveSite(auth.token)];
    const res = await server.api('DELETE', '/api/auth/me', {
      token: auth.token,
      body: { email: auth.user.email },
    });
    expect(res.status).toBe(200);
    for (const site of sites) {
      expect(await server.ctx.blobs.has(site.sha256)).toBe(false);
      expect(await blobRow(site.sha256)).toBeUndefined();
    }
  });

  it('a source another site also uses stays', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const code = htmlArtifact(`shared ${Math.random()}`);
    const deploys = [];
    for (const token of [a.token, b.token]) {
      const res = await deployCode(server, token, uniqueSubdomain('shared'), code);
      await waitForDeployment(server, token, res.body.deployment.id);
      deploys.push(res.body);
    }
    const { source_sha256: sha256 } = await server.ctx.db
      .selectFrom('deployments')
      .select('source_sha256')
      .where('id', '=', deploys[0]!.deployment.id)
      .executeTakeFirstOrThrow();
    await server.api('DELETE', `/api/sites/${deploys[0]!.site.id}`, { token: a.token });
    expect(await server.ctx.blobs.has(sha256)).toBe(true);
  });
});
