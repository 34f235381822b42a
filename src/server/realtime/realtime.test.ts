import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  DeploymentUpdateEvent,
  JoinAck,
  SiteUpdateEvent,
  UserUpdateEvent,
} from '../../shared/events';
import { describeEachDatabase } from '../../../test/databases';
import { deployCode, fetchSite, htmlArtifact, waitForDeployment } from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';

let n = 0;
const sub = (name: string) => `${name}-${Date.now().toString(36)}-${++n}`;

describeEachDatabase('realtime', (dialect) => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  async function connect(auth: Record<string, string> = {}, headers?: Record<string, string>) {
    const socket = io(server.url, {
      transports: ['websocket'],
      auth,
      ...(headers ? { extraHeaders: headers } : {}),
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return socket;
  }
  const join = (socket: Socket, event: string, id: string) =>
    socket.timeout(5000).emitWithAck(event, id) as Promise<JoinAck>;

  it('joins only rooms the user owns', async () => {
    const ann = await registerUser(server);
    const bob = await registerUser(server);
    const site = await deployCode(server, ann.token, sub('rooms'), htmlArtifact('rooms'));
    const annSocket = await connect({ token: ann.token });
    const bobSocket = await connect({}, { cookie: `auth_token=${bob.token}` });
    const anon = await connect();
    expect(await join(annSocket, 'join-user', ann.user.id)).toEqual({ ok: true });
    expect(await join(annSocket, 'join-site', site.body.site.id)).toEqual({ ok: true });
    expect(await join(annSocket, 'join-deployment', site.body.deployment.id)).toEqual({ ok: true });
    // The cookie authenticates too; a stranger is refused every room of Ann's.
    expect(await join(bobSocket, 'join-user', bob.user.id)).toEqual({ ok: true });
    for (const [event, id] of [
      ['join-user', ann.user.id],
      ['join-site', site.body.site.id],
      ['join-deployment', site.body.deployment.id],
    ] as const) {
      expect((await join(bobSocket, event, id)).ok).toBe(false);
      expect((await join(anon, event, id)).ok).toBe(false);
    }
  });

  it("sees a deployment's whole event sequence, then the site answers on its host", async () => {
    const ann = await registerUser(server);
    const socket = await connect({ token: ann.token });
    expect(await join(socket, 'join-user', ann.user.id)).toEqual({ ok: true });
    const userEvents: UserUpdateEvent[] = [];
    const siteEvents: SiteUpdateEvent[] = [];
    const deployEvents: DeploymentUpdateEvent[] = [];
    socket.on('user-update', (e: UserUpdateEvent) => userEvents.push(e));
    socket.on('site-update', (e: SiteUpdateEvent) => siteEvents.push(e));
    socket.on('deployment-update', (e: DeploymentUpdateEvent) => deployEvents.push(e));

    const subdomain = sub('live');
    const v1 = await deployCode(server, ann.token, subdomain, htmlArtifact('first'));
    await waitForDeployment(server, ann.token, v1.body.deployment.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(userEvents).toContainEqual({ type: 'site-created', siteId: v1.body.site.id });
    expect(await join(socket, 'join-site', v1.body.site.id)).toEqual({ ok: true });

    deployEvents.length = 0;
    siteEvents.length = 0;
    const v2 = await deployCode(server, ann.token, subdomain, htmlArtifact('second'));
    const id = v2.body.deployment.id;
    const success = new Promise<void>((resolve) =>
      socket.on('deployment-update', (e: DeploymentUpdateEvent) => {
        if (e.deploymentId === id && e.status !== 'PENDING' && e.status !== 'BUILDING') resolve();
      }),
    );
    await success;
    const mine = deployEvents.filter((e) => e.deploymentId === id);
    const statuses = mine.map((e) => e.status).filter((s, i, all) => all[i - 1] !== s);
    expect(statuses).toEqual(['PENDING', 'BUILDING', 'SUCCESS']);
    const progress = mine.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const last = mine.at(-1)!;
    expect(last).toMatchObject({ status: 'SUCCESS', progress: 100 });
    expect(last.logs.length).toBeGreaterThan(2);
    expect(mine.some((e) => e.status === 'BUILDING' && e.logs.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(siteEvents.map((e) => e.status)).toEqual(expect.arrayContaining(['BUILDING', 'ACTIVE']));
    const page = await fetchSite(server.port, subdomain);
    expect(page.status).toBe(200);
    expect(page.text).toContain('second');

    // The API shows what the socket said.
    const api = await server.api('GET', `/api/deployments/${id}`, { token: ann.token });
    expect(api.body.deployment.logs).toEqual(last.logs);

    await server.api('DELETE', `/api/sites/${v1.body.site.id}`, { token: ann.token });
    await new Promise((r) => setTimeout(r, 100));
    expect(userEvents).toContainEqual({ type: 'site-deleted', siteId: v1.body.site.id });
  });
});
