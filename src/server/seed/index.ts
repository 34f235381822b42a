import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_SUBDOMAINS } from '../../shared/demos';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { startDeployment } from '../domain/deployments';
import { newId, nowIso } from '../domain/tokens';

export { DEMO_SUBDOMAINS };
const DEMOS_DIR = path.join(import.meta.dirname, 'demos');
const DEMO_OWNER_EMAIL = 'demos@artifact-host.invalid';

/** Deploys the demo sites on first start, so 'View Demo' opens something live. */
export function registerDemoSeed(ctx: AppContext): void {
  if (!ctx.config.seedDemos || !ctx.config.roles.has('web')) return;
  ctx.onStart.push(async () => {
    try {
      await seedDemoSites(ctx);
    } catch (err) {
      // A demo that cannot be deployed must never keep the product from starting.
      ctx.log.error({ err }, 'seeding the demo sites failed');
    }
  });
}

export async function seedDemoSites(ctx: AppContext): Promise<string[]> {
  const taken = await ctx.db
    .selectFrom('sites')
    .select('subdomain')
    .where('subdomain', 'in', [...DEMO_SUBDOMAINS])
    .execute();
  const missing = DEMO_SUBDOMAINS.filter((s) => !taken.some((t) => t.subdomain === s));
  if (missing.length === 0) return [];
  const owner = await demoOwner(ctx);
  const files = await readdir(DEMOS_DIR);
  for (const subdomain of missing) {
    // A demo is an HTML page or a React component, as an assistant would hand it over.
    const file = files.find((f) => f === `${subdomain}.html` || f === `${subdomain}.jsx`);
    if (!file) throw new Error(`No demo file for ${subdomain} in ${DEMOS_DIR}`);
    const bytes = new Uint8Array(await readFile(path.join(DEMOS_DIR, file)));
    await startDeployment(ctx, owner, {
      subdomain,
      source: file.endsWith('.html')
        ? { kind: 'html', bytes, name: file }
        : { kind: 'code', bytes, name: null },
      aiProvider: null,
    });
  }
  ctx.log.info({ demos: missing }, 'demo sites queued');
  return missing;
}

// An account nobody can sign in to (no password): the demos belong to the installation.
async function demoOwner(ctx: AppContext): Promise<UserRow> {
  const existing = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', DEMO_OWNER_EMAIL)
    .executeTakeFirst();
  if (existing) return existing;
  const now = nowIso();
  const user: UserRow = {
    id: newId(),
    email: DEMO_OWNER_EMAIL,
    name: 'Artifact Host demos',
    password_hash: null,
    plan: 'ADMIN',
    is_guest: 0,
    github_id: null,
    google_id: null,
    stripe_customer_id: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('users').values(user).execute();
  return user;
}
