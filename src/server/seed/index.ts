import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_SUBDOMAINS } from '../../shared/demos';
import type { AppContext, Part } from '../context';
import { subdomainsTaken } from '../db/queries/sites';
import { insertUser, userByEmail } from '../db/queries/users';
import type { UserRow } from '../db/schema';
import { newUser } from '../domain/accounts/accounts';
import { startDeployment } from '../domain/deployments/deployments';

export { DEMO_SUBDOMAINS };
const DEMOS_DIR = path.join(import.meta.dirname, 'demos');
const DEMO_OWNER_EMAIL = 'demos@artifact-host.invalid';

/** Deploys the demo sites on first start, so 'View Demo' opens something live. */
export function createDemoSeed(ctx: AppContext): Part {
  return {
    async start() {
      try {
        await seedDemoSites(ctx);
      } catch (err) {
        // A demo that cannot be deployed must never keep the product from starting.
        ctx.log.error({ err }, 'seeding the demo sites failed');
      }
    },
    stop: () => undefined,
  };
}

export async function seedDemoSites(ctx: AppContext): Promise<string[]> {
  const taken = await subdomainsTaken(ctx.db, [...DEMO_SUBDOMAINS]);
  const missing = DEMO_SUBDOMAINS.filter((s) => !taken.includes(s));
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
      clientAddress: null,
    });
  }
  ctx.log.info({ demos: missing }, 'demo sites queued');
  return missing;
}

// An account nobody can sign in to (no password): the demos belong to the installation.
async function demoOwner(ctx: AppContext): Promise<UserRow> {
  const existing = await userByEmail(ctx.db, DEMO_OWNER_EMAIL);
  if (existing) return existing;
  const user = newUser({
    email: DEMO_OWNER_EMAIL,
    name: 'Artifact Host demos',
    password_hash: null,
    plan: 'ADMIN',
    // Ours (the installation's own address), and nobody signs in to it.
    email_verified: 1,
  });
  await insertUser(ctx.db, user);
  return user;
}
