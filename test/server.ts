import { Writable } from 'node:stream';
import { loadConfig } from '../src/server/config';
import type { Dialect } from '../src/server/db/database';
import { createLogger } from '../src/server/logger';
import { startServer, type RunningServer, type StartOptions } from '../src/server/server';
import type { PlanName } from '../src/shared/plans';
import type { AuthResponse } from '../src/shared/user';
import { freePort } from './child-server';
import { createTestDatabaseTarget } from './databases';
import type { TestSmtp } from './smtp';
import { waitUntil } from './wait';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the JSON API; the body comes back parsed when it is JSON, as text otherwise. */
export type ApiCall = <T = any>(
  method: string,
  path: string,
  opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<ApiResponse<T>>;

export interface TestServer extends RunningServer {
  /** Every log line the server wrote (JSON text), down to debug. */
  logs: string[];
  api: ApiCall;
}

/** An API client for the server at `baseUrl` (one in this process or a child process). */
export function apiClient(baseUrl: string): ApiCall {
  return async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as any };
  };
}

/** A real server on a free port over a fresh database of the given dialect. */
export async function startTestServer(
  dialect: Dialect,
  env: Record<string, string> = {},
  opts: { webDir?: string } & Pick<StartOptions, 'blobs'> = {},
): Promise<TestServer> {
  const target = await createTestDatabaseTarget(dialect);
  // A known port, so the sites domain and app origin name this very server.
  const port = String(await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    // Every line the server can write, so tests of what logs hold see the request lines too.
    LOG_LEVEL: 'debug',
    // Tests that want the demo sites ask for them; the rest start with an empty product.
    SEED_DEMOS: 'false',
    // Nor do they get the status page's canary deploying beside them, unless they ask.
    STATUS_CHECKS: 'false',
    // Nor a browser taking each deployment's link preview: previews.test.ts turns them on.
    LINK_PREVIEWS: 'false',
    // Tests deploy as fast as they need; rate-limits.test.ts sets the product's limits.
    DEPLOY_RATE_LIMIT: '10000',
    DEPLOY_BURST_LIMIT: '10000',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const server = await startServer(config, { ...opts, log: createLogger('debug', sink) });
  const api = apiClient(server.url);
  return {
    ...server,
    logs,
    api,
    close: async () => {
      await server.close();
      await target.cleanup();
    },
  };
}

let counter = 0;
export async function registerUser(
  server: Pick<TestServer, 'api'>,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<AuthResponse> {
  counter += 1;
  const res = await server.api<AuthResponse>('POST', '/api/auth/register', {
    body: {
      email: input.email ?? `user${counter}-${Date.now()}@example.com`,
      password: input.password ?? 'correct horse battery',
      name: input.name ?? `User ${counter}`,
    },
  });
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function guestSession(server: Pick<TestServer, 'api'>): Promise<AuthResponse> {
  const res = await server.api<AuthResponse>('POST', '/api/auth/guest');
  if (res.status !== 201) throw new Error(`guest failed: ${res.status}`);
  return res.body;
}

/**
 * The token of the newest link to `path` (/verify-email, /reset-password) e-mailed to `email`,
 * read where a person's mailbox would be: the local SMTP server when the server under test has
 * SMTP_URL, else the server's log (without SMTP_URL, tests and development log each message).
 */
export async function mailedToken(
  server: Pick<TestServer, 'logs'>,
  email: string,
  opts: { smtp?: TestSmtp | undefined; path?: string; after?: number } = {},
): Promise<string> {
  const path = opts.path ?? '/verify-email';
  const pattern = new RegExp(`${path.replace(/[/-]/g, '\\$&')}\\?token=([\\w%-]+)`);
  const texts = () =>
    opts.smtp
      ? opts.smtp.messages
          .filter((m) =>
            [m.to ?? []]
              .flat()
              .some((a) => a.value.some((v) => v.address?.toLowerCase() === email.toLowerCase())),
          )
          .map((m) => m.text ?? '')
      : // Joined first: a child process's output comes in chunks that may split a line.
        server.logs
          .join('')
          .split('\n')
          .filter((line) => line.includes(`(SMTP_URL unset, not sent) to ${email}:`));
  const match = await waitUntil(
    () => {
      const found = texts()
        .slice(opts.after ?? 0)
        .map((t) => pattern.exec(t))
        .filter((m) => m !== null);
      return found[found.length - 1];
    },
    { what: `an e-mail with a ${path} link to ${email}`, timeoutMs: 60_000 },
  );
  return decodeURIComponent(match[1]!);
}

/**
 * Confirms an account's address the way its owner would: opens the link of the newest
 * confirmation e-mail (POST /api/auth/verify-email with its token).
 */
export async function verifyEmailOf(
  server: Pick<TestServer, 'api' | 'logs'>,
  email: string,
  opts: { smtp?: TestSmtp | undefined } = {},
): Promise<void> {
  const token = await mailedToken(server, email, opts);
  const res = await server.api('POST', '/api/auth/verify-email', { body: { token } });
  if (res.status !== 200) {
    throw new Error(`verify-email failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * A signed-up user who has confirmed their address (opened the e-mailed link): what billing,
 * custom domains, access tokens and stored AI keys need. Pass `smtp` when the server under
 * test sends e-mail through it.
 */
export async function registerVerifiedUser(
  server: Pick<TestServer, 'api' | 'logs'>,
  input: { email?: string; password?: string; name?: string } = {},
  opts: { smtp?: TestSmtp | undefined } = {},
): Promise<AuthResponse> {
  const auth = await registerUser(server, input);
  await verifyEmailOf(server, auth.user.email, opts);
  return { ...auth, user: { ...auth.user, emailVerified: true } };
}

/** A signed-up user (address confirmed, as a payer's is) moved to another plan, as an upgrade would. */
export async function registerUserOnPlan(
  server: Pick<TestServer, 'api' | 'ctx' | 'logs'>,
  plan: PlanName,
  opts: { smtp?: TestSmtp | undefined } = {},
): Promise<AuthResponse> {
  const auth = await registerVerifiedUser(server, {}, opts);
  await server.ctx.db.updateTable('users').set({ plan }).where('id', '=', auth.user.id).execute();
  return auth;
}
