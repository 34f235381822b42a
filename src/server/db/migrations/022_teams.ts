import type { Kysely } from 'kysely';

// Teams (domain/teams/): a team, its members with their role, invitations by e-mail (only the
// token's hash is kept: the link is the secret), and the log of what members did. A site
// belongs to a team through `sites.team_id`; its `user_id` stays the team's owner, so every
// count of a plan (sites, storage) already charges the owner. `deployments.deployed_by` names
// who deployed each version.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('team_members_user_id')
    .on('team_members')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('team_invitations_team_id')
    .on('team_invitations')
    .column('team_id')
    .execute();
  await db.schema
    .createTable('team_activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('team_activity_team_id')
    .on('team_activity')
    .columns(['team_id', 'created_at'])
    .execute();
  await db.schema.alterTable('sites').addColumn('team_id', 'text').execute();
  await db.schema.createIndex('sites_team_id').on('sites').column('team_id').execute();
  await db.schema.alterTable('deployments').addColumn('deployed_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deployments').dropColumn('deployed_by').execute();
  await db.schema.dropIndex('sites_team_id').ifExists().execute();
  await db.schema.alterTable('sites').dropColumn('team_id').execute();
  for (const table of ['team_activity', 'team_invitations', 'team_members', 'teams']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
