import type { Kysely } from 'kysely';

// Version links (v{N}--{subdomain}): on for every site unless its owner turns them off. A
// column of the site row, so hosting reads it with the site in the same statement.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('version_links_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('version_links_enabled').execute();
}
