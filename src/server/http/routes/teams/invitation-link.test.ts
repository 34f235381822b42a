import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  registerUser,
  registerUserOnPlan,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';

// The invitation link's own page asks what the link invites to before anyone signs in.
describeEachDatabase('an invitation link, looked at', (dialect) => {
  let server: TestServer;
  let ownerToken: string;
  let ownerName: string | null;
  let teamId: string;

  const invite = (email: string, role = 'member') =>
    server.api('POST', `/api/teams/${teamId}/invitations`, {
      token: ownerToken,
      body: { email, role },
    });
  const tokenOf = (url: string) => url.split('/').pop()!;
  const look = (url: string, token?: string) =>
    server.api('GET', `/api/invitations/${tokenOf(url)}`, token ? { token } : {});

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const owner = await registerUserOnPlan(server, 'PRO');
    ownerToken = owner.token;
    ownerName = owner.user.name;
    const created = await server.api('POST', '/api/teams', {
      token: ownerToken,
      body: { name: 'Lighthouse' },
    });
    teamId = created.body.team.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tells anyone holding the link the team, inviter, address, role and expiry', async () => {
    const sent = await invite('Newcomer@Example.com', 'viewer');
    expect(sent.status).toBe(201);
    const res = await look(sent.body.invitation.url);
    expect(res.status).toBe(200);
    expect(res.body.invitation).toEqual({
      teamName: 'Lighthouse',
      inviterName: ownerName,
      email: 'newcomer@example.com',
      role: 'viewer',
      expiresAt: sent.body.invitation.expiresAt,
      state: 'pending',
    });
    // Nothing about the team beyond its name: no ids, members or sites.
    expect(JSON.stringify(res.body)).not.toContain(teamId);
  });

  it('answers the same to a signed-in stranger and 404 to a made-up token', async () => {
    const sent = await invite('someone-else@example.com');
    const stranger = await registerUser(server);
    const res = await look(sent.body.invitation.url, stranger.token);
    expect(res.status).toBe(200);
    expect(res.body.invitation.email).toBe('someone-else@example.com');
    const made = await server.api('GET', '/api/invitations/not-a-real-token');
    expect(made.status).toBe(404);
    expect(made.body.error.message).toBe('Invitation not found');
  });

  it('says accepted once used, and the accept answers in the same words', async () => {
    const joiner = await registerVerifiedUser(server);
    const sent = await invite(joiner.user.email);
    const accepted = await server.api(
      'POST',
      `/api/invitations/${tokenOf(sent.body.invitation.url)}/accept`,
      { token: joiner.token },
    );
    expect(accepted.status).toBe(200);
    expect((await look(sent.body.invitation.url)).body.invitation.state).toBe('accepted');
    const again = await server.api(
      'POST',
      `/api/invitations/${tokenOf(sent.body.invitation.url)}/accept`,
      { token: joiner.token },
    );
    expect(again.status).toBe(410);
    expect(again.body.error.message).toBe('This invitation has already been used.');
  });

  it('says revoked after a revoke and after a re-send replaced the link', async () => {
    const revokedSent = await invite('revoked@example.com');
    await server.api(
      'DELETE',
      `/api/teams/${teamId}/invitations/${revokedSent.body.invitation.id}`,
      {
        token: ownerToken,
      },
    );
    expect((await look(revokedSent.body.invitation.url)).body.invitation.state).toBe('revoked');

    const first = await invite('resent@example.com');
    const resent = await server.api(
      'POST',
      `/api/teams/${teamId}/invitations/${first.body.invitation.id}/resend`,
      { token: ownerToken },
    );
    expect(resent.status).toBe(201);
    expect((await look(first.body.invitation.url)).body.invitation.state).toBe('revoked');
    expect((await look(resent.body.invitation.url)).body.invitation.state).toBe('pending');
  });

  it('says expired once the seven days are over', async () => {
    const sent = await invite('late@example.com');
    await server.ctx.db
      .updateTable('team_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sent.body.invitation.id)
      .execute();
    expect((await look(sent.body.invitation.url)).body.invitation.state).toBe('expired');
  });
});
