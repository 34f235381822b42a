import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, type GuestClaim } from '../../../../shared/claim';
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
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { issueSignInCode, newSignInState } from '../../../domain/sign-in-codes';
import { purgeExpiredSites } from '../../../jobs/expired-sites';
import { removeExpiredGuestsJob } from '../../../jobs/expired-guests';
import { nowIso } from '../../../lib/ids';
import { waitUntil } from '../../../../../test/wait';

const HOUR = 60 * 60 * 1000;
const PASSWORD = 'correct horse battery';

describeEachDatabase('claimable guest sites', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server?.close());

  /** A guest session with `count` live sites; each site's marker is its subdomain. */
  async function guestWithSites(count: number) {
    const guest = await guestSession(server);
    const sites: { id: string; subdomain: string }[] = [];
    for (let i = 0; i < count; i++) {
      const subdomain = uniqueSubdomain('g');
      const res = await deployCode(server, guest.token, subdomain, htmlArtifact(subdomain));
      expect(res.status).toBe(201);
      await waitForDeployment(server, guest.token, res.body.deployment.id);
      sites.push({ id: res.body.site.id, subdomain });
    }
    return { ...guest, sites };
  }

  /** A registered account with `count` sites of its own. */
  async function memberWithSites(count: number) {
    const email = `member-${uniqueSubdomain('m')}@example.com`;
    const member = await registerUser(server, { email, password: PASSWORD });
    for (let i = 0; i < count; i++) {
      const res = await deployCode(
        server,
        member.token,
        uniqueSubdomain('own'),
        htmlArtifact('own'),
      );
      expect(res.status).toBe(201);
    }
    return { ...member, email };
  }

  const siteRow = (id: string) =>
    server.ctx.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
  const listed = async (token: string) =>
    (await server.api('GET', '/api/sites', { token })).body.sites as {
      id: string;
      expiresAt: string | null;
    }[];
  const sitesChangedFor = (userId: string) => {
    const seen: string[] = [];
    const off = server.ctx.events.on('user.sites-changed', (e) => {
      if (e.userId === userId && e.change === 'site-created') seen.push(e.siteId);
    });
    return { seen, off };
  };

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
      await waitForDeploymentOf(deployed.siteId);

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

  async function guestCount(): Promise<number> {
    const rows = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('is_guest', '=', 1)
      .execute();
    return rows.length;
  }

  /** A session-less deploy has no token to ask with: wait on the row. */
  async function waitForDeploymentOf(siteId: string) {
    await waitUntil(async () => (await siteRow(siteId))?.current_deployment_id ?? false, {
      what: `site ${siteId} to go live`,
    });
  }
});
