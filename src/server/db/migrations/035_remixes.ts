import type { Kysely } from 'kysely';

// Remix (domain/sites/remixes.ts): whether visitors may copy a site's source into a site of
// their own (off until the owner allows it), how many remixes were made of it, and, on a
// remix, the site it came from. Columns of the site row: hosting reads `remix_allowed` with
// the site in the statement it already sends. The origin's subdomain is kept beside its id so
// the link to it needs no join; deleting the origin forgets both (the id by the foreign key,
// the presenter shows no link without it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('remix_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('remix_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sites')
    .addColumn('remixed_from_site_id', 'text', (c) => c.references('sites.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('sites').addColumn('remixed_from_subdomain', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('remixed_from_subdomain').execute();
  await db.schema.alterTable('sites').dropColumn('remixed_from_site_id').execute();
  await db.schema.alterTable('sites').dropColumn('remix_count').execute();
  await db.schema.alterTable('sites').dropColumn('remix_allowed').execute();
}
