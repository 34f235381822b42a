import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabaseTarget } from '../../../test/databases';
import { migrateToLatest, openDatabase } from './database';

const url = process.env.TEST_DATABASE_URL;

// Migrations read the catalog of every schema in the database; other schemas being dropped at
// that moment (test runs beside each other, another application) must not fail them.
describe.skipIf(!url)('migrations while other schemas are dropped [postgres]', () => {
  it('every migration succeeds while 30 other schemas are dropped one after another', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const others = Array.from({ length: 30 }, (_, i) => `gone_${process.pid}_${i}`);
    try {
      for (const name of others) {
        await admin.query(`CREATE SCHEMA ${name}`);
        for (let t = 0; t < 10; t++) {
          await admin.query(
            `CREATE TABLE ${name}.t${t} (id text primary key, a int, b text, c text)`,
          );
        }
      }
      let dropping = true;
      const drops = (async () => {
        for (const name of others) await admin.query(`DROP SCHEMA ${name} CASCADE`);
        dropping = false;
      })();
      const migrated: string[] = [];
      while (dropping) {
        const target = await createTestDatabaseTarget('postgres');
        const open = openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
        try {
          await migrateToLatest(open.db);
          migrated.push(target.pgSchema!);
        } finally {
          await open.close();
          await target.cleanup();
        }
      }
      await drops;
      expect(migrated.length).toBeGreaterThan(0);
    } finally {
      for (const name of others) await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await admin.end();
    }
  }, 120_000);
});
