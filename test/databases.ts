import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import {
  migrateToLatest,
  openDatabase,
  type Dialect,
  type OpenDatabase,
} from '../src/server/db/database';

/** The databases every data-layer and API test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** describe() once per database; the callback gets the dialect. */
export function describeEachDatabase(name: string, fn: (dialect: Dialect) => void): void {
  for (const dialect of testDialects()) describe(`${name} [${dialect}]`, () => fn(dialect));
}

export interface TestDatabaseTarget {
  dataDir: string;
  databaseUrl: string | null;
  pgSchema?: string;
  /** Drops the PostgreSQL schema / removes the folder. */
  cleanup(): Promise<void>;
}

/** A fresh, empty place for a database: a temp folder, plus a new PostgreSQL schema when asked. */
export async function createTestDatabaseTarget(dialect: Dialect): Promise<TestDatabaseTarget> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ah-test-'));
  if (dialect === 'sqlite') {
    return {
      dataDir,
      databaseUrl: null,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${pgSchema}`);
  await client.end();
  // The schema travels in the URL so a server started in another process uses it too.
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${pgSchema}`);
  return {
    dataDir,
    databaseUrl: withSchema.toString(),
    pgSchema,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An open, migrated database for data-layer tests. */
export async function openTestDatabase(
  dialect: Dialect,
): Promise<OpenDatabase & { target: TestDatabaseTarget }> {
  const target = await createTestDatabaseTarget(dialect);
  const open = openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
  await migrateToLatest(open.db);
  return {
    ...open,
    target,
    close: async () => {
      await open.close();
      await target.cleanup();
    },
  };
}
