import { expect } from 'vitest';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from './deploy';
import { guestSession, registerUser, type TestServer } from './server';
import { waitUntil } from './wait';

export const MEMBER_PASSWORD = 'correct horse battery';

/** Guests with sites and accounts with sites, for the tests of claimable guest sites. */
export function guestSiteHelpers(server: () => TestServer) {
  /** A guest session with `count` live sites; each site's marker is its subdomain. */
  async function guestWithSites(count: number) {
    const guest = await guestSession(server());
    const sites: { id: string; subdomain: string }[] = [];
    for (let i = 0; i < count; i++) {
      const subdomain = uniqueSubdomain('g');
      const res = await deployCode(server(), guest.token, subdomain, htmlArtifact(subdomain));
      expect(res.status).toBe(201);
      await waitForDeployment(server(), guest.token, res.body.deployment.id);
      sites.push({ id: res.body.site.id, subdomain });
    }
    return { ...guest, sites };
  }

  /** A registered account with `count` sites of its own. */
  async function memberWithSites(count: number) {
    const email = `member-${uniqueSubdomain('m')}@example.com`;
    const member = await registerUser(server(), { email, password: MEMBER_PASSWORD });
    for (let i = 0; i < count; i++) {
      const subdomain = uniqueSubdomain('own');
      const res = await deployCode(server(), member.token, subdomain, htmlArtifact('own'));
      expect(res.status).toBe(201);
    }
    return { ...member, email };
  }

  const siteRow = (id: string) =>
    server().ctx.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();

  const listed = async (token: string) =>
    (await server().api('GET', '/api/sites', { token })).body.sites as {
      id: string;
      subdomain: string;
      expiresAt: string | null;
    }[];

  /** The site-created events an account's dashboards hear, until `off()`. */
  const sitesChangedFor = (userId: string) => {
    const seen: string[] = [];
    const off = server().ctx.events.on('user.sites-changed', (e) => {
      if (e.userId === userId && e.change === 'site-created') seen.push(e.siteId);
    });
    return { seen, off };
  };

  const guestCount = async () =>
    (await server().ctx.db.selectFrom('users').select('id').where('is_guest', '=', 1).execute())
      .length;

  /** A session-less deploy has no token to ask with: wait on the row. */
  const waitForLive = (siteId: string) =>
    waitUntil(async () => (await siteRow(siteId))?.current_deployment_id ?? false, {
      what: `site ${siteId} to go live`,
    });

  return {
    guestWithSites,
    memberWithSites,
    siteRow,
    listed,
    sitesChangedFor,
    guestCount,
    waitForLive,
  };
}
