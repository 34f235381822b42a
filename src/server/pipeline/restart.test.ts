import { expect, it } from 'vitest';
import type { ChildServer } from '../../../test/child-server';
import { describeEachDatabase } from '../../../test/databases';
import { restartableServer } from '../../../test/restartable-server';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  slowSiteZip,
  uploadFile,
  waitForDeployment,
  waitForDeploymentStatus,
} from '../../../test/deploy';
import { apiClient, guestSession } from '../../../test/server';
import { RESTARTED } from './build-queue';

describeEachDatabase('restart or kill -9 during a build', (dialect) => {
  const node = restartableServer(dialect);
  let server: ChildServer | null = null;

  // Two cold server starts and a slow build: minutes on a busy two-core machine.
  it('ends the stuck deployment honestly and keeps serving the previous version', async () => {
    server = await node.start();
    // The same address after the restart, so one client serves both processes.
    const api = apiClient(server.url);
    const { token } = await guestSession({ api });
    const v1 = await deployCode({ api }, token, 'survivor', htmlArtifact('first version'));
    expect(v1.status).toBe(201);
    expect((await waitForDeployment({ api }, token, v1.body.deployment.id)).status).toBe('SUCCESS');
    const serves = async (text: string) => {
      const page = await fetchSite(server!.port, 'survivor');
      expect(page.status).toBe(200);
      expect(page.text).toContain(text);
    };
    await serves('first version');

    const upload = await uploadFile(
      server,
      token,
      { name: 'site.zip', bytes: slowSiteZip('second version'), type: 'application/zip' },
      'survivor',
    );
    expect(upload.status).toBe(201);
    const v2 = (upload.body as { deployment: { id: string } }).deployment.id;
    const building = await waitForDeploymentStatus({ api }, token, v2, (s) => s !== 'PENDING');
    expect(building.status).toBe('BUILDING');
    await serves('first version');
    server.child.kill('SIGKILL');
    await server.exited;

    server = await node.start();
    await serves('first version');
    const final = await waitForDeployment({ api }, token, v2, 300_000);
    expect(final.buildLogs).toContain('The server restarted during this build');
    if (final.status === 'FAILED') {
      expect(final.errorMessage).toBe(RESTARTED);
      await serves('first version');
    } else {
      await serves('second version');
    }
  }, 480_000);
});
