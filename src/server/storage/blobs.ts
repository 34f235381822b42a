import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { nowIso } from '../domain/tokens';
import type { BlobStore } from './blob-store';

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Stores bytes under their hash and records the blob row; identical content is stored once. */
export async function storeBlob(
  db: Database,
  store: BlobStore,
  data: Uint8Array,
  sha256 = sha256Hex(data),
): Promise<string> {
  await store.put(sha256, data);
  await db
    .insertInto('blobs')
    .values({ sha256, size: data.byteLength, created_at: nowIso() })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  return sha256;
}

/**
 * Deletes, among the given hashes, the blobs that no deployment file, variant or source
 * still references (the hashes a deleted site used). Returns how many went.
 */
export async function deleteUnreferencedBlobs(
  db: Database,
  store: BlobStore,
  candidates: Iterable<string>,
): Promise<number> {
  const unique = [...new Set(candidates)];
  let removed = 0;
  // Chunks keep the IN list under SQLite's variable limit.
  for (let i = 0; i < unique.length; i += 300) {
    const chunk = unique.slice(i, i + 300);
    const gone = await db
      .deleteFrom('blobs')
      .where('sha256', 'in', chunk)
      .where(({ not, exists, selectFrom }) =>
        not(
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
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('deployments as d')
              .select(sql.lit(1).as('one'))
              .whereRef('d.source_sha256', '=', 'blobs.sha256'),
          ),
        ),
      )
      .returning('sha256')
      .execute();
    for (const row of gone) await store.delete(row.sha256);
    removed += gone.length;
  }
  return removed;
}
