import type { Insertable } from 'kysely';
import type { AppContext } from '../src/server/context';
import type { Database } from '../src/server/db/database';
import type {
  DeploymentFilesTable,
  DeploymentRow,
  DeploymentsTable,
  SitesTable,
} from '../src/server/db/schema';
import { storeBlob } from '../src/server/domain/blobs';
import { newId, nowIso } from '../src/server/lib/ids';

// Many live sites written straight into the database, as if each had been deployed once:
// one owner, one deployment per site, and a few shared files (content addressing makes a
// thousand copies of the same page one blob). For bench:scale and the site cache's tests,
// where building every site would take longer than what is measured.

/** The files every seeded site serves, told apart only by the page's title. */
const SHARED_FILES = [
  {
    path: 'app.js',
    contentType: 'text/javascript; charset=utf-8',
    bytes: `document.querySelector('h1').dataset.ready = 'yes';\n`.repeat(20),
  },
  {
    path: 'style.css',
    contentType: 'text/css; charset=utf-8',
    bytes: `body { font-family: system-ui; margin: 2rem; }\n`.repeat(20),
  },
];

const PAGES = 8; // distinct index.html blobs, so the blob cache holds more than one page

export function seededPage(n: number): string {
  return `<!doctype html><html><head><title>seeded ${n % PAGES}</title><link rel="stylesheet" href="style.css"></head><body><h1>seeded</h1><script src="app.js"></script></body></html>`;
}

/** The subdomain of the n-th seeded site of a run named `prefix`. */
export const seededSubdomain = (prefix: string, n: number) => `${prefix}-${n}`;

// Rows per INSERT: well inside SQLite's and PostgreSQL's limits on bound values.
const CHUNK = 400;

/**
 * Writes sites `from`..`to - 1` of the run named `prefix`, each live on its own
 * deployment of index.html, app.js and style.css. Returns the owner's id.
 */
export async function seedSites(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  prefix: string,
  from: number,
  to: number,
  ownerId?: string,
): Promise<string> {
  const now = nowIso();
  const userId = ownerId ?? newId();
  if (!ownerId) {
    await ctx.db
      .insertInto('users')
      .values({
        id: userId,
        email: `${prefix}-${userId}@example.com`,
        name: null,
        password_hash: null,
        plan: 'FREE',
        is_guest: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const pages: { sha: string; size: number }[] = [];
  for (let p = 0; p < PAGES; p++) {
    const bytes = Buffer.from(seededPage(p));
    pages.push({ sha: await storeBlob(ctx.db, ctx.blobs, bytes), size: bytes.length });
  }
  const shared = [];
  for (const file of SHARED_FILES) {
    const bytes = Buffer.from(file.bytes);
    shared.push({ ...file, sha: await storeBlob(ctx.db, ctx.blobs, bytes), size: bytes.length });
  }
  const source = await storeBlob(ctx.db, ctx.blobs, Buffer.from('<h1>seeded</h1>'));
  for (let start = from; start < to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK);
    const sites: Insertable<SitesTable>[] = [];
    const deployments: Insertable<DeploymentsTable>[] = [];
    const files: Insertable<DeploymentFilesTable>[] = [];
    for (let n = start; n < end; n++) {
      const siteId = newId();
      const deploymentId = newId();
      const page = pages[n % PAGES]!;
      sites.push({
        id: siteId,
        user_id: userId,
        name: `Seeded ${n}`,
        subdomain: seededSubdomain(prefix, n),
        status: 'ACTIVE',
        created_at: now,
        updated_at: now,
        team_id: null,
      });
      deployments.push({
        id: deploymentId,
        site_id: siteId,
        version: 1,
        status: 'SUCCESS',
        progress: 100,
        message: null,
        error_message: null,
        build_logs: '[]',
        source_kind: 'html',
        source_name: null,
        source_sha256: source,
        ai_provider: null,
        build_info: null,
        claimed_by: null,
        heartbeat_at: null,
        attempts: 1,
        client_address: null,
        deployed_by: userId,
        created_at: now,
        started_at: now,
        deployed_at: now,
        finished_at: now,
      });
      const row = (path: string, contentType: string, sha: string, size: number) => ({
        deployment_id: deploymentId,
        path,
        sha256: sha,
        size,
        content_type: contentType,
        gzip_sha256: null,
        br_sha256: null,
      });
      files.push(row('index.html', 'text/html; charset=utf-8', page.sha, page.size));
      for (const f of shared) files.push(row(f.path, f.contentType, f.sha, f.size));
    }
    await ctx.db.transaction().execute(async (trx) => {
      // Sites first without a live version: a deployment names its site, a site its deployment.
      await trx.insertInto('sites').values(sites).execute();
      await trx.insertInto('deployments').values(deployments).execute();
      for (let i = 0; i < files.length; i += CHUNK) {
        await trx
          .insertInto('deployment_files')
          .values(files.slice(i, i + CHUNK))
          .execute();
      }
      for (let i = 0; i < sites.length; i++) {
        sites[i]!.current_deployment_id = deployments[i]!.id;
      }
      await trx
        .insertInto('sites')
        .values(sites)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            current_deployment_id: eb.ref('excluded.current_deployment_id'),
          })),
        )
        .execute();
    });
  }
  return userId;
}

/**
 * Queues `count` copies of a deployment that was built once (same stored source), each for a
 * new site of its own with no live version yet, all in one transaction: a burst of deploys as
 * a worker sees it. Returns the new deployments' ids.
 */
export async function queueCopies(
  db: Database,
  template: DeploymentRow,
  prefix: string,
  count: number,
): Promise<string[]> {
  const now = nowIso();
  const site = await db
    .selectFrom('sites')
    .selectAll()
    .where('id', '=', template.site_id)
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const sites: Insertable<SitesTable>[] = [];
      const deployments: Insertable<DeploymentsTable>[] = [];
      for (let n = start; n < Math.min(count, start + CHUNK); n++) {
        const siteId = newId();
        const id = newId();
        ids.push(id);
        sites.push({
          ...site,
          id: siteId,
          subdomain: seededSubdomain(prefix, n),
          name: `Queued ${n}`,
          status: 'BUILDING',
          views: 0,
          created_at: now,
          updated_at: now,
        });
        deployments.push({
          ...template,
          id,
          site_id: siteId,
          version: 1,
          status: 'PENDING',
          progress: 0,
          message: null,
          error_message: null,
          build_logs: '[]',
          build_info: null,
          claimed_by: null,
          heartbeat_at: null,
          attempts: 0,
          created_at: now,
          started_at: null,
          deployed_at: null,
          finished_at: null,
        });
      }
      await trx.insertInto('sites').values(sites).execute();
      await trx.insertInto('deployments').values(deployments).execute();
    }
  });
  return ids;
}
