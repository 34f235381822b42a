import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openTestDatabase } from '../../../test/databases';
import type { Database } from '../db/database';
import { sha256Hex } from '../lib/ids';
import { LocalBlobStore } from '../storage/local-blob-store';
import {
  deleteUnreferencedBlobs,
  storeBlob,
  storeRecordedBlobs,
  UNREFERENCED_KEEP_MS,
} from './blobs';

describeEachDatabase('blobs by hash', (dialect) => {
  let open: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Database;
  let store: LocalBlobStore;
  beforeAll(async () => {
    open = await openTestDatabase(dialect);
    db = open.db;
    store = new LocalBlobStore(path.join(open.target.dataDir, 'blobs'));
  });
  afterAll(() => open.close());

  const row = (sha: string) =>
    db.selectFrom('blobs').select('sha256').where('sha256', '=', sha).executeTakeFirst();

  it('keeps a blob stored for a reference still to come until its keep window ends', async () => {
    const data = randomBytes(64);
    const sha = await storeBlob(db, store, data);
    expect(await deleteUnreferencedBlobs(db, store, [sha])).toBe(0);
    expect(await store.has(sha)).toBe(true);
    expect(await deleteUnreferencedBlobs(db, store, [sha], Date.now() + UNREFERENCED_KEEP_MS)).toBe(
      1,
    );
    expect(await store.has(sha)).toBe(false);
    expect(await row(sha)).toBeUndefined();
  });

  it('never leaves a stored blob without its bytes when collection runs at the same moment', async () => {
    for (let i = 0; i < 40; i++) {
      const data = randomBytes(256);
      const sha = sha256Hex(data);
      // Stored before and unreferenced since: collectable, until someone stores it again.
      await storeBlob(db, store, data, sha, 0);
      const [stored] = await Promise.all([
        storeBlob(db, store, data),
        deleteUnreferencedBlobs(db, store, [sha]),
      ]);
      expect(stored).toBe(sha);
      expect(await row(sha)).toBeDefined();
      expect((await store.get(sha))?.equals(data)).toBe(true);
    }
  });

  it("stores a small build's blobs all at once and a large build's at the store's pace", async () => {
    // The real store underneath; this one only counts how many of its writes overlap.
    let running = 0;
    let most = 0;
    const counting = Object.assign(Object.create(store) as LocalBlobStore, {
      put: async (sha256: string, data: Uint8Array) => {
        most = Math.max(most, ++running);
        try {
          await store.put(sha256, data);
        } finally {
          running--;
        }
      },
    });
    const blobs = (n: number) =>
      Array.from({ length: n }, () => {
        const data = randomBytes(128);
        return { sha256: sha256Hex(data), data };
      });
    const small = blobs(12);
    await storeRecordedBlobs(db, counting, small);
    expect(most).toBe(12);
    for (const b of small) expect((await store.get(b.sha256))?.equals(b.data)).toBe(true);

    most = 0;
    const large = blobs(40);
    await storeRecordedBlobs(db, counting, large);
    expect(most).toBe(store.writeConcurrency);
    for (const b of large) expect(await store.has(b.sha256)).toBe(true);
  });
});
