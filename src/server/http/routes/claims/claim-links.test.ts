import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, type GuestClaim } from '../../../../shared/claim';
import { describeEachDatabase } from '../../../../../test/databases';
import { deployCode, fetchSite, htmlArtifact, uniqueSubdomain } from '../../../../../test/deploy';
import { guestSiteHelpers } from '../../../../../test/guest-sites';
import {
  guestSession,
  registerUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { nowIso } from '../../../lib/ids';

const HOUR = 60 * 60 * 1000;

// A deploy through the API with no session at all answers with a claim link: a day, once.
describeEachDatabase('claimable guest sites: claim links', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server?.close());
  const { memberWithSites, siteRow, listed, guestCount, waitForLive } = guestSiteHelpers(
    () => server,
  );

  describe('claim links from session-less API deploys', () => {
    async function deployWithoutSession() {
      const subdomain = uniqueSubdomain('curl');
      const res = await deployCode(server, undefined, subdomain, htmlArtifact(subdomain));
      expect(res.status).toBe(201);
      const claimUrl = res.body.claimUrl as string;
      expect(claimUrl).toMatch(
        new RegExp(`^${server.ctx.config.appOrigin}/claim/[A-Za-z0-9_-]{43}$`),
      );
      const expires = Date.parse(res.body.claimExpiresAt as string);
      expect(Math.abs(expires - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
      return { subdomain, siteId: res.body.site.id as string, token: claimUrl.split('/').pop()! };
    }

    it('makes a guest site, claimable once by a signed-in account', async () => {
      const deployed = await deployWithoutSession();
      const row = await siteRow(deployed.siteId);
      expect(row?.expires_at).not.toBeNull();
      await waitForLive(deployed.siteId);

      const info = await server.api('GET', `/api/sites/claim/${deployed.token}`);
      expect(info.status).toBe(200);
      expect(info.body.sites.map((s: { subdomain: string }) => s.subdomain)).toEqual([
        deployed.subdomain,
      ]);

      // Signed-out people and guests are asked to sign up first.
      expect(
        (await server.api('POST', '/api/sites/claim', { body: { claimToken: deployed.token } }))
          .status,
      ).toBe(401);
      const guest = await guestSession(server);
      const asGuest = await server.api('POST', '/api/sites/claim', {
        token: guest.token,
        body: { claimToken: deployed.token },
      });
      expect(asGuest.status).toBe(403);
      expect(asGuest.body.error.message).toBe(CLAIM_MESSAGES.guestsCannotClaim);

      const member = await memberWithSites(0);
      const claimed = await server.api('POST', '/api/sites/claim', {
        token: member.token,
        body: { claimToken: deployed.token },
      });
      expect(claimed.status).toBe(200);
      expect((claimed.body as GuestClaim).moved.map((s) => s.subdomain)).toEqual([
        deployed.subdomain,
      ]);
      expect(await siteRow(deployed.siteId)).toMatchObject({
        user_id: member.user.id,
        expires_at: null,
      });
      expect((await fetchSite(server.port, deployed.subdomain)).text).toContain(deployed.subdomain);

      const other = await memberWithSites(0);
      const twice = await server.api('POST', '/api/sites/claim', {
        token: other.token,
        body: { claimToken: deployed.token },
      });
      expect(twice.status).toBe(410);
      expect(twice.body.error.message).toBe(CLAIM_MESSAGES.used);
      expect((await server.api('GET', `/api/sites/claim/${deployed.token}`)).status).toBe(410);
      expect((await siteRow(deployed.siteId))?.user_id).toBe(member.user.id);
    });

    it('refuses an expired link, and a full plan moves nothing until there is room', async () => {
      const expired = await deployWithoutSession();
      await server.ctx.db
        .updateTable('site_claims')
        .set({ expires_at: nowIso(Date.now() - 1000) })
        .where('guest_user_id', '=', (await siteRow(expired.siteId))!.user_id)
        .execute();
      const member = await memberWithSites(3);
      const late = await server.api('POST', '/api/sites/claim', {
        token: member.token,
        body: { claimToken: expired.token },
      });
      expect(late.status).toBe(410);
      expect(late.body.error.message).toBe(CLAIM_MESSAGES.expired);

      const fresh = await deployWithoutSession();
      const full = await server.api('POST', '/api/sites/claim', {
        token: member.token,
        body: { claimToken: fresh.token },
      });
      expect(full.status).toBe(200);
      expect(full.body).toMatchObject({ moved: [], maxClaimable: 0, claimToken: fresh.token });
      expect((await siteRow(fresh.siteId))?.expires_at).not.toBeNull();
      const first = (await listed(member.token))[0]!;
      expect(
        (await server.api('DELETE', `/api/sites/${first.id}`, { token: member.token })).status,
      ).toBe(200);
      const roomy = await server.api('POST', '/api/sites/claim', {
        token: member.token,
        body: { claimToken: fresh.token },
      });
      expect((roomy.body as GuestClaim).moved).toHaveLength(1);
    });

    it('leaves no guest behind when the deploy is refused', async () => {
      const before = await guestCount();
      const bad = await deployCode(server, undefined, '-bad-', htmlArtifact('x'));
      expect(bad.status).toBe(400);
      const member = await memberWithSites(1);
      const taken = (await listed(member.token))[0]!;
      const row = await siteRow(taken.id);
      const clash = await deployCode(server, undefined, row!.subdomain, htmlArtifact('x'));
      expect(clash.status).toBe(409);
      expect(await guestCount()).toBe(before);
    });
  });

  it('spends the guest budget of the address on session-less deploys, not signed-in ones', async () => {
    const limited = await startTestServer(dialect, { SIGNUP_RATE_LIMIT: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await deployCode(
          limited,
          undefined,
          uniqueSubdomain('flood'),
          htmlArtifact('x'),
        );
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body.error.message).toMatch(/^Too many guest sessions from your network\./);
        }
      }
      expect(statuses).toEqual([201, 201, 429]);
      const guests = await limited.ctx.db
        .selectFrom('users')
        .select('id')
        .where('is_guest', '=', 1)
        .execute();
      expect(guests).toHaveLength(2);
      const member = await registerUser(limited);
      const own = await deployCode(
        limited,
        member.token,
        uniqueSubdomain('own'),
        htmlArtifact('x'),
      );
      expect(own.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
