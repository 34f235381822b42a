import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/databases';
import { openDatabase, type OpenDatabase } from './database';

// Two handles on one SQLite file in one process: a second node of a cluster test, or any
// second connection. A write that finds the file locked waits on timers, so the event loop
// keeps turning: the holder's transaction, on the same loop, reaches its COMMIT meanwhile.
describe('SQLite: a locked database is waited for without stopping the process', () => {
  let a: OpenDatabase & { target: { dataDir: string } };
  let b: OpenDatabase;
  beforeEach(async () => {
    a = await openTestDatabase('sqlite');
    b = openDatabase({ url: null, dataDir: a.target.dataDir });
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  const salt = (db: OpenDatabase['db'], day: string) =>
    db
      .insertInto('analytics_salts')
      .values({ day, salt: `salt of ${day}` })
      .execute();

  it("writes once another handle's transaction, spanning turns of the loop, commits", async () => {
    let write!: Promise<unknown>;
    await a.db.transaction().execute(async (tx) => {
      await salt(tx, '2026-01-01');
      // The other handle writes while this transaction holds the lock...
      write = salt(b.db, '2026-01-02');
      // ...and this one goes on only on a later turn of the loop, as its next statement would.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await write;
    const days = await b.db.selectFrom('analytics_salts').select('day').orderBy('day').execute();
    expect(days.map((d) => d.day)).toEqual(['2026-01-01', '2026-01-02']);
  });

  it('fails with SQLITE_BUSY when the lock outlasts the wait, the loop turning all along', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    let failure: unknown;
    try {
      await a.db.transaction().execute(async (tx) => {
        await salt(tx, '2026-01-01');
        // Held until the other handle gives up.
        failure = await salt(b.db, '2026-01-02').then(
          () => null,
          (err: unknown) => err,
        );
      });
    } finally {
      clearInterval(ticker);
    }
    expect(failure).toMatchObject({ code: 'SQLITE_BUSY', message: 'database is locked' });
    // A wait inside the call would have stopped the loop: no tick for its 5 s.
    expect(ticks).toBeGreaterThan(50);
    const days = await b.db.selectFrom('analytics_salts').select('day').execute();
    expect(days.map((d) => d.day)).toEqual(['2026-01-01']);
  }, 20_000);
});
