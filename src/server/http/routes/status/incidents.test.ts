import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IncidentResponse, StatusResponse } from '../../../../shared/status';
import { STATUS_CANARY_EMAIL } from '../../../db/queries/status';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  registerUser,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';

const OPERATOR = 'status-ops@example.com';

describeEachDatabase('incidents on the status page', (dialect) => {
  let server: TestServer;
  let ops: string;
  let customer: string;
  beforeAll(async () => {
    // One round of checks at start, then none: this file is about what operators post.
    server = await startTestServer(dialect, {
      ADMIN_EMAILS: OPERATOR,
      STATUS_CHECKS: 'true',
      STATUS_CHECK_INTERVAL_SECONDS: '3600',
    });
    ops = (await registerVerifiedUser(server, { email: OPERATOR })).token;
    customer = (await registerUser(server)).token;
  }, 60_000);
  afterAll(async () => server?.close());

  const open = (body: unknown, token = ops) =>
    server.api<IncidentResponse>('POST', '/api/admin/status/incidents', { token, body });

  it('refuses the console calls to everyone but operators, and says what is wrong in bad input', async () => {
    const body = { title: 't', message: 'm', parts: ['hosting'] };
    expect((await server.api('POST', '/api/admin/status/incidents', { body })).status).toBe(401);
    expect((await open(body, customer)).status).toBe(403);
    expect((await server.api('GET', '/api/admin/status', { token: customer })).status).toBe(403);
    const noParts = await open({ title: 'Slow builds', message: 'Looking', parts: [] });
    expect(noParts.status).toBe(400);
    expect(JSON.stringify(noParts.body)).toMatch(/choose the parts affected/);
    const badPart = await open({ title: 'x', message: 'y', parts: ['kitchen'] });
    expect(badPart.status).toBe(400);
    const missing = await server.api('POST', '/api/admin/status/incidents/nope/updates', {
      token: ops,
      body: { state: 'monitoring', message: 'm' },
    });
    expect(missing.status).toBe(404);
    // Nothing half-written: the refused ones are nowhere.
    const page = await server.api<StatusResponse>('GET', '/api/status');
    expect(page.body.incidents).toEqual([]);
  });

  it('posts an incident with an announcement, updates it over time, and resolving it ends the announcement', async () => {
    const made = await open({
      title: 'Sites answer slowly',
      message: 'We are looking into slow answers from site hosting.',
      parts: ['hosting'],
      announce: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const incident = made.body.incident;
    expect(incident).toMatchObject({
      kind: 'incident',
      state: 'investigating',
      parts: ['hosting'],
    });
    expect(incident.announcementId).toBeTruthy();

    const announced = await server.api('GET', '/api/announcements');
    expect(announced.body.announcements.map((a: { id: string }) => a.id)).toContain(
      incident.announcementId,
    );
    // Public: the incident shows, and the part it names is at least degraded.
    const page = (await server.api<StatusResponse>('GET', '/api/status')).body;
    expect(page.incidents.map((i) => i.title)).toContain('Sites answer slowly');
    expect(page.parts.find((p) => p.id === 'hosting')!.status).not.toBe('operational');
    expect(page.status).not.toBe('operational');

    const wrongKind = await server.api(
      'POST',
      `/api/admin/status/incidents/${incident.id}/updates`,
      {
        token: ops,
        body: { state: 'in_progress', message: 'm' },
      },
    );
    expect(wrongKind.status).toBe(400);

    const update = (state: string, message: string) =>
      server.api<IncidentResponse>('POST', `/api/admin/status/incidents/${incident.id}/updates`, {
        token: ops,
        body: { state, message },
      });
    expect((await update('identified', 'A cache node is full.')).status).toBe(201);
    const resolved = await update('resolved', 'The cache node was replaced.');
    expect(resolved.status).toBe(201);
    expect(resolved.body.incident.resolvedAt).toBeTruthy();
    expect(resolved.body.incident.updates.map((u) => u.state)).toEqual([
      'resolved',
      'identified',
      'investigating',
    ]);
    expect((await update('monitoring', 'again')).status).toBe(400);

    const after = await server.api('GET', '/api/announcements');
    expect(after.body.announcements.map((a: { id: string }) => a.id)).not.toContain(
      incident.announcementId,
    );
    const admin = await server.api('GET', '/api/admin/status', { token: ops });
    expect(admin.status).toBe(200);
    expect(admin.body.parts.find((p: { id: string }) => p.id === 'hosting')).toMatchObject({
      slaPercent: 99.9,
    });
    const audit = await server.api('GET', '/api/admin/audit', { token: ops });
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['incident.create', 'incident.update', 'announcement.create']),
    );
  });

  it('keeps the canary account out of the operators’ lists', async () => {
    const canary = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', STATUS_CANARY_EMAIL)
      .executeTakeFirst();
    expect(canary, 'the first round of checks made the canary account').toBeTruthy();
    const users = await server.api('GET', '/api/admin/users?q=canary', { token: ops });
    expect(users.status).toBe(200);
    expect(users.body.users).toEqual([]);
    const sites = await server.api('GET', '/api/admin/sites?q=status-canary', { token: ops });
    expect(sites.body.sites).toEqual([]);
  });
});
