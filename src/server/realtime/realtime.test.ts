import { request } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  DeploymentUpdateEvent,
  JoinAck,
  SiteUpdateEvent,
  UserUpdateEvent,
} from '../../shared/events';
import { describeEachDatabase } from '../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  uploadFile,
  waitForDeployment,
} from '../../../test/deploy';
import { makeZip } from '../../../test/zip';
import { CROSS_SITE_MESSAGE } from '../request-origin';
import { apiClient, registerUser, startTestServer, type TestServer } from '../../../test/server';
import { waitForEvent } from '../../../test/wait';

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
    const site = await deployCode(
      server,
      ann.token,
      uniqueSubdomain('rooms'),
      htmlArtifact('rooms'),
    );
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
    const siteEvents: SiteUpdateEvent[] = [];
    const deployEvents: DeploymentUpdateEvent[] = [];
    socket.on('site-update', (e: SiteUpdateEvent) => siteEvents.push(e));
    socket.on('deployment-update', (e: DeploymentUpdateEvent) => deployEvents.push(e));

    const subdomain = uniqueSubdomain('live');
    const created = waitForEvent<UserUpdateEvent>(
      socket,
      'user-update',
      (e) => e.type === 'site-created',
    );
    const v1 = await deployCode(server, ann.token, subdomain, htmlArtifact('first'));
    expect(await created).toEqual({ type: 'site-created', siteId: v1.body.site.id, teamId: null });
    await waitForDeployment(server, ann.token, v1.body.deployment.id);
    expect(await join(socket, 'join-site', v1.body.site.id)).toEqual({ ok: true });

    deployEvents.length = 0;
    siteEvents.length = 0;
    // The deployment's id is known only once the deploy answers; its events may come sooner.
    const final = waitForEvent<DeploymentUpdateEvent>(
      socket,
      'deployment-update',
      (e) => e.status === 'SUCCESS' || e.status === 'FAILED',
    );
    // The ACTIVE that follows this build's BUILDING, not a late one from the first version.
    let building = false;
    const active = waitForEvent<SiteUpdateEvent>(socket, 'site-update', (e) => {
      if (e.status === 'BUILDING') building = true;
      return building && e.status === 'ACTIVE';
    });
    const v2 = await deployCode(server, ann.token, subdomain, htmlArtifact('second'));
    const id = v2.body.deployment.id;
    expect((await final).deploymentId).toBe(id);
    const mine = deployEvents.filter((e) => e.deploymentId === id);
    const statuses = mine.map((e) => e.status).filter((s, i, all) => all[i - 1] !== s);
    expect(statuses).toEqual(['PENDING', 'BUILDING', 'SUCCESS']);
    const progress = mine.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const last = mine.at(-1)!;
    expect(last).toMatchObject({ status: 'SUCCESS', progress: 100 });
    expect(last.logs.length).toBeGreaterThan(2);
    expect(mine.some((e) => e.status === 'BUILDING' && e.logs.length > 0)).toBe(true);
    await active;
    expect(siteEvents.map((e) => e.status)).toEqual(expect.arrayContaining(['BUILDING', 'ACTIVE']));
    const page = await fetchSite(server.port, subdomain);
    expect(page.status).toBe(200);
    expect(page.text).toContain('second');

    // The API shows what the socket said.
    const api = await server.api('GET', `/api/deployments/${id}`, { token: ann.token });
    expect(api.body.deployment.logs).toEqual(last.logs);

    const deleted = waitForEvent<UserUpdateEvent>(
      socket,
      'user-update',
      (e) => e.type === 'site-deleted',
    );
    await server.api('DELETE', `/api/sites/${v1.body.site.id}`, { token: ann.token });
    expect(await deleted).toEqual({ type: 'site-deleted', siteId: v1.body.site.id, teamId: null });
  });

  it('refuses a cookie socket opened by another site; bearer sockets and the app connect', async () => {
    const ann = await registerUser(server);
    const cookie = `auth_token=${ann.token}`;
    const sibling = `http://evil.${server.ctx.config.sitesDomain}`;
    for (const origin of [sibling, 'https://attacker.example', 'null']) {
      await expect(connect({}, { cookie, origin })).rejects.toThrow(CROSS_SITE_MESSAGE);
    }
    const own = await connect({}, { cookie, origin: server.ctx.config.appOrigin });
    expect(await join(own, 'join-user', ann.user.id)).toEqual({ ok: true });
    const addressed = await connect({}, { cookie, origin: server.url });
    expect(await join(addressed, 'join-user', ann.user.id)).toEqual({ ok: true });
    // A token in the handshake is never sent by a browser on its own.
    const bearer = await connect({ token: ann.token }, { cookie, origin: sibling });
    expect(await join(bearer, 'join-user', ann.user.id)).toEqual({ ok: true });
  });

  it('drops every socket a session authorized when it logs out, and only those', async () => {
    const ann = await registerUser(server);
    const other = await server.api('POST', '/api/auth/login', {
      body: { email: ann.user.email, password: 'correct horse battery' },
    });
    expect(other.status).toBe(200);
    const byToken = await connect({ token: ann.token });
    const byCookie = await connect({}, { cookie: `auth_token=${ann.token}` });
    const otherSession = await connect({ token: other.body.token as string });
    for (const s of [byToken, byCookie, otherSession]) {
      expect(await join(s, 'join-user', ann.user.id)).toEqual({ ok: true });
    }
    const dropped = [byToken, byCookie].map((s) => waitForEvent<string>(s, 'disconnect'));
    const out = await server.api('POST', '/api/auth/logout', { token: ann.token });
    expect(out.status).toBe(200);
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(otherSession.connected).toBe(true);
    expect(await join(otherSession, 'join-site', 'no-such-site')).toEqual({
      ok: false,
      error: 'Not found',
    });
  });

  it("tells the account's open screens when one of its sessions ends", async () => {
    const ann = await registerUser(server);
    const login = async () => {
      const res = await server.api('POST', '/api/auth/login', {
        body: { email: ann.user.email, password: 'correct horse battery' },
      });
      return res.body.token as string;
    };
    const [laptop, phone, tablet] = [await login(), await login(), await login()];
    // Settings on this screen joins no room: the account's own room reaches it
    const watching = await connect({ token: ann.token });
    const ended = () =>
      waitForEvent<UserUpdateEvent>(watching, 'user-update', (e) => e.type === 'sessions-changed');
    // signed out on its own device
    let heard = ended();
    expect((await server.api('POST', '/api/auth/logout', { token: phone })).status).toBe(200);
    expect(await heard).toEqual({ type: 'sessions-changed' });
    // signed out from another device's Sessions list
    const listed = await server.api('GET', '/api/auth/sessions', { token: tablet });
    const current = (listed.body.sessions as { id: string; current: boolean }[]).find(
      (s) => s.current,
    )!;
    const bob = await registerUser(server);
    const theirs = await connect({ token: bob.token });
    const strayed: unknown[] = [];
    theirs.on('user-update', (e: unknown) => strayed.push(e));
    heard = ended();
    const out = await server.api('DELETE', `/api/auth/sessions/${current.id}`, { token: laptop });
    expect(out.status).toBe(204);
    expect(await heard).toEqual({ type: 'sessions-changed' });
    // another account hears nothing of it
    expect(strayed).toEqual([]);
  });

  it("answers on the app's host only: a site's own /socket.io/ stays the site's", async () => {
    const ann = await registerUser(server);
    const subdomain = uniqueSubdomain('sockpath');
    const zip = makeZip({
      'index.html': htmlArtifact('home'),
      'socket.io/index.html': htmlArtifact('the site own socket page'),
    });
    const up = await uploadFile(server, ann.token, { name: 'site.zip', bytes: zip }, subdomain);
    expect(up.status).toBe(201);
    expect((await waitForDeployment(server, ann.token, up.body.deployment.id)).status).toBe(
      'SUCCESS',
    );
    for (const path of ['/socket.io/', '/socket.io/?EIO=4&transport=polling']) {
      const page = await fetchSite(server.port, subdomain, path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('the site own socket page');
    }
    // A websocket upgrade on a site's host is not socket.io's either.
    const upgrade = await new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port: server.port,
        path: '/socket.io/?EIO=4&transport=websocket',
        headers: {
          host: `${subdomain}.localhost:${server.port}`,
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      req.on('upgrade', () => resolve(101));
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end();
    });
    expect(upgrade).toBe(404);
    // The app's host still speaks socket.io, by polling and by websocket.
    const handshake = await apiClient(server.url)('GET', '/socket.io/?EIO=4&transport=polling');
    expect(handshake.status).toBe(200);
    expect(String(handshake.body)).toMatch(/^0\{"sid":/);
    const socket = await connect({ token: ann.token });
    expect(await join(socket, 'join-user', ann.user.id)).toEqual({ ok: true });
  });
});
