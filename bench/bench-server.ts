// The server most benches measure: production mode, in this process, over a fresh folder, with
// one confirmed account, and nothing running beside the measured work.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { startServer, type RunningServer } from '../src/server/server';
import { recompressed } from '../test/deploy';
import { apiClient } from '../test/server';
import { filesOfDeployment } from '../src/server/db/queries/deployment-files';

export const BENCH_EMAIL = 'bench@example.com';

export interface BenchServer {
  server: RunningServer;
  dataDir: string;
  /** The bench account's session. */
  token: string;
}

/** Production settings over `dataDir`, with nothing running beside the measured work. */
export function benchConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    // Production refuses to start without one; a bench's stored keys are thrown away.
    SECRET_KEY: 'bench-secret-key-bench-secret-key-0123',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMOS: 'false',
    // The figures are of builds and serving: not of link previews' browser, nor of the
    // status page's canary, which deploys a site every minute beside the measured runs.
    LINK_PREVIEWS: 'false',
    STATUS_CHECKS: 'false',
    ...env,
  });
}

export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ah-bench-'));
  const config = benchConfig(dataDir, {
    ADMIN_EMAILS: BENCH_EMAIL,
    // Benches deploy back to back, faster than the product lets one account.
    DEPLOY_RATE_LIMIT: '10000',
    DEPLOY_BURST_LIMIT: '10000',
    ...env,
  });
  const server = await startServer(config, { log: createLogger('warn') });
  const res = await apiClient(server.url)('POST', '/api/auth/register', {
    body: { email: BENCH_EMAIL, password: 'bench password' },
  });
  if (res.status !== 201) {
    throw new Error(`the bench account: ${res.status} ${JSON.stringify(res.body)}`);
  }
  // Production without SMTP_URL sends no e-mail: the account is confirmed directly, as its
  // owner would by opening the link (access tokens and the ADMIN_EMAILS role need it).
  await server.ctx.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('email', '=', BENCH_EMAIL)
    .execute();
  return { server, dataDir, token: res.body.token as string };
}

/** A small React component, different for each n, so no build result is reused. */
export const counterArtifact = (n: number) => `import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(${n});
  return (
    <div className="min-h-screen flex items-center justify-center bg-slate-50">
      <button className="px-4 py-2 rounded bg-blue-600 text-white" onClick={() => setCount(count + 1)}>
        Clicked {count} times
      </button>
    </div>
  );
}
`;

/**
 * Waits until a just-published deployment's background pass at the best compression level
 * (pipeline/recompression.ts) has landed: it begins a second after the node's last build, runs
 * a brotli thread for about half a second, then has hosting read the site's files again. A run
 * measured meanwhile would measure that too. Call it at once after the deployment's SUCCESS,
 * before that quiet second ends.
 */
export async function untilRecompressed(
  server: RunningServer,
  siteId: string,
  deploymentId: string,
): Promise<void> {
  const bundle = (await filesOfDeployment(server.ctx.db, deploymentId))
    .filter((f) => f.path.endsWith('.js') && f.br_sha256)
    .sort((a, b) => b.size - a.size)[0];
  if (!bundle) throw new Error(`deployment ${deploymentId} has no compressed script`);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    recompressed(server, siteId, deploymentId, bundle),
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('the best-level pass of the last deployment did not land in 60 s')),
        60_000,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}
