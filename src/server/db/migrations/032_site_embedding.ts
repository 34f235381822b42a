import type { Kysely } from 'kysely';

// Who may show a site in a frame: null lets anyone (the default, so embeds just work); text is
// the space-separated origins of CSP `frame-ancestors`, empty for nobody. A column of the site
// row so hosting reads it with the site, in the statement it already sends.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('embed_origins', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('embed_origins').execute();
}
