import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AppContext } from '../../context';
import { deploymentById } from '../../db/queries/deployments';
import { sitesOfUser } from '../../db/queries/sites';
import { STATUS_CANARY_EMAIL } from '../../db/queries/status';
import { insertUser, userByEmail } from '../../db/queries/users';
import type { UserRow } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { newUser } from '../accounts/accounts';
import { startDeployment } from '../deployments/deployments';
import { deleteSite } from '../sites/sites';
import type { PartCheck } from './part-check';

const POLL_MS = 200;
const FETCH_TIMEOUT_MS = 10_000;
const LEFTOVER_MARGIN_MS = 60_000;

/** Where the canary fetches its site: this node's own listener, under the site's host name. */
export interface HostingProbe {
  port: () => number;
}

/**
 * The synthetic canary: deploys a tiny page as a customer would, waits for a worker to build
 * it, fetches it through the hosting path and checks the bytes, then deletes the site. Its
 * account is the installation's own, left out of every operator list, and its sites live for
 * one check only, so nothing of it counts as customer content.
 */
export async function runCanary(
  ctx: AppContext,
  probe: HostingProbe,
): Promise<{ builds: PartCheck; hosting: PartCheck }> {
  const owner = await canaryOwner(ctx);
  await removeLeftovers(ctx, owner);
  const marker = randomBytes(8).toString('hex');
  const subdomain = `status-canary-${marker}`;
  const html = `<!doctype html><title>status canary</title><p>canary ${marker}</p>`;
  const started = Date.now();
  const { site, deployment } = await startDeployment(ctx, owner, {
    subdomain,
    source: { kind: 'html', bytes: new TextEncoder().encode(html), name: 'canary.html' },
    aiProvider: null,
    clientAddress: null,
  });
  try {
    const finished = await waitForBuild(
      ctx,
      deployment.id,
      started + ctx.config.statusCanaryTimeoutMs,
    );
    const host = `${subdomain}.${ctx.config.sitesDomain}`;
    if (!finished || finished.status !== 'SUCCESS') {
      const builds: PartCheck = {
        status: 'down',
        detail: finished
          ? `The canary's build failed: ${finished.error_message ?? 'no reason given'}`
          : `No worker built the canary within ${Math.round(ctx.config.statusCanaryTimeoutMs / 1000)} s.`,
      };
      // Hosting can still be seen answering, though not serving a new version.
      const answer = await fetchFromHosting(probe.port(), host).catch(() => null);
      const hosting: PartCheck = answer
        ? { status: 'operational', detail: 'Answering; the canary could not be built to fetch.' }
        : { status: 'down', detail: 'Site hosting did not answer.' };
      return { builds, hosting };
    }
    const buildSeconds = ((Date.now() - started) / 1000).toFixed(1);
    const builds: PartCheck = {
      status: 'operational',
      detail: `The canary was built in ${buildSeconds} s.`,
    };
    const answer = await fetchFromHosting(probe.port(), host).catch((err: Error) => err);
    if (answer instanceof Error) {
      return {
        builds,
        hosting: { status: 'down', detail: `Site hosting did not answer: ${answer.message}` },
      };
    }
    const hosting: PartCheck =
      answer.status === 200 && answer.text.includes(`canary ${marker}`)
        ? {
            status: 'operational',
            detail: 'The canary was served with the bytes it was deployed with.',
          }
        : {
            status: 'down',
            detail: `The canary was answered with ${answer.status} and other content.`,
          };
    return { builds, hosting };
  } finally {
    await deleteSite(ctx, site);
  }
}

async function waitForBuild(ctx: AppContext, id: string, deadline: number) {
  for (;;) {
    const row = await deploymentById(ctx.db, id);
    if (!row) return null;
    if (row.status === 'SUCCESS' || row.status === 'FAILED') return row;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Sites a check interrupted (a node stopped mid-check) are deleted by a later check. Only old
 * ones: a round longer than the period may still run on another node, its site in use.
 */
async function removeLeftovers(ctx: AppContext, owner: UserRow): Promise<void> {
  const before = nowIso(Date.now() - 2 * ctx.config.statusCanaryTimeoutMs - LEFTOVER_MARGIN_MS);
  for (const site of await sitesOfUser(ctx.db, owner.id)) {
    if (site.created_at < before) await deleteSite(ctx, site);
  }
}

// An account nobody can sign in to (no password), on the operators' plan so no plan limit
// ever stops a check.
async function canaryOwner(ctx: AppContext): Promise<UserRow> {
  const existing = await userByEmail(ctx.db, STATUS_CANARY_EMAIL);
  if (existing) return existing;
  const user = newUser({
    email: STATUS_CANARY_EMAIL,
    name: 'Status canary',
    password_hash: null,
    plan: 'ADMIN',
    email_verified: 1,
    email_plan_changed: 0,
    email_payment_failed: 0,
  });
  try {
    await insertUser(ctx.db, user);
    return user;
  } catch (err) {
    // Another node made it in the meantime.
    const made = await userByEmail(ctx.db, STATUS_CANARY_EMAIL);
    if (made) return made;
    throw err;
  }
}

function fetchFromHosting(port: number, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/', headers: { host }, timeout: FETCH_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}
