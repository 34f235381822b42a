import type { Kysely } from 'kysely';

// The whole product's schema, written with Kysely's builder so one migration runs on
// SQLite and PostgreSQL alike. Times are ISO text; flags are integers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('FREE'))
    .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('sites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subdomain', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('current_deployment_id', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sites_user_id').on('sites').column('user_id').execute();
  await db.schema.createIndex('sites_expires_at').on('sites').column('expires_at').execute();

  await db.schema
    .createTable('deployments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('error_message', 'text')
    .addColumn('build_logs', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text')
    .addColumn('source_sha256', 'text', (c) => c.notNull())
    .addColumn('ai_provider', 'text')
    .addColumn('build_info', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('heartbeat_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('deployed_at', 'text')
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('deployments_site_version', ['site_id', 'version'])
    .execute();
  await db.schema
    .createIndex('deployments_status_created')
    .on('deployments')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('deployment_files')
    .addColumn('deployment_id', 'text', (c) =>
      c.notNull().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('gzip_sha256', 'text')
    .addColumn('br_sha256', 'text')
    .addPrimaryKeyConstraint('deployment_files_pk', ['deployment_id', 'path'])
    .execute();
  await db.schema
    .createIndex('deployment_files_sha256')
    .on('deployment_files')
    .column('sha256')
    .execute();

  await db.schema
    .createTable('blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_views_daily')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_views_daily_pk', ['site_id', 'day'])
    .execute();

  await db.schema
    .createTable('site_storage')
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_storage_pk', ['site_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'site_storage',
    'site_views_daily',
    'blobs',
    'deployment_files',
    'deployments',
    'sites',
    'login_failures',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
