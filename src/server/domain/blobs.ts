import {
  deleteBlobRowIfUnreferenced,
  releaseBlobKeep,
  unreferencedBlobHashes,
  upsertBlobRow,
  upsertBlobRows,
} from '../db/queries/blobs';
import { mapConcurrently } from '../lib/concurrently';
import type { Database } from '../db/database';
import { isDiskFull, storageFull } from '../errors';
import { nowIso, sha256Hex } from '../lib/ids';
import type { BlobStore } from '../storage/blob-store';

/**
 * How long a blob stored before its reference is recorded (a deploy's source, stored before
 * its deployment row) is safe from collection: far longer than the step between the two.
 */
export const UNREFERENCED_KEEP_MS = 10 * 60 * 1000;

/**
 * Stores bytes under their hash and records the blob row; identical content is stored once.
 *
 * Why collection never deletes a blob a deployment is about to use: the row is written (or
 * renewed) before the bytes, and collection deletes a row and its bytes in one transaction
 * that holds the row until the bytes are gone. So either this store comes first and the
 * row carries a reference or a keep_until that stops collection, or collection comes first
 * and this store waits for it, finds the bytes gone and writes them again. Callers whose
 * reference is recorded before the store (a build's manifest rows) pass keepForMs 0; the
 * rest get UNREFERENCED_KEEP_MS to record theirs.
 */
export async function storeBlob(
  db: Database,
  store: BlobStore,
  data: Uint8Array,
  sha256 = sha256Hex(data),
  keepForMs = UNREFERENCED_KEEP_MS,
): Promise<string> {
  return (await storeHeldBlob(db, store, data, sha256, keepForMs)).sha256;
}

/** storeBlob, also saying until when it asked to keep the blob (null: not at all). */
export async function storeHeldBlob(
  db: Database,
  store: BlobStore,
  data: Uint8Array,
  sha256 = sha256Hex(data),
  keepForMs = UNREFERENCED_KEEP_MS,
): Promise<{ sha256: string; keepUntil: string | null }> {
  const now = Date.now();
  const keepUntil = keepForMs > 0 ? nowIso(now + keepForMs) : null;
  await upsertBlobRow(db, {
    sha256,
    size: data.byteLength,
    created_at: nowIso(now),
    keep_until: keepUntil,
  });
  try {
    await store.put(sha256, data);
  } catch (err) {
    if (isDiskFull(err)) throw storageFull();
    throw err;
  }
  return { sha256, keepUntil };
}

/**
 * The reference a held blob waited for is recorded: the hold ends, so deleting what refers
 * to it (a site, an account) deletes the blob at once rather than at a later collection. Only
 * this store's own hold ends: another deploy of the same bytes that renewed it keeps its own.
 */
export async function releaseBlobHold(
  db: Database,
  held: { sha256: string; keepUntil: string | null },
): Promise<void> {
  if (held.keepUntil) await releaseBlobKeep(db, held.sha256, held.keepUntil);
}

/**
 * A build with at most this many blobs to store (a paste's few files and their compressed
 * variants) writes them all at once: each write waits mostly on its flush to disk, and
 * flushes issued together share the file system's journal commits. Eleven new blobs took
 * 23 ms two at a time on a local disk and 5.5 ms all at once. A larger build keeps the store's
 * own pace (writeConcurrency), so it never holds every I/O thread for long.
 */
const STORED_AT_ONCE_MAX = 16;

/**
 * storeBlob for many blobs whose references are already recorded (a build's manifest rows):
 * their rows in a few statements, then the bytes (all at once for a small build, else
 * store.writeConcurrency at a time). A site of a thousand files once took two thousand
 * statements of the server's loop.
 */
export async function storeRecordedBlobs(
  db: Database,
  store: BlobStore,
  blobs: { sha256: string; data: Uint8Array }[],
): Promise<void> {
  const created_at = nowIso();
  await upsertBlobRows(
    db,
    blobs.map(({ sha256, data }) => ({
      sha256,
      size: data.byteLength,
      created_at,
      keep_until: null,
    })),
  );
  const limit = blobs.length <= STORED_AT_ONCE_MAX ? blobs.length : store.writeConcurrency;
  await mapConcurrently(blobs, limit, async ({ sha256, data }) => {
    try {
      await store.put(sha256, data);
    } catch (err) {
      if (isDiskFull(err)) throw storageFull();
      throw err;
    }
  });
}

/**
 * Deletes, among the given hashes, the blobs that no deployment file, variant or source
 * still references and nobody keeps for a reference to come (a blob stored as a deploy's
 * source in the last UNREFERENCED_KEEP_MS waits for a later collection). Returns how many went.
 */
export async function deleteUnreferencedBlobs(
  db: Database,
  store: BlobStore,
  candidates: Iterable<string>,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  for (const sha256 of new Set(candidates)) {
    // One blob a transaction: the row stays locked (PostgreSQL) or the database stays
    // serialised (SQLite) only while its own bytes are deleted.
    const gone = await db.transaction().execute(async (trx) => {
      if (!(await deleteBlobRowIfUnreferenced(trx, sha256, nowIso(now)))) return false;
      await store.delete(sha256);
      return true;
    });
    if (gone) removed++;
  }
  return removed;
}

/** Blobs left unreferenced by anything (a failed store, a crash between steps), up to `limit`. */
export async function deleteOrphanBlobs(
  db: Database,
  store: BlobStore,
  limit: number,
  now = Date.now(),
): Promise<number> {
  const hashes = await unreferencedBlobHashes(db, nowIso(now), limit);
  return deleteUnreferencedBlobs(db, store, hashes, now);
}
