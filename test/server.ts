import { Writable } from 'node:stream';
import { loadConfig } from '../src/server/config';
import type { Dialect } from '../src/server/db/database';
import { createLogger } from '../src/server/logger';
import { startServer, type RunningServer } from '../src/server/server';
import type { AuthResponse } from '../src/shared/user';
import { freePort } from './child-server';
import { createTestDatabaseTarget } from './databases';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestServer extends RunningServer {
  /** Every log line the server wrote, parsed. */
  logs: string[];
  api<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
}

/** A real server on a free port over a fresh database of the given dialect. */
export async function startTestServer(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const target = await createTestDatabaseTarget(dialect);
  // A known port, so the sites domain and app origin name this very server.
  const port = String(await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'info',
    // Tests that want the demo sites ask for them; the rest start with an empty product.
    SEED_DEMOS: 'false',
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
  const server = await startServer(config, { log: createLogger('info', sink) });
  const api: TestServer['api'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(server.url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as any };
  };
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
  server: TestServer,
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

export async function guestSession(server: TestServer): Promise<AuthResponse> {
  const res = await server.api<AuthResponse>('POST', '/api/auth/guest');
  if (res.status !== 201) throw new Error(`guest failed: ${res.status}`);
  return res.body;
}
