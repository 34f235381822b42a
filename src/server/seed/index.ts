import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { startDeployment } from '../domain/deployments';
import { newId, nowIso } from '../domain/tokens';

/** The demo sites /examples and /demo-instructions point at (SPEC.md section 2). */
export const DEMO_SUBDOMAINS = ['todo', 'memory', 'calculator', 'weather'] as const;
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
  for (const subdomain of missing) {
    const bytes = await readFile(path.join(DEMOS_DIR, `${subdomain}.html`));
    await startDeployment(ctx, owner, {
      subdomain,
      source: { kind: 'html', bytes: new Uint8Array(bytes), name: `${subdomain}.html` },
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
