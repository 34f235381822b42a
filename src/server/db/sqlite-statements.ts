import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept prepared; a multi-row insert is one per row count, so some churn. */
const MAX_PREPARED = 500;

/**
 * The SQLite handle as Kysely sees it, with each statement prepared once. Kysely prepares
 * every query anew, and preparing cost more than running for most of ours: a deploy's 25
 * statements spent 2.4 ms preparing against 4.4 ms running. A statement keeps no state of
 * its own between runs (Kysely binds the parameters at each run), so the same one serves
 * every caller. One still being iterated (a streamed query) is busy: the caller then gets
 * a fresh one.
 */
export function withPreparedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const known = prepared.get(sql);
      if (known && !known.busy) return known;
      const statement = sqlite.prepare(sql);
      if (known) return statement;
      // Oldest first out: hot statements are prepared again at most once per 500 others.
      if (prepared.size >= MAX_PREPARED) prepared.delete(prepared.keys().next().value!);
      prepared.set(sql, statement);
      return statement;
    },
  };
}
