import type { Kysely } from 'kysely';

// Link previews (jobs/link-previews.ts): each successful deployment's preview image, a blob
// named by its hash like the deployment's files, and what made it (a screenshot or a generated
// card). `preview_claimed_at` is the claim a node takes before making one, so a cluster makes
// each preview once; a claim older than the job's bound is taken again (its node died).
// The site row carries its live version's preview too, set in the statement that switches the
// live version, so every read of a site (API, hosting) has it without a join.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deployments').addColumn('preview_sha256', 'text').execute();
  await db.schema.alterTable('deployments').addColumn('preview_kind', 'text').execute();
  await db.schema.alterTable('deployments').addColumn('preview_claimed_at', 'text').execute();
  await db.schema.alterTable('sites').addColumn('preview_sha256', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('preview_sha256').execute();
  await db.schema.alterTable('deployments').dropColumn('preview_claimed_at').execute();
  await db.schema.alterTable('deployments').dropColumn('preview_kind').execute();
  await db.schema.alterTable('deployments').dropColumn('preview_sha256').execute();
}
