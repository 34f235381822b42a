import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  htmlArtifact,
  slowSiteZip,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
  waitForDeploymentStatus,
} from '../../../test/deploy';
import { guestSession, startTestServer, type TestServer } from '../../../test/server';
import { waitUntil } from '../../../test/wait';
import { REPLACED } from '../domain/deployments/deployments';
import { tooSlow } from './run-deployment';

// Builds that must end before they finish: too slow, their site deleted, a newer version queued.
describeEachDatabase('stopping builds', (dialect) => {
  const slowBuild = async (server: TestServer, token: string, subdomain: string) => {
    const upload = await uploadFile(
      server,
      token,
      { name: 'site.zip', bytes: slowSiteZip('slow'), type: 'application/zip' },
      subdomain,
    );
    expect(upload.status).toBe(201);
    const body = upload.body as { deployment: { id: string }; site: { id: string } };
    const building = await waitForDeploymentStatus(
      server,
      token,
      body.deployment.id,
      (s) => s !== 'PENDING',
    );
    expect(building.status).toBe('BUILDING');
    return { deploymentId: body.deployment.id, siteId: body.site.id };
  };

  describe('under a short time limit', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { BUILD_TIMEOUT_MS: '2000' });
    });
    afterAll(() => server.close());

    it('fails a build that runs past BUILD_TIMEOUT_MS, saying so in seconds', async () => {
      const { token } = await guestSession(server);
      const { deploymentId } = await slowBuild(server, token, uniqueSubdomain('slow'));
      const final = await waitForDeployment(server, token, deploymentId);
      expect(final.status).toBe('FAILED');
      expect(final.errorMessage).toBe(tooSlow(2000));
      expect(final.errorMessage).toContain('longer than 2 seconds');
      expect(server.logs.join('')).toContain('ran past the time limit');
    });
  });

  describe('cancelled builds', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect, { BUILD_CONCURRENCY: '1' });
    });
    afterAll(() => server.close());

    it('a newer version ends the running build of the older one', async () => {
      const { token } = await guestSession(server);
      const subdomain = uniqueSubdomain('newer');
      const { deploymentId } = await slowBuild(server, token, subdomain);
      const v2 = await deployCode(server, token, subdomain, htmlArtifact('second'));
      expect(v2.status).toBe(201);
      const v1 = await waitForDeployment(server, token, deploymentId);
      expect(v1).toMatchObject({ status: 'FAILED', errorMessage: REPLACED });
      expect((await waitForDeployment(server, token, v2.body.deployment.id)).status).toBe(
        'SUCCESS',
      );
    });

    it('deleting the site ends its build, and the next deploy is built', async () => {
      const { token } = await guestSession(server);
      const { siteId } = await slowBuild(server, token, uniqueSubdomain('gone'));
      expect((await server.api('DELETE', `/api/sites/${siteId}`, { token })).status).toBe(200);
      await waitUntil(() => server.logs.some((l) => l.includes('build cancelled (site-deleted)')), {
        what: 'the deleted site’s build to be cancelled',
      });
      const next = await deployCode(server, token, uniqueSubdomain('next'), htmlArtifact('n'));
      expect((await waitForDeployment(server, token, next.body.deployment.id)).status).toBe(
        'SUCCESS',
      );
    });
  });
});
