import type { Database } from '../database';
import type { DeploymentFileRow } from '../schema';

export async function insertDeploymentFiles(
  db: Database,
  rows: DeploymentFileRow[],
): Promise<void> {
  // Chunks keep each insert under SQLite's bound-variable limit.
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('deployment_files')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

export async function filesOfDeployment(
  db: Database,
  deploymentId: string,
): Promise<DeploymentFileRow[]> {
  return db
    .selectFrom('deployment_files')
    .selectAll()
    .where('deployment_id', '=', deploymentId)
    .execute();
}

export async function countFilesOfDeployment(db: Database, deploymentId: string): Promise<number> {
  const row = await db
    .selectFrom('deployment_files')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('deployment_id', '=', deploymentId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every blob a site's deployments use: sources, files and their compressed variants. */
export async function blobHashesOfSite(db: Database, siteId: string): Promise<Set<string>> {
  const [files, sources] = await Promise.all([
    db
      .selectFrom('deployment_files as f')
      .innerJoin('deployments as d', 'd.id', 'f.deployment_id')
      .select(['f.sha256', 'f.gzip_sha256', 'f.br_sha256'])
      .where('d.site_id', '=', siteId)
      .execute(),
    db.selectFrom('deployments').select('source_sha256').where('site_id', '=', siteId).execute(),
  ]);
  const hashes = new Set<string>(sources.map((s) => s.source_sha256));
  for (const f of files) {
    hashes.add(f.sha256);
    if (f.gzip_sha256) hashes.add(f.gzip_sha256);
    if (f.br_sha256) hashes.add(f.br_sha256);
  }
  return hashes;
}

/** Every blob one deployment uses: its source, files and their compressed variants. */
export async function blobHashesOfDeployment(
  db: Database,
  deploymentId: string,
): Promise<Set<string>> {
  const [files, source] = await Promise.all([
    db
      .selectFrom('deployment_files')
      .select(['sha256', 'gzip_sha256', 'br_sha256'])
      .where('deployment_id', '=', deploymentId)
      .execute(),
    db
      .selectFrom('deployments')
      .select('source_sha256')
      .where('id', '=', deploymentId)
      .executeTakeFirst(),
  ]);
  const hashes = new Set<string>(source ? [source.source_sha256] : []);
  for (const f of files) {
    hashes.add(f.sha256);
    if (f.gzip_sha256) hashes.add(f.gzip_sha256);
    if (f.br_sha256) hashes.add(f.br_sha256);
  }
  return hashes;
}

/**
 * Puts better-compressed variants in place of a deployment's files' (recompression.ts).
 * Returns how many rows changed: none when the deployment is gone meanwhile.
 */
export async function replaceFileVariants(
  db: Database,
  deploymentId: string,
  variants: { path: string; gzip_sha256?: string; br_sha256?: string }[],
): Promise<number> {
  if (variants.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let changed = 0;
    for (const { path, ...hashes } of variants) {
      const result = await trx
        .updateTable('deployment_files')
        .set(hashes)
        .where('deployment_id', '=', deploymentId)
        .where('path', '=', path)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
    return changed;
  });
}
