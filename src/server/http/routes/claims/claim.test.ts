import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, type GuestClaim } from '../../../../shared/claim';
import { describeEachDatabase } from '../../../../../test/databases';
import { fetchSite, uniqueSubdomain } from '../../../../../test/deploy';
import { guestSiteHelpers, MEMBER_PASSWORD as PASSWORD } from '../../../../../test/guest-sites';
import { startTestServer, type TestServer } from '../../../../../test/server';
import { issueSignInCode, newSignInState } from '../../../domain/accounts/sign-in-codes';
import { removeExpiredGuestsJob } from '../../../jobs/expired-guests';
import { purgeExpiredSites } from '../../../jobs/expired-sites';
import { nowIso } from '../../../lib/ids';

const HOUR = 60 * 60 * 1000;

// A guest's sites moving into the account signed up for or signed in to from the same browser
// (the request carries the guest's own session), and the pick call when the plan is too small.
describeEachDatabase('claimable guest sites: signing in from the guest browser', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server?.close());
  const { guestWithSites, memberWithSites, siteRow, listed, sitesChangedFor } = guestSiteHelpers(
    () => server,
  );

  describe('sign-up and sign-in from the guest browser', () => {
    it("moves a guest's two sites into a new account on sign-up: they stop expiring and keep serving", async () => {
      const guest = await guestWithSites(2);
      const res = await server.api('POST', '/api/auth/register', {
        token: guest.token,
        body: { email: `new-${uniqueSubdomain('u')}@example.com`, password: PASSWORD },
      });
      expect(res.status).toBe(201);
      const claim = res.body.claim as GuestClaim;
      expect(claim.moved.map((s) => s.id).sort()).toEqual(guest.sites.map((s) => s.id).sort());
      expect(claim).toMatchObject({
        claimable: [],
        maxClaimable: 3,
        plan: 'FREE',
        claimToken: null,
      });

      const mine = await listed(res.body.token);
      expect(mine.map((s) => s.id).sort()).toEqual(guest.sites.map((s) => s.id).sort());
      expect(mine.every((s) => s.expiresAt === null)).toBe(true);
      for (const site of guest.sites) {
        const row = await siteRow(site.id);
        expect(row).toMatchObject({
          user_id: res.body.user.id,
          expires_at: null,
          subdomain: site.subdomain,
        });
        const served = await fetchSite(server.port, site.subdomain);
        expect(served.status).toBe(200);
        expect(served.text).toContain(site.subdomain);
      }
      // The guest session is over: the browser now holds the account's.
      expect((await server.api('GET', '/api/auth/me', { token: guest.token })).status).toBe(401);
    });

    it('moves them on sign-in too, tells dashboards, and works with the guest cookie alone', async () => {
      const member = await memberWithSites(0);
      const guest = await guestWithSites(2);
      const events = sitesChangedFor(member.user.id);
      const res = await server.api('POST', '/api/auth/login', {
        headers: { cookie: `auth_token=${guest.token}` },
        body: { email: member.email, password: PASSWORD },
      });
      events.off();
      expect(res.status).toBe(200);
      expect((res.body.claim as GuestClaim).moved).toHaveLength(2);
      expect(events.seen.sort()).toEqual(guest.sites.map((s) => s.id).sort());
      expect((await listed(member.token)).map((s) => s.id).sort()).toEqual(
        guest.sites.map((s) => s.id).sort(),
      );
    });

    it('moves them when a social sign-in returns to the guest browser', async () => {
      const member = await memberWithSites(0);
      const guest = await guestWithSites(1);
      const state = newSignInState();
      const code = await issueSignInCode(server.ctx.db, member.user.id, state);
      const res = await server.api('POST', '/api/auth/callback', {
        token: guest.token,
        headers: { cookie: `auth_state=${state}` },
        body: { code },
      });
      expect(res.status).toBe(200);
      expect((res.body.claim as GuestClaim).moved.map((s) => s.id)).toEqual([guest.sites[0]!.id]);
      expect(await siteRow(guest.sites[0]!.id)).toMatchObject({
        user_id: member.user.id,
        expires_at: null,
      });
    });

    it('says nothing of a claim when the browser holds no guest session or an account', async () => {
      const member = await memberWithSites(1);
      const plain = await server.api('POST', '/api/auth/login', {
        body: { email: member.email, password: PASSWORD },
      });
      expect(plain.status).toBe(200);
      expect(plain.body.claim).toBeUndefined();
      const other = await memberWithSites(1);
      const again = await server.api('POST', '/api/auth/login', {
        token: other.token,
        body: { email: member.email, password: PASSWORD },
      });
      expect(again.body.claim).toBeUndefined();
      expect(await listed(other.token)).toHaveLength(1);
      expect(await listed(member.token)).toHaveLength(1);
    });

    it('over the FREE limit moves nothing by itself; the pick call moves exactly the chosen ones', async () => {
      const member = await memberWithSites(2);
      const guest = await guestWithSites(2);
      const res = await server.api('POST', '/api/auth/login', {
        token: guest.token,
        body: { email: member.email, password: PASSWORD },
      });
      const claim = res.body.claim as GuestClaim;
      expect(claim.moved).toEqual([]);
      expect(claim.maxClaimable).toBe(1);
      expect(claim.claimable.map((s) => s.id).sort()).toEqual(guest.sites.map((s) => s.id).sort());
      expect(claim.claimToken).toEqual(expect.any(String));
      for (const site of guest.sites) expect((await siteRow(site.id))?.user_id).toBe(guest.user.id);

      const token = res.body.token as string;
      const tooMany = await server.api('POST', '/api/sites/claim', {
        token,
        body: { claimToken: claim.claimToken, siteIds: guest.sites.map((s) => s.id) },
      });
      expect(tooMany.status).toBe(403);
      expect(tooMany.body.error.code).toBe('PLAN_LIMIT');

      const [kept, left] = guest.sites as [(typeof guest.sites)[0], (typeof guest.sites)[0]];
      const picked = await server.api('POST', '/api/sites/claim', {
        token,
        body: { claimToken: claim.claimToken, siteIds: [kept.id] },
      });
      expect(picked.status).toBe(200);
      expect((picked.body as GuestClaim).moved.map((s) => s.id)).toEqual([kept.id]);
      expect(await siteRow(kept.id)).toMatchObject({ user_id: member.user.id, expires_at: null });
      const rest = await siteRow(left.id);
      expect(rest?.user_id).toBe(guest.user.id);
      expect(rest?.expires_at).not.toBeNull();
      expect(await listed(token)).toHaveLength(3);

      // The proof is spent.
      const again = await server.api('POST', '/api/sites/claim', {
        token,
        body: { claimToken: claim.claimToken, siteIds: [left.id] },
      });
      expect(again.status).toBe(410);
      expect(again.body.error.message).toBe(CLAIM_MESSAGES.used);
    });

    it("cannot use one guest's claim to take another guest's sites", async () => {
      const member = await memberWithSites(3);
      const victim = await guestWithSites(1);
      const thief = await guestWithSites(1);
      const res = await server.api('POST', '/api/auth/login', {
        token: thief.token,
        body: { email: member.email, password: PASSWORD },
      });
      const claim = res.body.claim as GuestClaim;
      expect(claim.maxClaimable).toBe(0);
      await server.ctx.db
        .updateTable('users')
        .set({ plan: 'PRO' })
        .where('id', '=', member.user.id)
        .execute();
      const stolen = await server.api('POST', '/api/sites/claim', {
        token: res.body.token,
        body: { claimToken: claim.claimToken, siteIds: [victim.sites[0]!.id] },
      });
      expect(stolen.status).toBe(400);
      expect(stolen.body.error.message).toBe(CLAIM_MESSAGES.notClaimable);
      expect((await siteRow(victim.sites[0]!.id))?.user_id).toBe(victim.user.id);
      // A guest's own session is the only proof: its id is worth nothing.
      const byId = await server.api('POST', '/api/sites/claim', {
        token: res.body.token,
        body: { claimToken: victim.user.id },
      });
      expect(byId.status).toBe(404);
      expect((await siteRow(victim.sites[0]!.id))?.user_id).toBe(victim.user.id);
      // The thief's own site, though, is theirs to keep.
      const own = await server.api('POST', '/api/sites/claim', {
        token: res.body.token,
        body: { claimToken: claim.claimToken },
      });
      expect(own.status).toBe(200);
      expect((own.body as GuestClaim).moved.map((s) => s.id)).toEqual([thief.sites[0]!.id]);
    });
  });

  it('the expiry jobs no longer touch claimed sites', async () => {
    const guest = await guestWithSites(1);
    const res = await server.api('POST', '/api/auth/register', {
      token: guest.token,
      body: { email: `kept-${uniqueSubdomain('k')}@example.com`, password: PASSWORD },
    });
    expect((res.body.claim as GuestClaim).moved).toHaveLength(1);
    const unclaimed = await guestWithSites(1);
    // Both guests and their sites made three days ago: past every purge time.
    const longAgo = Date.now() - 72 * HOUR;
    for (const id of [guest.user.id, unclaimed.user.id]) {
      await server.ctx.db
        .updateTable('users')
        .set({ created_at: nowIso(longAgo) })
        .where('id', '=', id)
        .execute();
    }
    await server.ctx.db
      .updateTable('sites')
      .set({ created_at: nowIso(longAgo), expires_at: nowIso(longAgo + 24 * HOUR) })
      .where('id', '=', unclaimed.sites[0]!.id)
      .execute();
    await server.ctx.db
      .updateTable('sites')
      .set({ created_at: nowIso(longAgo) })
      .where('id', '=', guest.sites[0]!.id)
      .execute();
    await purgeExpiredSites.run(server.ctx);
    await removeExpiredGuestsJob.run(server.ctx);
    expect(await siteRow(unclaimed.sites[0]!.id)).toBeUndefined();
    expect(await siteRow(guest.sites[0]!.id)).toMatchObject({
      user_id: res.body.user.id,
      expires_at: null,
    });
    expect((await fetchSite(server.port, guest.sites[0]!.subdomain)).status).toBe(200);
  });
});
