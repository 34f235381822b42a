import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Dialect } from '../src/server/db/database';
import {
  GITHUB_APP,
  GOOGLE_APP,
  startFakeGitHub,
  startFakeGoogle,
  type FakeGitHub,
  type FakeGoogle,
  type GitHubPerson,
} from './oauth-providers';
import { startTestServer, type TestServer } from './server';

let people = 0;
/** A GitHub account whose primary, verified address is `email`; a new id and login each time. */
export const githubPerson = (email: string, more: Partial<GitHubPerson> = {}): GitHubPerson => {
  people += 1;
  return {
    id: 1000 + people,
    login: `octo${people}`,
    name: `Octo Cat ${people}`,
    emails: [
      { email: `old${people}@users.noreply.github.com`, primary: false, verified: true },
      { email, primary: true, verified: true },
    ],
    ...more,
  };
};

/** One browser: the cookie jar of the sign-in it started. */
export interface Browser {
  cookie: string;
}

/**
 * A server with GitHub and Google sign-in pointed at their local fakes, started before the
 * file's tests and stopped after, and the steps a browser takes through a social sign-in.
 * Call it inside a describe; `server`, `github` and `google` are there once beforeAll has run.
 */
export function useSocialSignIn(dialect: Dialect) {
  const parts = {} as { server: TestServer; github: FakeGitHub; google: FakeGoogle };

  beforeAll(async () => {
    parts.github = await startFakeGitHub();
    parts.google = await startFakeGoogle();
    parts.server = await startTestServer(dialect, {
      GITHUB_CLIENT_ID: GITHUB_APP.clientId,
      GITHUB_CLIENT_SECRET: GITHUB_APP.clientSecret,
      GOOGLE_CLIENT_ID: GOOGLE_APP.clientId,
      GOOGLE_CLIENT_SECRET: GOOGLE_APP.clientSecret,
      ...parts.github.env,
      ...parts.google.env,
    });
  });
  afterAll(async () => {
    await parts.server?.close();
    await parts.github?.close();
    await parts.google?.close();
  });
  beforeEach(() => {
    parts.github.person = null;
    parts.google.person = null;
    parts.google.tamper = {};
  });

  // Our server's own origin: the callback URL names APP_ORIGIN (localhost), the test dials 127.0.0.1.
  const ours = (url: string) => {
    const u = new URL(url);
    return `${parts.server.url}${u.pathname}${u.search}`;
  };

  /** Presses the button: our redirect, the provider's consent page, back to our callback. */
  async function startAt(provider: 'github' | 'google') {
    const start = await fetch(`${parts.server.url}/api/auth/${provider}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const cookie = /auth_state=[^;]+/.exec(start.headers.get('set-cookie') ?? '')?.[0] ?? '';
    expect(cookie).not.toBe('');
    const authorize = new URL(start.headers.get('location') ?? '');
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    return { browser: { cookie }, authorize, callback: consent.headers.get('location') ?? '' };
  }

  async function returnTo(callback: string, browser: Browser) {
    const res = await fetch(ours(callback), {
      redirect: 'manual',
      headers: { cookie: browser.cookie },
    });
    expect(res.status).toBe(302);
    const landed = new URL(res.headers.get('location') ?? '');
    expect(`${landed.origin}${landed.pathname}`).toBe(
      `${parts.server.ctx.config.appOrigin}/auth/callback`,
    );
    return landed;
  }

  const exchange = (code: string, browser: Browser) =>
    parts.server.api('POST', '/api/auth/callback', {
      body: { code },
      headers: { cookie: browser.cookie },
    });

  async function signIn(provider: 'github' | 'google') {
    const { browser, callback } = await startAt(provider);
    const landed = await returnTo(callback, browser);
    expect(landed.searchParams.get('error')).toBeNull();
    expect(landed.searchParams.get('provider')).toBe(provider);
    const res = await exchange(landed.searchParams.get('token') ?? '', browser);
    expect(res.status).toBe(200);
    return res.body;
  }

  const linksOf = (userId: string) =>
    parts.server.ctx.db
      .selectFrom('oauth_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();

  return { parts, ours, startAt, returnTo, exchange, signIn, linksOf };
}
