import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  SiteUpdateEvent,
  SystemUpdateEvent,
  UserUpdateEvent,
} from '../../../../shared/events';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../../../test/deploy';
import {
  guestSession,
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { fetchHost } from '../../../../../test/host-request';
import { waitForEvent, waitUntil } from '../../../../../test/wait';
import { REPORTS_PER_ADDRESS_PER_HOUR } from '../../../domain/operations/reports';

const OPERATOR = 'ops@example.com';

/** Every /api/admin call, with a body that would pass validation. */
const ADMIN_CALLS: Array<[string, string, unknown?]> = [
  ['GET', '/api/admin/users?q=a'],
  ['GET', '/api/admin/sites?q=a'],
  ['GET', '/api/admin/sites/x'],
  ['POST', '/api/admin/sites/x/disable', { reason: 'phishing' }],
  ['POST', '/api/admin/sites/x/enable', {}],
  ['POST', '/api/admin/users/x/suspend', { reason: 'spam' }],
  ['POST', '/api/admin/users/x/unsuspend', {}],
  ['GET', '/api/admin/reports'],
  ['POST', '/api/admin/reports/x/resolve', {}],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/announcements'],
  ['POST', '/api/admin/announcements', { message: 'm', expiresAt: new Date().toISOString() }],
  ['POST', '/api/admin/announcements/x/end', {}],
  ['GET', '/api/admin/no-such-thing'],
];

describeEachDatabase('operator console API', (dialect) => {
  let server: TestServer;
  let ops: string;
  let ann: { token: string; id: string; email: string };
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, { ADMIN_EMAILS: OPERATOR });
    ops = (await registerVerifiedUser(server, { email: OPERATOR })).token;
    const a = await registerUser(server);
    ann = { token: a.token, id: a.user.id, email: a.user.email };
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  async function liveSite(token: string, name: string) {
    const subdomain = uniqueSubdomain(name);
    const res = await deployCode(server, token, subdomain, htmlArtifact(`${name} content`));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const done = await waitForDeployment(server, token, res.body.deployment.id);
    expect(done.status).toBe('SUCCESS');
    return { subdomain, siteId: res.body.site.id };
  }

  it('answers 401 signed out, and 403 to FREE users and guests, on every /api/admin call', async () => {
    const guest = (await guestSession(server)).token;
    for (const [method, path, body] of ADMIN_CALLS) {
      const opts = body === undefined ? {} : { body };
      expect((await server.api(method, path, opts)).status, `${method} ${path}`).toBe(401);
      for (const token of [ann.token, guest]) {
        const res = await server.api(method, path, { ...opts, token });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
    }
    // ops@example.com signed up on FREE like anyone; ADMIN_EMAILS makes them an operator once
    // the address is confirmed.
    const ok = await server.api('GET', '/api/admin/users?q=', { token: ops });
    expect(ok.status).toBe(200);
  });

  it('files a report, rate-limited per address, which the console lists and resolves', async () => {
    const { subdomain, siteId } = await liveSite(ann.token, 'reported');
    const bad = await server.api('POST', '/api/reports', {
      body: { siteAddress: 'no-such-site-here', category: 'spam', description: 'nothing here' },
    });
    expect(bad.status).toBe(400);
    const heard: unknown[] = [];
    const off = server.ctx.events.on('abuse.reported', (e) => heard.push(e));
    const filed = await server.api('POST', '/api/reports', {
      body: {
        siteAddress: `http://${subdomain}.localhost:${server.port}/login`,
        category: 'phishing',
        description: 'It asks for my bank password.',
        reporterEmail: 'Visitor@Example.com',
      },
    });
    off();
    expect(filed.status).toBe(201);
    expect(heard).toEqual([
      expect.objectContaining({
        reportId: filed.body.reportId,
        siteId,
        ownerEmail: ann.email,
        category: 'phishing',
        reporterEmail: 'visitor@example.com',
      }),
    ]);

    const open = await server.api('GET', '/api/admin/reports', { token: ops });
    expect(open.body.reports[0]).toMatchObject({
      id: filed.body.reportId,
      siteId,
      subdomain,
      category: 'phishing',
      status: 'OPEN',
    });
    const resolved = await server.api('POST', `/api/admin/reports/${filed.body.reportId}/resolve`, {
      token: ops,
      body: { resolution: 'Site disabled' },
    });
    expect(resolved.status).toBe(200);
    const again = await server.api('POST', `/api/admin/reports/${filed.body.reportId}/resolve`, {
      token: ops,
      body: {},
    });
    expect(again.status).toBe(409);
    const done = await server.api('GET', '/api/admin/reports?status=RESOLVED', { token: ops });
    expect(done.body.reports.map((r: { id: string }) => r.id)).toContain(filed.body.reportId);

    // One report went in above; the address may file the rest of its hour's budget (each of
    // another kind: the same kind again from the same address is the open report, not a new one).
    const kinds = ['spam', 'malware', 'copyright', 'other'] as const;
    for (let i = 1; i < REPORTS_PER_ADDRESS_PER_HOUR; i++) {
      const res = await server.api('POST', '/api/reports', {
        body: { siteAddress: subdomain, category: kinds[i - 1], description: `report number ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const limited = await server.api('POST', '/api/reports', {
      body: { siteAddress: subdomain, category: 'spam', description: 'one report too many' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('searches users and sites, and shows a site with owner, versions and reports', async () => {
    const { subdomain, siteId } = await liveSite(ann.token, 'findme');
    const users = await server.api('GET', `/api/admin/users?q=${ann.email.toUpperCase()}`, {
      token: ops,
    });
    expect(users.body.users.map((u: { id: string }) => u.id)).toEqual([ann.id]);
    const wildcard = await server.api('GET', '/api/admin/users?q=%25', { token: ops });
    expect(wildcard.body.users).toEqual([]);
    for (const q of [subdomain, ann.email]) {
      const sites = await server.api('GET', `/api/admin/sites?q=${encodeURIComponent(q)}`, {
        token: ops,
      });
      expect(sites.body.sites.map((s: { id: string }) => s.id)).toContain(siteId);
    }
    const detail = await server.api('GET', `/api/admin/sites/${siteId}`, { token: ops });
    expect(detail.body.site).toMatchObject({ id: siteId, subdomain, ownerEmail: ann.email });
    expect(detail.body.owner).toMatchObject({ id: ann.id, email: ann.email });
    expect(detail.body.versions).toEqual([expect.objectContaining({ version: 1, isLive: true })]);
    expect(detail.body.reports).toEqual([]);
  });

  it('disables a site (451, files kept, owner told why, redeploy refused) and enables it again', async () => {
    const { subdomain, siteId } = await liveSite(ann.token, 'disable');
    const reason = 'Phishing page imitating a bank';
    // Its verified custom domain is disabled with it.
    const domain = `${subdomain}.example.com`;
    await server.ctx.db
      .updateTable('sites')
      .set({ custom_domain: domain, custom_domain_status: 'VERIFIED' })
      .where('id', '=', siteId)
      .execute();
    // Served once, so the disable must drop a cached site.
    expect((await fetchSite(server.port, subdomain)).status).toBe(200);
    expect((await fetchHost(server.port, domain)).status).toBe(200);
    const res = await server.api('POST', `/api/admin/sites/${siteId}/disable`, {
      token: ops,
      body: { reason },
    });
    expect(res.status).toBe(200);
    for (const path of ['/', '/any/path.js']) {
      const page = await fetchSite(server.port, subdomain, path);
      expect(page.status).toBe(451);
      expect(page.text).toContain('This site has been disabled');
      expect(page.text).not.toContain('disable content');
    }
    const onDomain = await fetchHost(server.port, domain, '/about');
    expect(onDomain.status).toBe(451);
    expect(onDomain.text).toContain('This site has been disabled');
    const own = await server.api('GET', `/api/sites/${siteId}`, { token: ann.token });
    expect(own.body.site).toMatchObject({ status: 'INACTIVE', disabledReason: reason });
    const redeploy = await deployCode(server, ann.token, subdomain, htmlArtifact('v2'));
    expect(redeploy.status).toBe(403);
    expect(redeploy.body.error).toMatchObject({
      code: 'SITE_DISABLED',
      message: expect.stringContaining(`Disabled by the operators: ${reason}`),
    });
    const again = await server.api('POST', `/api/deployments/${siteId}/redeploy`, {
      token: ann.token,
    });
    expect(again.status).toBe(403);

    const enabled = await server.api('POST', `/api/admin/sites/${siteId}/enable`, {
      token: ops,
      body: { reason: 'Owner removed the page' },
    });
    expect(enabled.status).toBe(200);
    const back = await fetchSite(server.port, subdomain);
    expect(back.status).toBe(200);
    expect(back.text).toContain('disable content');

    const audit = await server.api('GET', '/api/admin/audit', { token: ops });
    expect(audit.body.entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'site.enable',
        targetId: siteId,
        actorEmail: OPERATOR,
        reason: 'Owner removed the page',
      }),
      expect.objectContaining({ action: 'site.disable', targetLabel: subdomain, reason }),
    ]);
  });

  it('suspends a user: sessions end, sites disabled, sign-in and deploys refused; unsuspend restores', async () => {
    const password = 'correct horse battery';
    const bob = await registerUser(server, { password });
    const { subdomain, siteId } = await liveSite(bob.token, 'suspended');
    const socket = io(server.url, {
      transports: ['websocket'],
      auth: { token: bob.token },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('join-user', bob.user.id)).toEqual({ ok: true });
    const dropped = waitForEvent(socket, 'disconnect');
    // the open screen hears why before its socket drops, and its site going offline
    const told = waitForEvent<UserUpdateEvent>(socket, 'user-update', (e) =>
      e.type.startsWith('account-'),
    );
    const siteOff = waitForEvent<SiteUpdateEvent>(socket, 'site-update');
    const res = await server.api('POST', `/api/admin/users/${bob.user.id}/suspend`, {
      token: ops,
      body: { reason: 'Repeated phishing' },
    });
    expect(res.status).toBe(200);
    expect(await told).toEqual({ type: 'account-suspended', reason: 'Repeated phishing' });
    expect(await siteOff).toEqual({ siteId, status: 'INACTIVE', teamId: null });
    await dropped;

    const me = await server.api('GET', '/api/auth/me', { token: bob.token });
    expect(me.status).toBe(403);
    expect(me.body.error.message).toContain('This account has been suspended: Repeated phishing');
    const deploy = await deployCode(server, bob.token, uniqueSubdomain('after'), htmlArtifact('x'));
    expect(deploy.status).toBe(403);
    expect(deploy.body.error.code).toBe('ACCOUNT_SUSPENDED');
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: bob.user.email, password },
    });
    expect(login.status).toBe(403);
    expect(login.body.error.message).toContain('This account has been suspended');
    expect((await fetchSite(server.port, subdomain)).status).toBe(451);
    // Public calls still answer the browser holding the dead token.
    expect((await server.api('GET', '/api/announcements', { token: bob.token })).status).toBe(200);
    expect(
      (
        await server.api('POST', `/api/admin/users/${bob.user.id}/suspend`, {
          token: ops,
          body: { reason: '' },
        })
      ).status,
    ).toBe(400);

    const lifted = await server.api('POST', `/api/admin/users/${bob.user.id}/unsuspend`, {
      token: ops,
      body: {},
    });
    expect(lifted.status).toBe(200);
    expect((await fetchSite(server.port, subdomain)).status).toBe(200);
    const relogin = await server.api('POST', '/api/auth/login', {
      body: { email: bob.user.email, password },
    });
    expect(relogin.status).toBe(200);
    const own = await server.api('GET', `/api/sites/${siteId}`, { token: relogin.body.token });
    expect(own.body.site.disabledReason).toBeNull();
  });

  it('notices a disable it never heard of (a missed event) at the next revalidation', async () => {
    const { subdomain, siteId } = await liveSite((await registerUser(server)).token, 'missed');
    expect((await fetchSite(server.port, subdomain)).status).toBe(200);
    // Written behind the bus's back, as a node that missed the event would see it.
    await server.ctx.db
      .updateTable('sites')
      .set({ disabled_at: new Date().toISOString(), disabled_reason: 'missed' })
      .where('id', '=', siteId)
      .execute();
    await waitUntil(async () => (await fetchSite(server.port, subdomain)).status === 451, {
      timeoutMs: 3000,
      what: 'the cached site to be revalidated as disabled',
    });
  });

  it('refuses to suspend an operator', async () => {
    const me = await server.api('GET', '/api/auth/me', { token: ops });
    const res = await server.api('POST', `/api/admin/users/${me.body.user.id}/suspend`, {
      token: ops,
      body: { reason: 'oops' },
    });
    expect(res.status).toBe(400);
  });

  it('pushes announcements to every open socket and serves the active ones until ended', async () => {
    const socket = io(server.url, { transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const pushed = waitForEvent<SystemUpdateEvent>(
      socket,
      'system-update',
      (e) => e.type === 'announcement',
    );
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const posted = await server.api('POST', '/api/admin/announcements', {
      token: ops,
      body: { message: 'Maintenance at 22:00 UTC', level: 'warning', expiresAt },
    });
    expect(posted.status).toBe(201);
    const event = await pushed;
    expect(event).toEqual({ type: 'announcement', announcement: posted.body.announcement });
    const active = await server.api('GET', '/api/announcements');
    expect(active.body.announcements).toEqual([posted.body.announcement]);

    const past = await server.api('POST', '/api/admin/announcements', {
      token: ops,
      body: { message: 'too late', expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);

    const ended = waitForEvent<SystemUpdateEvent>(
      socket,
      'system-update',
      (e) => e.type === 'announcement-ended',
    );
    const end = await server.api(
      'POST',
      `/api/admin/announcements/${posted.body.announcement.id}/end`,
      { token: ops, body: {} },
    );
    expect(end.status).toBe(200);
    expect(await ended).toEqual({ type: 'announcement-ended', id: posted.body.announcement.id });
    expect((await server.api('GET', '/api/announcements')).body.announcements).toEqual([]);
  });
});
