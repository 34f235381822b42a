import type { Kysely } from 'kysely';

// Per-site page settings: white-label, and the title, description, social image and favicon
// written into every HTML page at serve time. Columns of the site row (not a table of their
// own) so hosting and every site listing read them with the site, in the same statement.
const TEXT_COLUMNS = [
  'brand_title',
  'brand_description',
  'brand_image_sha256',
  'brand_image_type',
  'brand_icon_sha256',
  'brand_icon_type',
  'brand_updated_at',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sites')
    .addColumn('brand_white_label', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One column a statement: SQLite adds only one per ALTER TABLE.
  for (const column of TEXT_COLUMNS) {
    await db.schema.alterTable('sites').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...TEXT_COLUMNS, 'brand_white_label']) {
    await db.schema.alterTable('sites').dropColumn(column).execute();
  }
}
