import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import { htmlArtifact, uniqueSubdomain, waitForDeployment } from '../../../../../test/deploy';
import {
  registerUserOnPlan,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';

type Role = 'owner' | 'admin' | 'member' | 'viewer' | 'stranger';

describeEachDatabase('teams through the API', (dialect) => {
  let server: TestServer;
  const token: Record<Role, string> = {} as Record<Role, string>;
  const userId: Record<Role, string> = {} as Record<Role, string>;
  let teamId: string;

  // Waits for the build: the queue takes at most 10 waiting deployments per owner, and on a
  // busy machine this file's team sites (all the owner's) would otherwise pile up past it.
  const teamSite = async (who: string, subdomain: string, team = teamId) => {
    const res = await server.api('POST', '/api/deployments/deploy/code', {
      token: who,
      body: { subdomain, code: htmlArtifact(subdomain), teamId: team },
    });
    if (res.status === 201) await waitForDeployment(server, who, res.body.deployment.id);
    return res;
  };
  const invite = (who: string, email: string, role: string, team = teamId) =>
    server.api('POST', `/api/teams/${team}/invitations`, { token: who, body: { email, role } });
  const accept = (who: string, url: string) =>
    server.api('POST', `/api/invitations/${url.split('/').pop()}/accept`, { token: who });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const owner = await registerUserOnPlan(server, 'PRO');
    token.owner = owner.token;
    userId.owner = owner.user.id;
    const created = await server.api('POST', '/api/teams', {
      token: owner.token,
      body: { name: 'Acme Studio' },
    });
    expect(created.status).toBe(201);
    teamId = created.body.team.id;
    for (const role of ['admin', 'member', 'viewer', 'stranger'] as const) {
      const auth = await registerVerifiedUser(server);
      token[role] = auth.token;
      userId[role] = auth.user.id;
      if (role === 'stranger') continue;
      const sent = await invite(owner.token, auth.user.email, role);
      expect(sent.status).toBe(201);
      expect((await accept(auth.token, sent.body.invitation.url)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets Pro create a team and refuses the Free plan, saying why', async () => {
    const created = await server.api('POST', '/api/teams', {
      token: token.owner,
      body: { name: 'Acme Studio' },
    });
    expect(created.status).toBe(201);
    expect(created.body.team.slug).toBe('acme-studio-2');
    const free = await server.api('POST', '/api/teams', {
      token: token.stranger,
      body: { name: 'Nope' },
    });
    expect(free.status).toBe(403);
    expect(free.body.error.message).toMatch(/Pro plan/);
    const mine = await server.api('GET', '/api/teams', { token: token.viewer });
    expect(mine.body.teams).toEqual([
      { id: teamId, slug: 'acme-studio', name: 'Acme Studio', role: 'viewer' },
    ]);
  });

  // Every role against every action, through the routes: the answer each role gets.
  const ACTIONS: Array<[string, (who: Role) => Promise<number>, Record<Role, number>]> = [
    [
      'sees the team',
      async (who) =>
        (await server.api('GET', `/api/teams/${teamId}`, { token: token[who] })).status,
      { owner: 200, admin: 200, member: 200, viewer: 200, stranger: 404 },
    ],
    [
      'invites',
      async (who) => (await invite(token[who], `${who}-guest@example.com`, 'viewer')).status,
      { owner: 201, admin: 201, member: 403, viewer: 403, stranger: 404 },
    ],
    [
      'creates a team site',
      async (who) => (await teamSite(token[who], uniqueSubdomain(`ts-${who}`))).status,
      { owner: 201, admin: 201, member: 201, viewer: 403, stranger: 404 },
    ],
    [
      'deploys a new version of a team site',
      async (who) => {
        const sub = uniqueSubdomain('shared');
        expect((await teamSite(token.owner, sub)).status).toBe(201);
        return (await teamSite(token[who], sub)).status;
      },
      // A stranger is told the subdomain is taken, as for anyone else's site.
      { owner: 201, admin: 201, member: 201, viewer: 403, stranger: 409 },
    ],
    [
      'deletes a team site',
      async (who) => {
        const made = await teamSite(token.owner, uniqueSubdomain('gone'));
        const id = made.body.site.id;
        return (await server.api('DELETE', `/api/sites/${id}`, { token: token[who] })).status;
      },
      { owner: 200, admin: 200, member: 200, viewer: 403, stranger: 404 },
    ],
    [
      'changes a role',
      async (who) =>
        (
          await server.api('PATCH', `/api/teams/${teamId}/members/${userId.viewer}`, {
            token: token[who],
            body: { role: 'viewer' },
          })
        ).status,
      { owner: 200, admin: 200, member: 403, viewer: 403, stranger: 404 },
    ],
    [
      'removes a member',
      async (who) =>
        (
          await server.api('DELETE', `/api/teams/${teamId}/members/nobody-${who}`, {
            token: token[who],
          })
        ).status,
      // Allowed, then told there is no such member; refused before looking otherwise.
      { owner: 404, admin: 404, member: 403, viewer: 403, stranger: 404 },
    ],
    [
      'deletes the team',
      async (who) =>
        who === 'owner'
          ? 200
          : (
              await server.api('DELETE', `/api/teams/${teamId}`, {
                token: token[who],
                body: { sites: 'delete' },
              })
            ).status,
      { owner: 200, admin: 403, member: 403, viewer: 403, stranger: 404 },
    ],
  ];
  for (const [action, run, expected] of ACTIONS) {
    it(`answers each role that ${action}`, async () => {
      const got: Partial<Record<Role, number>> = {};
      for (const who of Object.keys(expected) as Role[]) got[who] = await run(who);
      expect(got).toEqual(expected);
    });
  }

  it('deploying with a stranger naming an existing team subdomain says it is taken', async () => {
    const sub = uniqueSubdomain('taken');
    expect((await teamSite(token.owner, sub)).status).toBe(201);
    const res = await server.api('POST', '/api/deployments/deploy/code', {
      token: token.stranger,
      body: { subdomain: sub, code: htmlArtifact(sub) },
    });
    expect(res.status).toBe(409);
  });

  it('puts an uploaded site in the team named by the form, by id or by slug', async () => {
    for (const team of [teamId, 'acme-studio']) {
      const sub = uniqueSubdomain('upload');
      const form = new FormData();
      form.append('subdomain', sub);
      form.append('teamId', team);
      form.append('file', new Blob([htmlArtifact(sub)]), 'index.html');
      const res = await fetch(`${server.url}/api/deployments/deploy/file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.member}` },
        body: form,
      });
      expect(res.status).toBe(201);
      const listed = await server.api('GET', `/api/teams/${teamId}/sites`, { token: token.viewer });
      expect(listed.body.sites.map((s: { subdomain: string }) => s.subdomain)).toContain(sub);
    }
  });

  it('lists team sites to a viewer with who deployed each version', async () => {
    const sub = uniqueSubdomain('authored');
    const made = await teamSite(token.member, sub);
    expect(made.status).toBe(201);
    const listed = await server.api('GET', `/api/teams/${teamId}/sites`, { token: token.viewer });
    expect(listed.status).toBe(200);
    const site = listed.body.sites.find((s: { subdomain: string }) => s.subdomain === sub);
    expect(site.teamId).toBe(teamId);
    expect(site.versions[0].deployedBy).toEqual({ id: userId.member, name: expect.any(String) });
    const detail = await server.api('GET', `/api/teams/${teamId}`, { token: token.viewer });
    expect(detail.body.team.members.map((m: { role: string }) => m.role).sort()).toEqual([
      'admin',
      'member',
      'owner',
      'viewer',
    ]);
    expect(detail.body.team.activity.some((a: { detail: string }) => a.detail.includes(sub))).toBe(
      true,
    );
  });

  it('judges a team site’s custom domain by the owner’s plan, not the member’s', async () => {
    const made = await teamSite(token.member, uniqueSubdomain('domain'));
    const res = await server.api('POST', `/api/sites/${made.body.site.id}/domain`, {
      token: token.member,
      body: { domain: `www.${uniqueSubdomain('team')}.example.com` },
    });
    expect(res.status).toBe(200);
  });

  it('logs who deleted a team site', async () => {
    const sub = uniqueSubdomain('logged');
    const made = await teamSite(token.owner, sub);
    const del = await server.api('DELETE', `/api/sites/${made.body.site.id}`, {
      token: token.member,
    });
    expect(del.status).toBe(200);
    const detail = await server.api('GET', `/api/teams/${teamId}`, { token: token.viewer });
    const entry = detail.body.team.activity.find(
      (a: { action: string; detail: string }) =>
        a.action === 'site.deleted' && a.detail.endsWith(`deleted ${sub}`),
    );
    expect(entry.actor.id).toBe(userId.member);
  });

  it('keeps invitations single use, bound to the address, revocable and expiring', async () => {
    const invited = await registerVerifiedUser(server);
    const other = await registerVerifiedUser(server);
    const sent = await invite(token.owner, invited.user.email, 'member');
    const wrong = await accept(other.token, sent.body.invitation.url);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toContain(invited.user.email);
    expect((await accept(invited.token, sent.body.invitation.url)).status).toBe(200);
    expect((await accept(invited.token, sent.body.invitation.url)).status).toBe(410);
    const again = await invite(token.owner, invited.user.email, 'viewer');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already a member/);

    const revokedFor = await registerVerifiedUser(server);
    const revoked = await invite(token.owner, revokedFor.user.email, 'viewer');
    const del = await server.api(
      'DELETE',
      `/api/teams/${teamId}/invitations/${revoked.body.invitation.id}`,
      { token: token.admin },
    );
    expect(del.status).toBe(200);
    expect((await accept(revokedFor.token, revoked.body.invitation.url)).status).toBe(410);
    const resent = await server.api(
      'POST',
      `/api/teams/${teamId}/invitations/${revoked.body.invitation.id}/resend`,
      { token: token.admin },
    );
    // A revoked invitation is not pending any more: it is sent anew, not re-sent.
    expect(resent.status).toBe(201);

    const lateFor = await registerVerifiedUser(server);
    const late = await invite(token.owner, lateFor.user.email, 'viewer');
    await server.ctx.db
      .updateTable('team_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', late.body.invitation.id)
      .execute();
    const expired = await accept(lateFor.token, late.body.invitation.url);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toMatch(/expired/);
  });

  it('takes a removed member off the team sites at once', async () => {
    const gone = await registerVerifiedUser(server);
    const sent = await invite(token.owner, gone.user.email, 'member');
    expect((await accept(gone.token, sent.body.invitation.url)).status).toBe(200);
    const made = await teamSite(token.owner, uniqueSubdomain('kept'));
    const siteId = made.body.site.id;
    expect((await server.api('GET', `/api/sites/${siteId}`, { token: gone.token })).status).toBe(
      200,
    );
    const removed = await server.api('DELETE', `/api/teams/${teamId}/members/${gone.user.id}`, {
      token: token.admin,
    });
    expect(removed.status).toBe(200);
    expect((await server.api('GET', `/api/sites/${siteId}`, { token: gone.token })).status).toBe(
      404,
    );
    expect((await server.api('GET', `/api/teams/${teamId}`, { token: gone.token })).status).toBe(
      404,
    );
  });

  it('moves a personal site into the team and back', async () => {
    const sub = uniqueSubdomain('mine');
    const made = await server.api('POST', '/api/deployments/deploy/code', {
      token: token.admin,
      body: { subdomain: sub, code: htmlArtifact(sub) },
    });
    const siteId = made.body.site.id;
    // A viewer may not take a site out of the team; the site's own side is checked too.
    expect(
      (
        await server.api('POST', `/api/sites/${siteId}/move`, {
          token: token.member,
          body: { teamId },
        })
      ).status,
    ).toBe(404);
    const moved = await server.api('POST', `/api/sites/${siteId}/move`, {
      token: token.admin,
      body: { teamId },
    });
    expect(moved.status).toBe(200);
    const listed = await server.api('GET', `/api/teams/${teamId}/sites`, { token: token.viewer });
    expect(listed.body.sites.map((s: { id: string }) => s.id)).toContain(siteId);
    const out = await server.api('POST', `/api/sites/${siteId}/move`, {
      token: token.member,
      body: { teamId: null },
    });
    expect(out.status).toBe(403);
    const back = await server.api('POST', `/api/sites/${siteId}/move`, {
      token: token.admin,
      body: { teamId: null },
    });
    expect(back.status).toBe(200);
    const after = await server.api('GET', `/api/teams/${teamId}/sites`, { token: token.viewer });
    expect(after.body.sites.map((s: { id: string }) => s.id)).not.toContain(siteId);
  });

  it('keeps a downgraded owner’s team serving but refuses new members and sites', async () => {
    const owner = await registerUserOnPlan(server, 'PRO');
    const team = (
      await server.api('POST', '/api/teams', { token: owner.token, body: { name: 'Down' } })
    ).body.team;
    const sub = uniqueSubdomain('before');
    const made = await teamSite(owner.token, sub, team.id);
    expect(made.status).toBe(201);
    await server.ctx.db
      .updateTable('users')
      .set({ plan: 'FREE' })
      .where('id', '=', owner.user.id)
      .execute();
    const refusedInvite = await invite(owner.token, 'late@example.com', 'member', team.id);
    expect(refusedInvite.status).toBe(403);
    expect(refusedInvite.body.error.message).toMatch(/upgrades to Pro/);
    const refusedSite = await teamSite(owner.token, uniqueSubdomain('after'), team.id);
    expect(refusedSite.status).toBe(403);
    // What the team has keeps working: a new version of its site.
    expect((await teamSite(owner.token, sub, team.id)).status).toBe(201);
  });

  it('lets a member leave and the owner transfer to an admin, then delete moving sites', async () => {
    const owner = await registerUserOnPlan(server, 'PRO');
    const admin = await registerUserOnPlan(server, 'PRO');
    const team = (
      await server.api('POST', '/api/teams', { token: owner.token, body: { name: 'Hand over' } })
    ).body.team;
    const sent = await invite(owner.token, admin.user.email, 'admin', team.id);
    expect((await accept(admin.token, sent.body.invitation.url)).status).toBe(200);
    const site = (await teamSite(owner.token, uniqueSubdomain('handed'), team.id)).body.site;
    const transfer = await server.api('POST', `/api/teams/${team.id}/transfer`, {
      token: owner.token,
      body: { userId: admin.user.id },
    });
    expect(transfer.status).toBe(200);
    const roles = await server.api('GET', '/api/teams', { token: owner.token });
    expect(roles.body.teams.find((t: { id: string }) => t.id === team.id).role).toBe('admin');
    expect(
      (await server.api('POST', `/api/teams/${team.id}/leave`, { token: owner.token })).status,
    ).toBe(200);
    const deleted = await server.api('DELETE', `/api/teams/${team.id}`, {
      token: admin.token,
      body: { sites: 'move-to-owner' },
    });
    expect(deleted.status).toBe(200);
    const mine = await server.api('GET', `/api/sites/${site.id}`, { token: admin.token });
    expect(mine.status).toBe(200);
  });
});
