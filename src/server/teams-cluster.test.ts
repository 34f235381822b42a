import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type JoinAck, type UserUpdateEvent } from '../shared/events';
import {
  clusterUnavailable,
  startCluster,
  type Cluster,
  type ClusterNode,
} from '../../test/cluster';
import { htmlArtifact, uniqueSubdomain } from '../../test/deploy';
import { apiClient, registerVerifiedUser } from '../../test/server';
import { waitForEvent } from '../../test/wait';

// Removing a member through web A takes effect on web B at once: their socket on B leaves the
// team's room and the team site's room (told by a 'teams-changed' user update once it has), and their token stops
// working there.
const unavailable = await clusterUnavailable();
if (unavailable) console.warn(`teams cluster test skipped: ${unavailable}`);

const OWNER = 'team-owner@example.com';

describe.skipIf(unavailable !== null)('team membership on every node', () => {
  let cluster: Cluster;
  let a: ClusterNode;
  let b: ClusterNode;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // An admin address: the ADMIN plan includes teams.
    cluster = await startCluster(2, { ADMIN_EMAILS: OWNER, LOG_LEVEL: 'info' });
    [a, b] = cluster.webs as [ClusterNode, ClusterNode];
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await cluster?.close();
  });

  async function connectTo(node: ClusterNode, token: string): Promise<Socket> {
    const socket = io(node.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: `auth_token=${token}` },
      reconnection: false,
    });
    sockets.push(socket);
    await waitForEvent(socket, 'connect');
    return socket;
  }
  const join = (socket: Socket, event: string, id: string) =>
    socket.timeout(5000).emitWithAck(event, id) as Promise<JoinAck>;

  it('takes a removed member out of the team site rooms on the other node at once', async () => {
    const nodeA = { api: apiClient(a.url), logs: a.output };
    const apiB = apiClient(b.url);
    const owner = await registerVerifiedUser(nodeA, { email: OWNER });
    const member = await registerVerifiedUser(nodeA);
    const team = (
      await nodeA.api('POST', '/api/teams', { token: owner.token, body: { name: 'Nodes' } })
    ).body.team;
    const sent = await nodeA.api('POST', `/api/teams/${team.id}/invitations`, {
      token: owner.token,
      body: { email: member.user.email, role: 'member' },
    });
    const accepted = await nodeA.api(
      'POST',
      `/api/invitations/${String(sent.body.invitation.url).split('/').pop()}/accept`,
      { token: member.token },
    );
    expect(accepted.status).toBe(200);
    const subdomain = uniqueSubdomain('nodes');
    const made = await nodeA.api('POST', '/api/deployments/deploy/code', {
      token: owner.token,
      body: { subdomain, code: htmlArtifact(subdomain), teamId: team.id },
    });
    expect(made.status).toBe(201);
    const siteId: string = made.body.site.id;

    const ownerOnB = await connectTo(b, owner.token);
    const memberOnB = await connectTo(b, member.token);
    expect(await join(ownerOnB, EVENTS.joinSite, siteId)).toEqual({ ok: true });
    expect(await join(memberOnB, EVENTS.joinSite, siteId)).toEqual({ ok: true });
    expect(await join(memberOnB, EVENTS.joinUser, member.user.id)).toEqual({ ok: true });
    expect(await join(ownerOnB, EVENTS.joinTeam, team.id)).toEqual({ ok: true });
    expect(await join(memberOnB, EVENTS.joinTeam, team.id)).toEqual({ ok: true });
    expect((await apiB('GET', `/api/sites/${siteId}`, { token: member.token })).status).toBe(200);

    const told = waitForEvent<UserUpdateEvent>(
      memberOnB,
      EVENTS.userUpdate,
      (e) => e.type === 'teams-changed',
    );
    const removed = await nodeA.api('DELETE', `/api/teams/${team.id}/members/${member.user.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(await told).toEqual({ type: 'teams-changed', teamId: team.id, role: null });
    expect((await apiB('GET', `/api/sites/${siteId}`, { token: member.token })).status).toBe(404);

    // A new version through A: the owner's socket on B hears it, the removed member's not.
    const heardByMember: unknown[] = [];
    memberOnB.on(EVENTS.deploymentUpdate, (e) => heardByMember.push(e));
    // The owner's socket on B is in this site's room alone: any update it hears is this site's.
    const heard = waitForEvent<{ deploymentId: string }>(ownerOnB, EVENTS.deploymentUpdate);
    const next = await nodeA.api('POST', '/api/deployments/deploy/code', {
      token: owner.token,
      body: { subdomain, code: htmlArtifact(`${subdomain} v2`) },
    });
    expect(next.status).toBe(201);
    await heard;
    expect(heardByMember).toEqual([]);

    // A new team site through A: the team's room on B tells the owner, not the removed member.
    const listsHeardByMember: UserUpdateEvent[] = [];
    memberOnB.on(EVENTS.userUpdate, (e: UserUpdateEvent) => listsHeardByMember.push(e));
    const created = waitForEvent<UserUpdateEvent>(
      ownerOnB,
      EVENTS.userUpdate,
      (e) => e.type === 'site-created',
    );
    const another = await nodeA.api('POST', '/api/deployments/deploy/code', {
      token: owner.token,
      body: { subdomain: uniqueSubdomain('nodes'), code: htmlArtifact('another'), teamId: team.id },
    });
    expect(another.status).toBe(201);
    expect(await created).toEqual({
      type: 'site-created',
      siteId: another.body.site.id,
      teamId: team.id,
    });
    expect(listsHeardByMember).toEqual([]);
    // Joining again is refused: the policy no longer lets them watch.
    expect((await join(memberOnB, EVENTS.joinSite, siteId)).ok).toBe(false);
    expect((await join(memberOnB, EVENTS.joinTeam, team.id)).ok).toBe(false);
  }, 120_000);
});
