import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

// Local stand-ins for GitHub and Google that speak their wire formats, so the server's real
// OAuth client (arctic) runs against them: GitHub's authorize page, token endpoint, /user and
// /user/emails; Google as an OpenID Connect issuer (oauth2-mock-server: discovery, JWKS,
// authorize, token with a signed ID token). Each one's person and consent are set per test.

export interface GitHubPerson {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeGitHub {
  /** GITHUB_OAUTH_BASE_URL and GITHUB_API_BASE_URL for the server under test. */
  env: Record<string, string>;
  /** Who signs in at the authorize page next; null: the person clicks 'Cancel'. */
  person: GitHubPerson | null;
  /** Token requests received, with the client credentials they carried. */
  tokenRequests: { clientId: string; clientSecret: string; code: string }[];
  close(): Promise<void>;
}

export const GITHUB_APP = { clientId: 'gh-client-id', clientSecret: 'gh-client-secret' };
export const GOOGLE_APP = { clientId: 'google-client-id', clientSecret: 'google-client-secret' };

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const codes = new Map<string, GitHubPerson>();
  const tokens = new Map<string, GitHubPerson>();
  const fake: FakeGitHub = {
    env: {},
    person: null,
    tokenRequests: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => json(res, 500, { message: String(err) }));
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://github.test');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      // GitHub's consent page, decided at once: approve as `person`, or deny as GitHub does.
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      if (url.searchParams.get('client_id') !== GITHUB_APP.clientId) {
        return json(res, 404, { message: 'Not Found' });
      }
      if (fake.person) {
        const code = randomBytes(10).toString('hex');
        codes.set(code, fake.person);
        back.searchParams.set('code', code);
      } else {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user has denied your application access.');
      }
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const body = await form(req);
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [clientId = '', clientSecret = ''] = basic
        ? Buffer.from(basic, 'base64').toString('utf8').split(':')
        : [body.get('client_id') ?? '', body.get('client_secret') ?? ''];
      const code = body.get('code') ?? '';
      fake.tokenRequests.push({ clientId, clientSecret, code });
      // GitHub answers these with 200 and an error field.
      if (clientId !== GITHUB_APP.clientId || clientSecret !== GITHUB_APP.clientSecret) {
        return json(res, 200, { error: 'incorrect_client_credentials' });
      }
      const person = codes.get(code);
      codes.delete(code);
      if (!person) return json(res, 200, { error: 'bad_verification_code' });
      const token = `gho_${randomBytes(12).toString('hex')}`;
      tokens.set(token, person);
      return json(res, 200, {
        access_token: token,
        token_type: 'bearer',
        scope: 'read:user,user:email',
      });
    }
    const token = /^(?:Bearer|token) (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const person = token ? tokens.get(token) : undefined;
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      if (!person) return json(res, 401, { message: 'Bad credentials' });
      if (!req.headers['user-agent']) return json(res, 403, { message: 'User-Agent required' });
      if (url.pathname === '/user') {
        const publicEmail = person.emails.find((e) => e.primary)?.email ?? null;
        return json(res, 200, {
          id: person.id,
          login: person.login,
          name: person.name,
          email: publicEmail,
        });
      }
      return json(
        res,
        200,
        person.emails.map((e) => ({ ...e, visibility: e.primary ? 'public' : null })),
      );
    }
    json(res, 404, { message: 'Not Found' });
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = { GITHUB_OAUTH_BASE_URL: base, GITHUB_API_BASE_URL: base };
  return fake;
}

export interface GooglePerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface FakeGoogle {
  /** GOOGLE_ISSUER_URL for the server under test. */
  env: Record<string, string>;
  /** Who signs in next; null: the person denies consent. */
  person: GooglePerson | null;
  /** Claims forced into the next ID tokens (a wrong audience, another nonce). */
  tamper: Record<string, unknown>;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const fake: FakeGoogle = {
    env: { GOOGLE_ISSUER_URL: server.issuer.url ?? '' },
    person: null,
    tamper: {},
    close: () => server.stop(),
  };
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    if (fake.person) return;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'access_denied');
  });
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (fake.person) Object.assign(token.payload, fake.person);
    Object.assign(token.payload, fake.tamper);
  });
  return fake;
}
