import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  EVENTS,
  type JoinAck,
  type SiteUpdateEvent,
  type UserUpdateEvent,
} from '../../../../shared/events';
import { describeEachDatabase } from '../../../../../test/databases';
import { htmlArtifact, uniqueSubdomain, waitForDeployment } from '../../../../../test/deploy';
import {
  registerUserOnPlan,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { waitForEvent, waitUntil } from '../../../../../test/wait';

// What a team's dashboard rests on: personal and team lists kept apart, who deployed each
// version, the team's socket room, and the log of settings changes.

describeEachDatabase('the team dashboard through the API and the socket', (dialect) => {
  let server: TestServer;
  let teamId: string;
  const people = {} as Record<
    'owner' | 'member' | 'viewer' | 'stranger',
    { token: string; id: string; name: string }
  >;
  const sockets: Socket[] = [];

  const deploy = (token: string, subdomain: string, team?: string) =>
    server.api('POST', '/api/deployments/deploy/code', {
      token,
      body: { subdomain, code: htmlArtifact(subdomain), ...(team ? { teamId: team } : {}) },
    });
  async function connect(token: string): Promise<Socket> {
    const socket = io(server.url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    sockets.push(socket);
    await waitForEvent(socket, 'connect');
    return socket;
  }
  const join = (socket: Socket, id: string) =>
    socket.timeout(5000).emitWithAck(EVENTS.joinTeam, id) as Promise<JoinAck>;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const owner = await registerUserOnPlan(server, 'PRO');
    people.owner = { token: owner.token, id: owner.user.id, name: owner.user.name ?? '' };
    teamId = (
      await server.api('POST', '/api/teams', { token: owner.token, body: { name: 'Live Desk' } })
    ).body.team.id;
    for (const role of ['member', 'viewer', 'stranger'] as const) {
      const auth = await registerVerifiedUser(server, { name: `Dana ${role}` });
      people[role] = { token: auth.token, id: auth.user.id, name: `Dana ${role}` };
      if (role === 'stranger') continue;
      const sent = await server.api('POST', `/api/teams/${teamId}/invitations`, {
        token: owner.token,
        body: { email: auth.user.email, role },
      });
      const token = String(sent.body.invitation.url).split('/').pop();
      const accepted = await server.api('POST', `/api/invitations/${token}/accept`, {
        token: auth.token,
      });
      expect(accepted.status).toBe(200);
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
  });

  it("lists personal sites under /api/sites and the team's under the team, for the owner too", async () => {
    const personal = await deploy(people.owner.token, uniqueSubdomain('mine'));
    const shared = await deploy(people.member.token, uniqueSubdomain('ours'), teamId);
    expect(personal.status).toBe(201);
    expect(shared.status).toBe(201);

    const ownerList = (await server.api('GET', '/api/sites', { token: people.owner.token })).body
      .sites as Array<{ id: string; teamId: string | null }>;
    expect(ownerList.map((s) => s.id)).toContain(personal.body.site.id);
    expect(ownerList.map((s) => s.id)).not.toContain(shared.body.site.id);
    expect(ownerList.every((s) => s.teamId === null)).toBe(true);
    const memberList = await server.api('GET', '/api/sites', { token: people.member.token });
    expect(memberList.body.sites).toEqual([]);

    const teamList = await server.api('GET', `/api/teams/${teamId}/sites`, {
      token: people.viewer.token,
    });
    expect(teamList.status).toBe(200);
    const listed = teamList.body.sites.find((s: { id: string }) => s.id === shared.body.site.id);
    expect(listed).toMatchObject({ teamId });
    expect(listed.versions[0].deployedBy).toEqual({
      id: people.member.id,
      name: people.member.name,
    });
    // The site on its own says where it belongs.
    const one = await server.api('GET', `/api/sites/${shared.body.site.id}`, {
      token: people.viewer.token,
    });
    expect(one.body.site.teamId).toBe(teamId);
  });

  it('names who deployed each version, on the deploy answer and the list of versions', async () => {
    const subdomain = uniqueSubdomain('authors');
    const first = await deploy(people.owner.token, subdomain, teamId);
    expect(first.body.deployment.deployedBy).toEqual({
      id: people.owner.id,
      name: people.owner.name,
    });
    await waitForDeployment(server, people.owner.token, first.body.deployment.id);
    const second = await deploy(people.member.token, subdomain);
    expect(second.status).toBe(201);
    const versions = await server.api('GET', `/api/sites/${first.body.site.id}/deployments`, {
      token: people.viewer.token,
    });
    expect(
      versions.body.deployments.map((d: { version: number; deployedBy: unknown }) => [
        d.version,
        d.deployedBy,
      ]),
    ).toEqual([
      [2, { id: people.member.id, name: people.member.name }],
      [1, { id: people.owner.id, name: people.owner.name }],
    ]);
    const one = await server.api('GET', `/api/deployments/${second.body.deployment.id}`, {
      token: people.viewer.token,
    });
    expect(one.body.deployment.deployedBy).toEqual({
      id: people.member.id,
      name: people.member.name,
    });
  });

  it("logs AI and page settings changes of a team site; a viewer's refused change logs nothing", async () => {
    const made = await deploy(people.member.token, uniqueSubdomain('settings'), teamId);
    const siteId: string = made.body.site.id;
    const ai = await server.api('PUT', `/api/sites/${siteId}/ai`, {
      token: people.member.token,
      body: { perDay: 50 },
    });
    expect(ai.status).toBe(200);
    const page = await server.api('PUT', `/api/sites/${siteId}/branding`, {
      token: people.member.token,
      body: { whiteLabel: false, title: 'Our page' },
    });
    expect(page.status).toBe(200);
    const refused = await server.api('PUT', `/api/sites/${siteId}/branding`, {
      token: people.viewer.token,
      body: { whiteLabel: false, title: 'Not mine to change' },
    });
    expect(refused.status).toBe(403);

    const detail = await server.api('GET', `/api/teams/${teamId}`, { token: people.owner.token });
    const mine = (detail.body.team.activity as Array<{ action: string; detail: string }>).filter(
      (a) => a.detail.endsWith(made.body.site.subdomain),
    );
    expect(mine.map((a) => a.action)).toEqual([
      'site.page-settings-changed',
      'site.ai-changed',
      'site.deployed',
    ]);
    expect(mine[0]!.detail).toBe(
      `${people.member.name} changed the page settings of ${made.body.site.subdomain}`,
    );
  });

  it("tells the team's room of its sites live, refuses strangers, and drops a removed member", async () => {
    const viewerSocket = await connect(people.viewer.token);
    const strangerSocket = await connect(people.stranger.token);
    expect(await join(viewerSocket, teamId)).toEqual({ ok: true });
    expect(await join(strangerSocket, teamId)).toEqual({ ok: false, error: 'Not found' });
    expect(await join(viewerSocket, 'no-such-team')).toEqual({ ok: false, error: 'Not found' });

    // Other sites of the team may still be building: each event is matched to this site.
    const updates: Array<{ siteId?: string; status?: string; type?: string }> = [];
    viewerSocket.on(EVENTS.userUpdate, (e: UserUpdateEvent) => updates.push(e));
    viewerSocket.on(EVENTS.siteUpdate, (e: SiteUpdateEvent) => updates.push(e));
    const made = await deploy(people.member.token, uniqueSubdomain('room'), teamId);
    const siteId: string = made.body.site.id;
    await waitUntil(() => updates.some((e) => e.siteId === siteId && e.status === 'ACTIVE'), {
      what: 'the new team site ACTIVE in the team room',
    });
    expect(updates).toContainEqual({ type: 'site-created', siteId, teamId });
    expect(updates).toContainEqual({ siteId, status: 'ACTIVE', teamId });

    // The member's personal list hears nothing of the team's site.
    const memberSocket = await connect(people.member.token);
    expect(await memberSocket.timeout(5000).emitWithAck(EVENTS.joinUser, people.member.id)).toEqual(
      { ok: true },
    );
    const personalHeard: UserUpdateEvent[] = [];
    memberSocket.on(EVENTS.userUpdate, (e: UserUpdateEvent) => personalHeard.push(e));

    const deleted = waitForEvent<UserUpdateEvent>(
      viewerSocket,
      EVENTS.userUpdate,
      (e) => e.type === 'site-deleted',
    );
    expect(
      (await server.api('DELETE', `/api/sites/${siteId}`, { token: people.member.token })).status,
    ).toBe(200);
    expect(await deleted).toEqual({ type: 'site-deleted', siteId, teamId });

    // Removed: told once the socket has left the team's room; the next team site is not heard.
    const told = waitForEvent<UserUpdateEvent>(
      viewerSocket,
      EVENTS.userUpdate,
      (e) => e.type === 'teams-changed',
    );
    expect(await viewerSocket.timeout(5000).emitWithAck(EVENTS.joinUser, people.viewer.id)).toEqual(
      { ok: true },
    );
    const removed = await server.api('DELETE', `/api/teams/${teamId}/members/${people.viewer.id}`, {
      token: people.owner.token,
    });
    expect(removed.status).toBe(200);
    expect(await told).toEqual({ type: 'teams-changed', teamId, role: null });
    updates.length = 0;
    const ownerSocket = await connect(people.owner.token);
    expect(await join(ownerSocket, teamId)).toEqual({ ok: true });
    const ownerHeard = waitForEvent<UserUpdateEvent>(
      ownerSocket,
      EVENTS.userUpdate,
      (e) => e.type === 'site-created',
    );
    const next = await deploy(people.member.token, uniqueSubdomain('after'), teamId);
    expect(await ownerHeard).toMatchObject({ siteId: next.body.site.id, teamId });
    expect(updates.filter((e) => e.siteId === next.body.site.id)).toEqual([]);
    expect(personalHeard).toEqual([]);
    expect(await join(viewerSocket, teamId)).toEqual({ ok: false, error: 'Not found' });
  });
});
