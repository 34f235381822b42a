import { request } from 'node:http';
import { sql } from 'kysely';
import { createClient } from 'redis';
import type { StatusPartId } from '../../../shared/status';
import type { AppContext } from '../../context';
import { jobRun } from '../../db/queries/job-runs';
import { runCanary, type HostingProbe } from './canary';
import type { PartCheck } from './part-check';

// One round of checks of the service's parts. Each check says what it found in words; a
// check that throws counts as the part being down, with the error as its detail.

const SLOW_DATABASE_MS = 1_000;
const PROBE_TIMEOUT_MS = 5_000;
/** The certificate job runs every minute: this long without a finished run means it stopped. */
const CERTIFICATE_JOB_STALE_MS = 10 * 60 * 1000;
/** An S3 key nobody stores (no content hashes to all zeros): asking for it proves the bucket answers. */
const NO_SUCH_BLOB = '0'.repeat(64);

/** The parts this installation has: Redis and S3 only when configured. */
export function partsOf(config: AppContext['config']): StatusPartId[] {
  return [
    'app',
    'builds',
    'hosting',
    'certificates',
    'database',
    ...(config.redisUrl ? (['redis'] as const) : []),
    ...(config.s3 ? (['s3'] as const) : []),
  ];
}

export async function runChecks(
  ctx: AppContext,
  probe: HostingProbe,
): Promise<Map<StatusPartId, PartCheck>> {
  const results = new Map<StatusPartId, PartCheck>();
  const guard = async (part: StatusPartId, check: () => Promise<PartCheck>) => {
    try {
      results.set(part, await check());
    } catch (err) {
      results.set(part, {
        status: 'down',
        detail: err instanceof Error ? err.message : String(err),
      });
    }
  };
  await Promise.all([
    guard('database', () => checkDatabase(ctx)),
    guard('app', () => checkApp(probe)),
    guard('certificates', () => checkCertificateJob(ctx)),
    ctx.config.redisUrl ? guard('redis', () => checkRedis(ctx.config.redisUrl!)) : null,
    ctx.config.s3 ? guard('s3', () => checkS3(ctx)) : null,
    (async () => {
      try {
        const { builds, hosting } = await runCanary(ctx, probe);
        results.set('builds', builds);
        results.set('hosting', hosting);
      } catch (err) {
        const detail = `The canary could not be deployed: ${err instanceof Error ? err.message : String(err)}`;
        results.set('builds', { status: 'down', detail });
        results.set('hosting', { status: 'degraded', detail });
      }
    })(),
  ]);
  return results;
}

async function checkDatabase(ctx: AppContext): Promise<PartCheck> {
  const started = Date.now();
  await sql`select 1`.execute(ctx.db);
  const ms = Date.now() - started;
  return ms > SLOW_DATABASE_MS
    ? { status: 'degraded', detail: `Answered in ${ms} ms.` }
    : { status: 'operational', detail: `Answered in ${ms} ms.` };
}

/** The API as a client sees it: this node's own listener, through the whole request path. */
function checkApp(probe: HostingProbe): Promise<PartCheck> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port: probe.port(), path: '/api/health', timeout: PROBE_TIMEOUT_MS },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve(
            res.statusCode === 200
              ? { status: 'operational', detail: 'The API answered.' }
              : { status: 'down', detail: `The API answered ${res.statusCode}.` },
          ),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) =>
      resolve({ status: 'down', detail: `The API did not answer: ${err.message}` }),
    );
    req.end();
  });
}

async function checkCertificateJob(ctx: AppContext): Promise<PartCheck> {
  const run = await jobRun(ctx.db, 'certificates');
  if (!run?.last_finished_at) {
    return { status: 'operational', detail: 'The certificate job has not finished a run yet.' };
  }
  if (Date.now() - Date.parse(run.last_finished_at) > CERTIFICATE_JOB_STALE_MS) {
    return {
      status: 'down',
      detail: `The certificate job has not run since ${run.last_finished_at}.`,
    };
  }
  if (run.last_error) {
    return {
      status: 'degraded',
      detail: `The certificate job's last run failed: ${run.last_error}`,
    };
  }
  return { status: 'operational', detail: `The certificate job ran at ${run.last_finished_at}.` };
}

async function checkRedis(url: string): Promise<PartCheck> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: PROBE_TIMEOUT_MS, reconnectStrategy: false },
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const answer = await client.ping();
    return answer === 'PONG'
      ? { status: 'operational', detail: 'Redis answered.' }
      : { status: 'degraded', detail: `Redis answered ${answer}.` };
  } finally {
    if (client.isOpen) await client.quit().catch(() => undefined);
  }
}

async function checkS3(ctx: AppContext): Promise<PartCheck> {
  await ctx.blobs.has(NO_SUCH_BLOB);
  return { status: 'operational', detail: 'The bucket answered.' };
}
