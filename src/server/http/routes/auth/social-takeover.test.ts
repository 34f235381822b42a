import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import type { FakeGitHub } from '../../../../../test/oauth-providers';
import { githubPerson, useSocialSignIn } from '../../../../../test/social-sign-in';
import { registerUser, type TestServer } from '../../../../../test/server';

describeEachDatabase('social sign-in and unconfirmed addresses', (dialect) => {
  const { parts, startAt, returnTo, exchange, signIn, linksOf } = useSocialSignIn(dialect);
  let server: TestServer;
  let github: FakeGitHub;
  beforeAll(() => {
    ({ server, github } = parts);
  });

  // Finding: an account registered with someone else's address captured its owner's later
  // social sign-in. Now a password account that never proved its address is linked only after
  // its password is given, and the attacker's credentials reach nothing that needs the address.
  describe('GitHub', () => {
    it('takeover: an address registered by someone else does not capture its owner', async () => {
      // The attacker signs up first with the victim's address (never confirmed), and prepares
      // a deploy token to keep a door open.
      const attacker = await registerUser(server, { email: 'victim@x.example' });
      expect(attacker.user.emailVerified).toBe(false);
      const attackerToken = await server.api('POST', '/api/tokens', {
        token: attacker.token,
        body: { name: 'backdoor', scope: 'deploy', expiresInDays: null },
      });
      // The victim signs in with GitHub, whose verified primary address is victim@x.example.
      github.person = githubPerson('victim@x.example');
      const { browser, callback } = await startAt('github');
      const landed = await returnTo(callback, browser);
      // No sign-in code: the browser is asked for that account's password instead.
      expect(landed.searchParams.get('token')).toBeNull();
      expect(landed.searchParams.get('error')).toBeNull();
      const link = landed.searchParams.get('link') ?? '';
      expect(link).not.toBe('');
      expect(await linksOf(attacker.user.id)).toHaveLength(0);
      const info = await server.api('GET', `/api/auth/link?token=${encodeURIComponent(link)}`, {
        headers: { cookie: browser.cookie },
      });
      expect(info.body).toEqual({ provider: 'github', email: 'victim@x.example' });
      // The victim does not know the attacker's password: nothing links.
      const wrong = await server.api('POST', '/api/auth/link', {
        body: { token: link, password: 'a guess of the victim' },
        headers: { cookie: browser.cookie },
      });
      expect(wrong.status).toBe(401);
      expect(await linksOf(attacker.user.id)).toHaveLength(0);
      // Signing in with GitHub again still never lands in the attacker's account.
      const again = await startAt('github');
      const landedAgain = await returnTo(again.callback, again.browser);
      expect(landedAgain.searchParams.get('token')).toBeNull();
      expect(landedAgain.searchParams.get('link')).not.toBeNull();
      // The attacker's password and token reach only the attacker's own (unconfirmed) account:
      // not admin, no billing, no new tokens, no keys.
      const me = await server.api('GET', '/api/auth/me', { token: attacker.token });
      expect(me.body.user).toMatchObject({ id: attacker.user.id, emailVerified: false });
      expect(attackerToken.status).toBe(403);
      expect(attackerToken.body.error.code).toBe('EMAIL_NOT_VERIFIED');
      const tokens = await server.ctx.db
        .selectFrom('access_tokens')
        .selectAll()
        .where('user_id', '=', attacker.user.id)
        .execute();
      expect(tokens).toHaveLength(0);
    });

    it('connects GitHub to an unconfirmed password account once its password is given, then signs in', async () => {
      const owner = await registerUser(server, { email: 'slow-to-confirm@example.com' });
      github.person = githubPerson('slow-to-confirm@example.com');
      const { browser, callback } = await startAt('github');
      const link = (await returnTo(callback, browser)).searchParams.get('link') ?? '';
      // Bound to the browser that came back from GitHub.
      const elsewhere = await server.api('POST', '/api/auth/link', {
        body: { token: link, password: 'correct horse battery' },
        headers: { cookie: 'auth_state=another-browser' },
      });
      expect(elsewhere.status).toBe(400);
      const linked = await server.api('POST', '/api/auth/link', {
        body: { token: link, password: 'correct horse battery' },
        headers: { cookie: browser.cookie },
      });
      expect(linked.status).toBe(200);
      expect(linked.body).toEqual({
        provider: 'github',
        user: { email: 'slow-to-confirm@example.com' },
      });
      // Used once.
      const replay = await server.api('POST', '/api/auth/link', {
        body: { token: link, password: 'correct horse battery' },
        headers: { cookie: browser.cookie },
      });
      expect(replay.status).toBe(400);
      // The next GitHub sign-in lands in the account, and the address is now confirmed.
      const { user } = await signIn('github');
      expect(user).toMatchObject({ id: owner.user.id, emailVerified: true });
      expect(await linksOf(owner.user.id)).toHaveLength(1);
    });

    it('refuses a suspended account before any session exists', async () => {
      github.person = githubPerson('suspended@example.com');
      const first = await signIn('github');
      await server.ctx.db
        .updateTable('users')
        .set({ suspended_at: new Date().toISOString(), suspended_reason: 'spam' })
        .where('id', '=', first.user.id)
        .execute();
      const sessionsBefore = await server.ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', first.user.id)
        .execute();
      const { browser, callback } = await startAt('github');
      const landed = await returnTo(callback, browser);
      expect(landed.searchParams.get('token')).toBeNull();
      expect(landed.searchParams.get('error')).toMatch(/suspended/i);
      const sessionsAfter = await server.ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', first.user.id)
        .execute();
      expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    });

    it('refuses a sign-in code of an account suspended after the provider sent it back', async () => {
      github.person = githubPerson('suspended-late@example.com');
      const first = await signIn('github');
      const { browser, callback } = await startAt('github');
      const landed = await returnTo(callback, browser);
      const code = landed.searchParams.get('token') ?? '';
      expect(code).not.toBe('');
      await server.ctx.db
        .updateTable('users')
        .set({ suspended_at: new Date().toISOString(), suspended_reason: null })
        .where('id', '=', first.user.id)
        .execute();
      const res = await exchange(code, browser);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ACCOUNT_SUSPENDED');
      expect(res.body.token).toBeUndefined();
    });
  });
});
