import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept prepared; a multi-row insert is one per row count, so some churn. */
const MAX_PREPARED = 500;
/**
 * Longer SQL is not kept: it is a many-row insert (a build's files, a thousand blobs) whose row
 * count rarely comes again, and whose compiled program is the largest.
 */
const MAX_KEPT_SQL = 4096;

/**
 * The SQLite handle as Kysely sees it, with each statement prepared once. Kysely prepares
 * every query anew: a deploy's 25 statements spent 2.4 ms being prepared against 4.4 ms
 * running. A statement keeps no state of its own between runs (Kysely binds the parameters at
 * each run), so the same one serves every caller. One still being iterated (a streamed query)
 * is busy: the caller then gets a fresh one.
 */
export function withPreparedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const known = prepared.get(sql);
      if (known && !known.busy) return known;
      const statement = sqlite.prepare(sql);
      if (known || sql.length > MAX_KEPT_SQL) return statement;
      // First in, first out: a hot statement is prepared again once per 500 new ones at most.
      if (prepared.size >= MAX_PREPARED) prepared.delete(prepared.keys().next().value!);
      prepared.set(sql, statement);
      return statement;
    },
  };
}
