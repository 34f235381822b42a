import type { Database } from '../database';
import type { TeamActivityRow, TeamInvitationRow, TeamMemberRow, TeamRow } from '../schema';
import type { TeamRole } from '../../../shared/team';

// Teams, members, invitations and the activity log.

export async function insertTeam(db: Database, team: TeamRow): Promise<void> {
  await db.insertInto('teams').values(team).execute();
}

export function teamById(db: Database, id: string): Promise<TeamRow | undefined> {
  return db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
}

export function teamBySlug(db: Database, slug: string): Promise<TeamRow | undefined> {
  return db.selectFrom('teams').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function setTeamOwner(db: Database, teamId: string, ownerId: string): Promise<void> {
  await db.updateTable('teams').set({ owner_id: ownerId }).where('id', '=', teamId).execute();
}

export async function deleteTeamRow(db: Database, teamId: string): Promise<void> {
  await db.deleteFrom('team_activity').where('team_id', '=', teamId).execute();
  await db.deleteFrom('team_invitations').where('team_id', '=', teamId).execute();
  await db.deleteFrom('team_members').where('team_id', '=', teamId).execute();
  await db.deleteFrom('teams').where('id', '=', teamId).execute();
}

/** The teams a user belongs to, with their role in each. */
export function teamsOfUser(db: Database, userId: string) {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['teams.id', 'teams.slug', 'teams.name', 'teams.owner_id', 'team_members.role'])
    .where('team_members.user_id', '=', userId)
    .orderBy('teams.created_at')
    .execute();
}

export async function roleInTeam(
  db: Database,
  teamId: string,
  userId: string,
): Promise<TeamRole | null> {
  const row = await db
    .selectFrom('team_members')
    .select('role')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export function membersOfTeam(db: Database, teamId: string) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'team_members.role',
      'team_members.created_at',
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.created_at')
    .execute();
}

export async function insertMember(db: Database, member: TeamMemberRow): Promise<void> {
  await db.insertInto('team_members').values(member).execute();
}

export async function setMemberRole(
  db: Database,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Database, teamId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

export async function insertInvitation(db: Database, row: TeamInvitationRow): Promise<void> {
  await db.insertInto('team_invitations').values(row).execute();
}

export function invitationById(db: Database, id: string): Promise<TeamInvitationRow | undefined> {
  return db.selectFrom('team_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function invitationByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<TeamInvitationRow | undefined> {
  return db
    .selectFrom('team_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Invitations still open: neither accepted nor revoked nor expired at `now`. */
export function pendingInvitationsOfTeam(db: Database, teamId: string, now: string) {
  return db
    .selectFrom('team_invitations')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute();
}

/** Marks an invitation used; false when someone used or revoked it first (single use). */
export async function markInvitationAccepted(
  db: Database,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('team_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeInvitationRow(db: Database, id: string, now: string): Promise<void> {
  await db
    .updateTable('team_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .execute();
}

export async function insertActivity(db: Database, row: TeamActivityRow): Promise<void> {
  await db.insertInto('team_activity').values(row).execute();
}

export function activityOfTeam(db: Database, teamId: string, limit = 100) {
  return db
    .selectFrom('team_activity')
    .leftJoin('users', 'users.id', 'team_activity.actor_id')
    .select([
      'team_activity.id',
      'team_activity.actor_id',
      'users.name as actor_name',
      'team_activity.action',
      'team_activity.detail',
      'team_activity.created_at',
    ])
    .where('team_activity.team_id', '=', teamId)
    .orderBy('team_activity.created_at', 'desc')
    .limit(limit)
    .execute();
}

export function sitesOfTeam(db: Database, teamId: string) {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Every version of the given sites with who deployed it, newest first. */
export function versionsWithAuthors(db: Database, siteIds: string[]) {
  if (siteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deployments')
    .leftJoin('users', 'users.id', 'deployments.deployed_by')
    .select([
      'deployments.id',
      'deployments.site_id',
      'deployments.version',
      'deployments.status',
      'deployments.created_at',
      'deployments.deployed_by',
      'users.name as deployed_by_name',
    ])
    .where('deployments.site_id', 'in', siteIds)
    .orderBy('deployments.version', 'desc')
    .execute();
}

/** Moves a site to a team (its owner becoming the site's account) or back to a person. */
export async function setSiteTeam(
  db: Database,
  siteId: string,
  teamId: string | null,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('sites')
    .set({ team_id: teamId, user_id: userId, updated_at: now })
    .where('id', '=', siteId)
    .execute();
}

/** After a transfer: the team's sites are charged to the new owner. */
export async function setTeamSitesOwner(
  db: Database,
  teamId: string,
  userId: string,
): Promise<void> {
  await db.updateTable('sites').set({ user_id: userId }).where('team_id', '=', teamId).execute();
}
