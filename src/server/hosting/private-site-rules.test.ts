import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../shared/brand';
import { describeEachDatabase } from '../../../test/databases';
import { deployCode, fetchSite, htmlArtifact, uniqueSubdomain } from '../../../test/deploy';
import { makePrivateSite } from '../../../test/private-site';
import {
  registerUser,
  registerUserOnPlan,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../test/server';

// Who may make a site private, and whose name its password page shows: the plan rule, team
// roles, a stranger's request, a white-labelled site.
describeEachDatabase('private sites: who may set a password', (dialect) => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  const privateSite = (name: string, password?: string, plan?: 'STARTER' | 'PRO') =>
    makePrivateSite(server, name, password, plan);

  it('refuses a password to a Free account, saying which plans can', async () => {
    const { token } = await registerUser(server);
    const subdomain = uniqueSubdomain('ps-free');
    const res = await deployCode(server, token, subdomain, htmlArtifact('free'));
    expect(res.status).toBe(201);
    const refused = await server.api('PUT', `/api/sites/${res.body.site.id}/access`, {
      token,
      body: { password: 'open sesame' },
    });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toMatch(/Starter and Pro/);
    const link = await server.api('POST', `/api/sites/${res.body.site.id}/share-links`, {
      token,
      body: {},
    });
    expect(link.status).toBe(403);
  });

  it("shows a white-labelled site's password page in its own name, without the platform's", async () => {
    const site = await privateSite('ps-white', 'open sesame', 'PRO');
    const plain = await fetchSite(port, site.subdomain, '/');
    expect(plain.text).toContain('Report abuse');
    const branded = await server.api('PUT', `/api/sites/${site.siteId}/branding`, {
      token: site.token,
      body: { whiteLabel: true, title: 'Acme Preview' },
    });
    expect(branded.status, JSON.stringify(branded.body)).toBe(200);
    const page = await fetchSite(port, site.subdomain, '/');
    expect(page.status).toBe(401);
    expect(page.text).toContain('Acme Preview is private');
    expect(page.text).not.toContain('Report abuse');
    expect(page.text).not.toContain(PRODUCT_NAME);
  });

  it("lets a team's members protect a team site on the owner's plan; viewers may not", async () => {
    const owner = await registerUserOnPlan(server, 'PRO');
    const team = await server.api('POST', '/api/teams', {
      token: owner.token,
      body: { name: 'Private Studio' },
    });
    expect(team.status).toBe(201);
    const teamId: string = team.body.team.id;
    const joined: Record<'member' | 'viewer', string> = { member: '', viewer: '' };
    for (const role of ['member', 'viewer'] as const) {
      const auth = await registerVerifiedUser(server);
      const sent = await server.api('POST', `/api/teams/${teamId}/invitations`, {
        token: owner.token,
        body: { email: auth.user.email, role },
      });
      const url: string = sent.body.invitation.url;
      const accepted = await server.api('POST', `/api/invitations/${url.split('/').pop()}/accept`, {
        token: auth.token,
      });
      expect(accepted.status).toBe(200);
      joined[role] = auth.token;
    }
    const subdomain = uniqueSubdomain('ps-team');
    const deployed = await server.api('POST', '/api/deployments/deploy/code', {
      token: joined.member,
      body: { subdomain, code: htmlArtifact('team secret'), teamId },
    });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(201);
    const siteId: string = deployed.body.site.id;

    const viewer = await server.api('PUT', `/api/sites/${siteId}/access`, {
      token: joined.viewer,
      body: { password: 'team only' },
    });
    expect(viewer.status).toBe(403);
    // The member is on the Free plan; the team's owner pays, and is on Pro.
    const member = await server.api('PUT', `/api/sites/${siteId}/access`, {
      token: joined.member,
      body: { password: 'team only' },
    });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    expect(member.body.site.private).toBe(true);
    const shown = await server.api('GET', `/api/teams/${teamId}`, { token: owner.token });
    expect(JSON.stringify(shown.body)).toContain(`set a password on ${subdomain}`);
  });

  it("refuses another account's site as missing", async () => {
    const site = await privateSite('ps-stranger');
    const { token } = await registerUserOnPlan(server, 'PRO');
    const res = await server.api('PUT', `/api/sites/${site.siteId}/access`, {
      token,
      body: { password: null },
    });
    expect(res.status).toBe(404);
    expect((await fetchSite(port, site.subdomain, '/')).status).toBe(401);
  });
});
