import type { Kysely } from 'kysely';

// Private sites (domain/sites/site-access.ts). The password's scrypt hash (null: public), a
// generation bumped at every change so the cookies of the old password stop counting, and the
// live share links' ids: columns of the site row, so hosting reads them with the site in the
// statement it already sends and judges a visitor's cookie without asking the database.
// Share links keep only their token's hash; they go with their site (cascade).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('access_password_hash', 'text').execute();
  await db.schema
    .alterTable('sites')
    .addColumn('access_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('access_share_ids', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('site_share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_share_links_site_id')
    .on('site_share_links')
    .column('site_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_share_links').ifExists().execute();
  await db.schema.alterTable('sites').dropColumn('access_share_ids').execute();
  await db.schema.alterTable('sites').dropColumn('access_generation').execute();
  await db.schema.alterTable('sites').dropColumn('access_password_hash').execute();
}
