import type { Kysely } from 'kysely';

// A blob just stored for a deployment row not inserted yet (a deploy's source) is not
// referenced by anything for a moment: garbage collection leaves it alone until keep_until.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blobs').addColumn('keep_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blobs').dropColumn('keep_until').execute();
}
