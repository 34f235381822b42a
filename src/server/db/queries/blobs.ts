import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../database';
import type { DB } from '../schema';

/**
 * Records a blob, or renews its row: keep_until only ever moves later. On PostgreSQL this
 * waits while a collection that is deleting the same row has not committed (see
 * deleteBlobRowIfUnreferenced).
 */
type BlobRowInput = { sha256: string; size: number; created_at: string; keep_until: string | null };

export async function upsertBlobRow(db: Database, row: BlobRowInput): Promise<void> {
  await upsertBlobRows(db, [row]);
}

/** Many rows in few statements; each hash at most once (PostgreSQL refuses a repeat). */
export async function upsertBlobRows(db: Database, rows: BlobRowInput[]): Promise<void> {
  const unique = [...new Map(rows.map((r) => [r.sha256, r])).values()];
  for (let i = 0; i < unique.length; i += 200) {
    await upsertRows(db, unique.slice(i, i + 200));
  }
}

async function upsertRows(db: Database, rows: BlobRowInput[]): Promise<void> {
  await db
    .insertInto('blobs')
    .values(rows)
    .onConflict((oc) =>
      oc.column('sha256').doUpdateSet({
        keep_until: sql<
          string | null
        >`case when blobs.keep_until is null or excluded.keep_until > blobs.keep_until then excluded.keep_until else blobs.keep_until end`,
      }),
    )
    .execute();
}

/** Ends the hold `keepUntil` on the blob, unless a later store has moved it on. */
export async function releaseBlobKeep(
  db: Database,
  sha256: string,
  keepUntil: string,
): Promise<void> {
  await db
    .updateTable('blobs')
    .set({ keep_until: null })
    .where('sha256', '=', sha256)
    .where('keep_until', '=', keepUntil)
    .execute();
}

/** No deployment file, variant or source, and no site's page settings, name the blob. */
function unreferenced({ not, exists, selectFrom, or }: ExpressionBuilder<DB, 'blobs'>) {
  return not(
    or([
      exists(
        selectFrom('deployment_files as f')
          .select(sql.lit(1).as('one'))
          .where((eb) =>
            eb.or([
              eb('f.sha256', '=', eb.ref('blobs.sha256')),
              eb('f.gzip_sha256', '=', eb.ref('blobs.sha256')),
              eb('f.br_sha256', '=', eb.ref('blobs.sha256')),
            ]),
          ),
      ),
      exists(
        selectFrom('deployments as d')
          .select(sql.lit(1).as('one'))
          .whereRef('d.source_sha256', '=', 'blobs.sha256'),
      ),
      // a deployment's link preview (the site row's copy names the same blob)
      exists(
        selectFrom('deployments as dp')
          .select(sql.lit(1).as('one'))
          .whereRef('dp.preview_sha256', '=', 'blobs.sha256'),
      ),
      // a site's social image or favicon (its page settings)
      exists(
        selectFrom('sites as s')
          .select(sql.lit(1).as('one'))
          .where((eb) =>
            eb.or([
              eb('s.brand_image_sha256', '=', eb.ref('blobs.sha256')),
              eb('s.brand_icon_sha256', '=', eb.ref('blobs.sha256')),
            ]),
          ),
      ),
      // a screenshot in a support conversation
      exists(
        selectFrom('support_attachments as sa')
          .select(sql.lit(1).as('one'))
          .whereRef('sa.sha256', '=', 'blobs.sha256'),
      ),
    ]),
  );
}

/**
 * Deletes the blob's row when nothing references it and nobody asked to keep it past `now`;
 * true when it went. Run it in the transaction that also deletes the bytes: the deleted row
 * stays locked until then.
 */
export async function deleteBlobRowIfUnreferenced(
  db: Database,
  sha256: string,
  now: string,
): Promise<boolean> {
  const gone = await db
    .deleteFrom('blobs')
    .where('sha256', '=', sha256)
    .where((eb) => eb.or([eb('keep_until', 'is', null), eb('keep_until', '<=', now)]))
    .where(unreferenced)
    .returning('sha256')
    .executeTakeFirst();
  return gone !== undefined;
}

/** Up to `limit` blobs nothing references any more and nobody keeps past `now`. */
export async function unreferencedBlobHashes(
  db: Database,
  now: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('blobs')
    .select('sha256')
    .where((eb) => eb.or([eb('keep_until', 'is', null), eb('keep_until', '<=', now)]))
    .where(unreferenced)
    .limit(limit)
    .execute();
  return rows.map((r) => r.sha256);
}

/**
 * Bytes stored for the user's deployments: every distinct blob their sites' deployments
 * use (sources, files, compressed variants), each counted once.
 */
export async function storedBytesOfUser(db: Database, userId: string): Promise<number> {
  const ofUser = db
    .selectFrom('deployments as d')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .where('s.user_id', '=', userId);
  const withFiles = ofUser.innerJoin('deployment_files as f', 'f.deployment_id', 'd.id');
  const hashes = ofUser
    .select('d.source_sha256 as sha256')
    .union(withFiles.select('f.sha256 as sha256'))
    .union(
      withFiles
        .select('f.gzip_sha256 as sha256')
        .where('f.gzip_sha256', 'is not', null)
        .$narrowType<{ sha256: string }>(),
    )
    .union(
      withFiles
        .select('f.br_sha256 as sha256')
        .where('f.br_sha256', 'is not', null)
        .$narrowType<{ sha256: string }>(),
    );
  const row = await db
    .selectFrom('blobs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql.lit(0)).as('bytes'))
    .where('sha256', 'in', hashes)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
