import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openTestDatabase } from '../../../test/databases';
import type { Database } from '../db/database';
import { sha256Hex } from '../lib/ids';
import { LocalBlobStore } from '../storage/local-blob-store';
import { deleteUnreferencedBlobs, storeBlob, UNREFERENCED_KEEP_MS } from './blobs';

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
});
