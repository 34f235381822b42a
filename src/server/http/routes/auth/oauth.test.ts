import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  GITHUB_APP,
  GOOGLE_APP,
  type FakeGitHub,
  type FakeGoogle,
} from '../../../../../test/oauth-providers';
import { githubPerson, useSocialSignIn } from '../../../../../test/social-sign-in';
import { registerVerifiedUser, startTestServer, type TestServer } from '../../../../../test/server';
import { CANCELLED, STATE_UNKNOWN } from '../../../domain/accounts/social-sign-in';
import { purgeExpiredSessions } from '../../../jobs/sessions';
import { NOT_THIS_BROWSER } from '../../../domain/accounts/sign-in-codes';
import { NO_VERIFIED_EMAIL } from '../../../integrations/oauth/github';
import { EMAIL_NOT_VERIFIED } from '../../../integrations/oauth/google';

let refused = 0;

describeEachDatabase('social sign-in', (dialect) => {
  const { parts, startAt, returnTo, exchange, signIn, linksOf } = useSocialSignIn(dialect);
  let server: TestServer;
  let github: FakeGitHub;
  let google: FakeGoogle;
  beforeAll(() => {
    ({ server, github, google } = parts);
  });
  const userCount = async () =>
    Number(
      (
        await server.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('GitHub', () => {
    it('sends the browser to GitHub with our client id, callback URL and a state kept server-side', async () => {
      github.person = githubPerson('state@example.com');
      const { authorize } = await startAt('github');
      expect(authorize.pathname).toBe('/login/oauth/authorize');
      expect(authorize.searchParams.get('client_id')).toBe(GITHUB_APP.clientId);
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `${server.ctx.config.appOrigin}/api/auth/github/callback`,
      );
      expect(authorize.searchParams.get('scope')).toContain('user:email');
      const state = authorize.searchParams.get('state') ?? '';
      expect(state.length).toBeGreaterThan(20);
      // Only its hash is stored.
      const rows = await server.ctx.db.selectFrom('oauth_sign_ins').selectAll().execute();
      expect(rows.some((r) => r.state_hash === state)).toBe(false);
      expect(rows.some((r) => r.provider === 'github')).toBe(true);
    });

    it('creates an account for a new person from their primary verified e-mail', async () => {
      const person = githubPerson('New.Person@Example.com', { name: 'Ada Lovelace' });
      github.person = person;
      const before = await userCount();
      const { token, user } = await signIn('github');
      expect(user).toMatchObject({
        email: 'new.person@example.com',
        name: 'Ada Lovelace',
        isGuest: false,
      });
      expect(await userCount()).toBe(before + 1);
      expect(await linksOf(user.id)).toEqual([
        expect.objectContaining({ provider: 'github', provider_account_id: String(person.id) }),
      ]);
      // The token exchange carried our app's credentials.
      expect(github.tokenRequests.at(-1)).toMatchObject(GITHUB_APP);
      const me = await server.api('GET', '/api/auth/me', { token });
      expect(me.body.user.id).toBe(user.id);
    });

    it('links to the existing account with that confirmed e-mail instead of making a second one', async () => {
      // Confirmed: whoever opened the link owns the address, so the provider's word joins them.
      const existing = await registerVerifiedUser(server, { email: 'has-password@example.com' });
      github.person = githubPerson('Has-Password@example.com');
      const before = await userCount();
      const { user } = await signIn('github');
      expect(user.id).toBe(existing.user.id);
      expect(await userCount()).toBe(before);
      expect(await linksOf(user.id)).toHaveLength(1);
      // The password still works beside it.
      const login = await server.api('POST', '/api/auth/login', {
        body: { email: 'has-password@example.com', password: 'correct horse battery' },
      });
      expect(login.status).toBe(200);
    });

    it('signs a returning identity into its account even after its e-mail changed', async () => {
      const person = githubPerson('first@example.com');
      github.person = person;
      const first = await signIn('github');
      github.person = {
        ...person,
        emails: [{ email: 'second@example.com', primary: true, verified: true }],
      };
      const again = await signIn('github');
      expect(again.user.id).toBe(first.user.id);
      expect(again.user.email).toBe('first@example.com');
      expect((await linksOf(first.user.id))[0]?.email).toBe('second@example.com');
    });

    it('refuses an account whose primary e-mail is not verified', async () => {
      github.person = githubPerson('unverified@example.com');
      github.person.emails = github.person.emails.map((e) => ({ ...e, verified: !e.primary }));
      const before = await userCount();
      const { browser, callback } = await startAt('github');
      const landed = await returnTo(callback, browser);
      expect(landed.searchParams.get('error')).toBe(NO_VERIFIED_EMAIL);
      expect(landed.searchParams.get('provider')).toBe('github');
      expect(landed.searchParams.get('token')).toBeNull();
      expect(await userCount()).toBe(before);
    });

    it('returns denied consent to /auth/callback with an error and changes nothing', async () => {
      github.person = null;
      const before = await userCount();
      const { browser, callback } = await startAt('github');
      expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
      const landed = await returnTo(callback, browser);
      expect(landed.searchParams.get('error')).toBe(CANCELLED);
      expect(landed.searchParams.get('token')).toBeNull();
      expect(await userCount()).toBe(before);
    });

    it('refuses a forged state without asking GitHub for a token', async () => {
      github.person = githubPerson('forged@example.com');
      const { browser, callback } = await startAt('github');
      const forged = new URL(callback);
      forged.searchParams.set('state', 'made-up-by-an-attacker');
      const requests = github.tokenRequests.length;
      const before = await userCount();
      const landed = await returnTo(forged.toString(), browser);
      expect(landed.searchParams.get('error')).toBe(STATE_UNKNOWN);
      expect(landed.searchParams.get('token')).toBeNull();
      expect(github.tokenRequests.length).toBe(requests);
      expect(await userCount()).toBe(before);
    });

    it('uses a state once: replaying the callback is refused', async () => {
      github.person = githubPerson('replay@example.com');
      const { browser, callback } = await startAt('github');
      expect((await returnTo(callback, browser)).searchParams.get('token')).not.toBeNull();
      expect((await returnTo(callback, browser)).searchParams.get('error')).toBe(STATE_UNKNOWN);
    });

    it('refuses an expired sign-in, and the hourly purge removes unfinished ones', async () => {
      github.person = githubPerson('late@example.com');
      const { browser, callback } = await startAt('github');
      const past = new Date(Date.now() - 1000).toISOString();
      await server.ctx.db.updateTable('oauth_sign_ins').set({ expires_at: past }).execute();
      expect((await returnTo(callback, browser)).searchParams.get('error')).toBe(STATE_UNKNOWN);
      await startAt('github');
      await server.ctx.db.updateTable('oauth_sign_ins').set({ expires_at: past }).execute();
      await purgeExpiredSessions.run(server.ctx);
      expect(await server.ctx.db.selectFrom('oauth_sign_ins').selectAll().execute()).toEqual([]);
    });

    it('binds the sign-in to the browser that started it', async () => {
      github.person = githubPerson('bound@example.com');
      const victim = await startAt('github');
      const other = await startAt('github');
      // The provider's return, opened in another browser (another state cookie): refused.
      const stolen = await returnTo(victim.callback, other.browser);
      expect(stolen.searchParams.get('error')).toBe(NOT_THIS_BROWSER);

      const mine = await startAt('github');
      const landed = await returnTo(mine.callback, mine.browser);
      const code = landed.searchParams.get('token') ?? '';
      // The code, carried to another browser: refused there, still good here.
      const elsewhere = await exchange(code, other.browser);
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.error.message).toBe(NOT_THIS_BROWSER);
      const here = await exchange(code, mine.browser);
      expect(here.status).toBe(200);
      expect(here.body.user.email).toBe('bound@example.com');
      expect((await exchange(code, mine.browser)).status).toBe(400);
    });
  });

  describe('Google', () => {
    it('sends the browser to the issuer with PKCE (S256), state and nonce', async () => {
      google.person = {
        sub: 'g-state',
        email: 'g-state@example.com',
        email_verified: true,
        name: 'G',
      };
      const { authorize } = await startAt('google');
      expect(authorize.searchParams.get('client_id')).toBe(GOOGLE_APP.clientId);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(authorize.searchParams.get('nonce')).toBeTruthy();
      expect(authorize.searchParams.get('scope')).toBe('openid email profile');
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `${server.ctx.config.appOrigin}/api/auth/google/callback`,
      );
    });

    it('creates an account from a verified ID token, and signs the same person in again', async () => {
      google.person = {
        sub: 'g-new',
        email: 'grace@example.com',
        email_verified: true,
        name: 'Grace Hopper',
      };
      const first = await signIn('google');
      expect(first.user).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper' });
      expect(await linksOf(first.user.id)).toEqual([
        expect.objectContaining({ provider: 'google', provider_account_id: 'g-new' }),
      ]);
      const again = await signIn('google');
      expect(again.user.id).toBe(first.user.id);
    });

    it('links Google to the account GitHub made for the same e-mail', async () => {
      github.person = githubPerson('both@example.com');
      const viaGitHub = await signIn('github');
      google.person = { sub: 'g-both', email: 'both@example.com', email_verified: true, name: 'B' };
      const viaGoogle = await signIn('google');
      expect(viaGoogle.user.id).toBe(viaGitHub.user.id);
      expect((await linksOf(viaGitHub.user.id)).map((l) => l.provider).sort()).toEqual([
        'github',
        'google',
      ]);
    });

    for (const [what, tamper, person] of [
      ['a wrong audience', { aud: 'someone-elses-client' }, {}],
      ["another sign-in's nonce", { nonce: 'not-this-sign-ins-nonce' }, {}],
      ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }, {}],
      ['an unverified e-mail', {}, { email_verified: false }],
    ] as const) {
      it(`refuses ${what}`, async () => {
        google.person = {
          sub: `g-${what}`,
          email: `refused-${(refused += 1)}@example.com`,
          email_verified: true,
          name: 'Mallory',
          ...person,
        };
        google.tamper = { ...tamper };
        const before = await userCount();
        const { browser, callback } = await startAt('google');
        const landed = await returnTo(callback, browser);
        const error = landed.searchParams.get('error') ?? '';
        if ('email_verified' in person) expect(error).toBe(EMAIL_NOT_VERIFIED);
        else expect(error).toMatch(/could not be verified/);
        expect(landed.searchParams.get('token')).toBeNull();
        expect(await userCount()).toBe(before);
      });
    }

    it('returns denied consent with an error', async () => {
      google.person = null;
      const { browser, callback } = await startAt('google');
      const landed = await returnTo(callback, browser);
      expect(landed.searchParams.get('error')).toBe(CANCELLED);
      expect(landed.searchParams.get('provider')).toBe('google');
    });
  });

  it('tells the web app which providers are set up and where their callbacks are', async () => {
    const res = await server.api('GET', '/api/config');
    expect(res.body.oauth).toEqual({
      enabled: true,
      providers: {
        github: {
          configured: true,
          callbackUrl: `${server.ctx.config.appOrigin}/api/auth/github/callback`,
        },
        google: {
          configured: true,
          callbackUrl: `${server.ctx.config.appOrigin}/api/auth/google/callback`,
        },
      },
    });
    // Nothing secret in it.
    expect(JSON.stringify(res.body)).not.toContain(GITHUB_APP.clientSecret);
  });

  it('never writes the provider secrets, codes or tokens into the logs', () => {
    // Without SMTP_URL a test server logs each e-mail whole, its confirmation link included
    // (that is how development follows links); every other line must hold no secret.
    const logs = server.logs.filter((l) => !l.includes('(SMTP_URL unset, not sent)')).join('\n');
    expect(logs).not.toContain(GITHUB_APP.clientSecret);
    expect(logs).not.toContain(GOOGLE_APP.clientSecret);
    expect(logs).not.toMatch(/gho_[0-9a-f]{24}/);
    expect(logs).not.toMatch(/[?&](code|state|token)=/);
  });
});

describeEachDatabase('social sign-in switched off', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      ENABLE_OAUTH: 'false',
      GITHUB_CLIENT_ID: GITHUB_APP.clientId,
      GITHUB_CLIENT_SECRET: GITHUB_APP.clientSecret,
    });
  });
  afterAll(() => server.close());

  it('answers 404 on every social route and says so in the config', async () => {
    for (const path of [
      '/api/auth/github',
      '/api/auth/google',
      '/api/auth/github/callback?code=x&state=y',
    ]) {
      const res = await fetch(server.url + path, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
    }
    const config = await server.api('GET', '/api/config');
    expect(config.body.oauth.enabled).toBe(false);
  });
});
