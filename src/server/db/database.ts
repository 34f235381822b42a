import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type DatabaseIntrospector,
  type Driver,
  type Migration,
} from 'kysely';
import pg from 'pg';
import { OwnSchemaIntrospector } from './own-schema-introspector';
import { withPreparedStatements } from './sqlite-statements';
import * as initial from './migrations/001_initial';
import * as jobRuns from './migrations/002_job_runs';
import * as blobKeepUntil from './migrations/003_blob_keep_until';
import * as signInCodes from './migrations/004_sign_in_codes';
import * as deploymentClientAddress from './migrations/005_deployment_client_address';
import * as customDomains from './migrations/006_custom_domains';
import * as certificates from './migrations/007_certificates';
import * as apiKeys from './migrations/008_api_keys';
import * as billing from './migrations/009_billing';
import * as passwordResets from './migrations/010_password_resets';
import * as siteAnalytics from './migrations/011_site_analytics';
import * as oauth from './migrations/012_oauth';
import * as accessTokens from './migrations/013_access_tokens';
import * as siteClaims from './migrations/014_site_claims';
import * as operations from './migrations/015_operations';
import * as emailVerification from './migrations/016_email_verification';
import * as twoFactor from './migrations/017_two_factor';
import * as abuseReportBatching from './migrations/019_abuse_report_batching';
import * as aiSiteDays from './migrations/020_ai_site_days';
import * as siteBranding from './migrations/021_site_branding';
import * as teams from './migrations/022_teams';
import * as support from './migrations/023_support';
import * as status from './migrations/024_status';
import * as versionLinks from './migrations/031_version_links';
import * as siteEmbedding from './migrations/032_site_embedding';
import * as privateSites from './migrations/033_private_sites';
import * as linkPreviews from './migrations/034_link_previews';
import * as remixes from './migrations/035_remixes';
import type { DB } from './schema';

export type Database = Kysely<DB>;
export type Dialect = 'sqlite' | 'postgres';

/** How long a statement waits for another connection's write lock before it fails. */
const SQLITE_LOCK_WAIT_MS = 5000;
const SQLITE_RETRY_MAX_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Our SQLite dialect differs from Kysely's in three ways. Each statement is prepared once
 * (sqlite-statements.ts).
 *
 * A statement that finds the database locked by another connection waits for it without
 * holding the event loop. SQLite's own busy timeout waits inside the call, and better-sqlite3's
 * calls are synchronous: the whole process would stop, visitors and API included, for as long
 * as the lock lasts. And when the holder is a transaction of this very process (another handle
 * on the same file: a second node in one process, as the cluster tests run them), it could
 * never reach its COMMIT while we wait, so every such wait ran to its end and failed. Here the
 * statement fails at once (SQLITE_BUSY) and is tried again after a timer, for the same 5 s.
 *
 * SQLite undoes a transaction by itself when a write fails for want of room (SQLITE_FULL); the
 * ROLLBACK Kysely then sends fails with "no transaction is active" and would hide the real
 * cause, which callers need to answer 507 instead of 500. So a rollback with nothing to undo
 * is skipped.
 */
class OurSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: { database: SQLite.Database }) {
    super({
      database: withPreparedStatements(settings.database),
      // SQLite has one connection per handle: its statements wait for locks from the start.
      onCreateConnection: async (connection) => {
        const execute = connection.executeQuery.bind(connection);
        connection.executeQuery = (query) => waitForLock(() => execute(query));
      },
    });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (...args) => {
      if (this.settings.database.inTransaction) await rollback(...args);
    };
    return driver;
  }
}

async function waitForLock<T>(run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  for (let pause = 1; ; pause = Math.min(pause * 2, SQLITE_RETRY_MAX_MS)) {
    try {
      return await run();
    } catch (err) {
      // Only a plain lock conflict passes: SQLITE_BUSY_SNAPSHOT and the like cannot be waited out.
      if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err;
    }
    await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
  }
}

/** PostgreSQL, with the migrator looking only at our own schema (own-schema-introspector.ts). */
class PostgresDialectOfOwnSchema extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

// int8 (views, counts) arrives as text from pg by default; our numbers stay well
// inside 2^53, so read them as numbers like SQLite does.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseOptions {
  /** postgres://… or null for SQLite in dataDir/app.db */
  url: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
}

export interface OpenDatabase {
  db: Database;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Statements sent per database handle: what bench:scale and the hot-path test count. */
const statements = new WeakMap<Database, { count: number }>();

/** How many statements this handle has sent so far (each query, each transaction's too). */
export function statementsSent(db: Database): number {
  return statements.get(db)?.count ?? 0;
}

export function openDatabase(opts: DatabaseOptions): OpenDatabase {
  const sent = { count: 0 };
  // Kysely calls this once per statement that ran or failed; counting costs an increment.
  const log = () => {
    sent.count += 1;
  };
  const opened = openDialect(opts, log);
  statements.set(opened.db, sent);
  return opened;
}

function openDialect(opts: DatabaseOptions, log: () => void): OpenDatabase {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialectOfOwnSchema({ pool }), log });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  // No busy timeout inside the call: OurSqliteDialect waits for locks on timers.
  const sqlite = new SQLite(path.join(opts.dataDir, 'app.db'), { timeout: 0 });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({
    dialect: new OurSqliteDialect({ database: sqlite }),
    log,
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_job_runs': jobRuns,
  '003_blob_keep_until': blobKeepUntil,
  '004_sign_in_codes': signInCodes,
  '005_deployment_client_address': deploymentClientAddress,
  '006_custom_domains': customDomains,
  '007_certificates': certificates,
  '008_api_keys': apiKeys,
  '009_billing': billing,
  '010_password_resets': passwordResets,
  '011_site_analytics': siteAnalytics,
  '012_oauth': oauth,
  '013_access_tokens': accessTokens,
  '014_site_claims': siteClaims,
  '015_operations': operations,
  '016_email_verification': emailVerification,
  '017_two_factor': twoFactor,
  '019_abuse_report_batching': abuseReportBatching,
  '020_ai_site_days': aiSiteDays,
  '021_site_branding': siteBranding,
  '022_teams': teams,
  '023_support': support,
  '024_status': status,
  '031_version_links': versionLinks,
  '032_site_embedding': siteEmbedding,
  '033_private_sites': privateSites,
  '034_link_previews': linkPreviews,
  '035_remixes': remixes,
};

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Database): Promise<void> {
  // Unless told a schema, Kysely takes its bookkeeping tables in ANY schema for its own: on
  // PostgreSQL another schema's (a test run beside this one) would make this one skip them.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`);
  }
}
