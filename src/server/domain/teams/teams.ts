import type { AppContext } from '../../context';
import {
  deleteMember,
  deleteTeamRow,
  insertMember,
  insertTeam,
  membersOfTeam,
  pendingInvitationsOfTeam,
  roleInTeam,
  setMemberRole,
  setTeamOwner,
  setTeamSitesOwner,
  sitesOfTeam,
  teamById,
  teamBySlug,
  teamsOfUser,
} from '../../db/queries/teams';
import type { TeamRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import type {
  InvitableRole,
  Team,
  TeamDetailResponse,
  TeamRole,
  TeamsResponse,
} from '../../../shared/team';
import { assertMayRunTeam, assertNotTheOwner, authorize, authorizeOnTeam } from '../policy';
import { deleteSite } from '../sites/sites';
import { recordActivity, teamActivity, who } from './activity';
import { setSiteTeam } from '../../db/queries/teams';

// A team: a name, an owner, members with a role. The owner has a member row with role 'owner'.

export function presentTeam(team: TeamRow): Team {
  return { id: team.id, slug: team.slug, name: team.name };
}

function slugOf(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return base || 'team';
}

/** Tells every node that a person's place in a team changed (their sockets and screens follow). */
export function announceMembership(
  ctx: Pick<AppContext, 'events'>,
  teamId: string,
  userId: string,
  role: TeamRole | null,
): void {
  ctx.events.emit('team.membership-changed', { teamId, userId, role });
}

export async function createTeam(ctx: AppContext, user: UserRow, name: string): Promise<Team> {
  authorize(user, 'teams.create');
  assertMayRunTeam(ctx.config, user, 'create');
  const base = slugOf(name);
  let slug = base;
  for (let n = 2; await teamBySlug(ctx.db, slug); n += 1) slug = `${base}-${n}`;
  const now = nowIso();
  const team: TeamRow = { id: newId(), slug, name, owner_id: user.id, created_at: now };
  await ctx.db.transaction().execute(async (trx) => {
    await insertTeam(trx, team);
    await insertMember(trx, { team_id: team.id, user_id: user.id, role: 'owner', created_at: now });
  });
  await recordActivity(ctx.db, team.id, user.id, 'team.created', `${who(user)} created the team`);
  return presentTeam(team);
}

export async function listTeams(ctx: AppContext, user: UserRow): Promise<TeamsResponse> {
  const rows = await teamsOfUser(ctx.db, user.id);
  return {
    teams: rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, role: r.role })),
  };
}

/** A team the user belongs to, by id or slug (the CLI names teams by slug). */
export async function teamOf(ctx: AppContext, idOrSlug: string): Promise<TeamRow | undefined> {
  return (await teamById(ctx.db, idOrSlug)) ?? (await teamBySlug(ctx.db, idOrSlug));
}

export async function teamDetail(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
): Promise<TeamDetailResponse> {
  const team = await teamById(ctx.db, teamId);
  const subject = await authorizeOnTeam(ctx.db, user, 'teams.view', team);
  const members = await membersOfTeam(ctx.db, teamId);
  const invitations = await pendingInvitationsOfTeam(ctx.db, teamId, nowIso());
  return {
    team: {
      ...presentTeam(team!),
      role: subject.role!,
      ownerId: team!.owner_id,
      members: members.map((m) => ({
        id: m.id,
        name: m.name ?? m.email,
        email: m.email,
        role: m.role,
        joinedAt: m.created_at,
      })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        expiresAt: i.expires_at,
        createdAt: i.created_at,
      })),
      activity: await teamActivity(ctx.db, teamId),
    },
  };
}

async function memberName(ctx: AppContext, teamId: string, userId: string): Promise<string> {
  const member = (await membersOfTeam(ctx.db, teamId)).find((m) => m.id === userId);
  if (!member) throw notFound('Member not found');
  return member.name || member.email;
}

export async function changeRole(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
  memberId: string,
  role: InvitableRole,
): Promise<void> {
  const team = await teamById(ctx.db, teamId);
  await authorizeOnTeam(ctx.db, user, 'teams.change-roles', team);
  const name = await memberName(ctx, teamId, memberId);
  assertNotTheOwner(team!, memberId, 'given another role');
  await setMemberRole(ctx.db, teamId, memberId, role);
  await recordActivity(
    ctx.db,
    teamId,
    user.id,
    'member.role-changed',
    `${who(user)} made ${name} ${role}`,
  );
  announceMembership(ctx, teamId, memberId, role);
}

export async function removeMember(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
  memberId: string,
): Promise<void> {
  const team = await teamById(ctx.db, teamId);
  if (memberId === user.id) return leaveTeam(ctx, user, teamId);
  await authorizeOnTeam(ctx.db, user, 'teams.remove-member', team);
  const name = await memberName(ctx, teamId, memberId);
  assertNotTheOwner(team!, memberId, 'removed');
  await deleteMember(ctx.db, teamId, memberId);
  await recordActivity(ctx.db, teamId, user.id, 'member.removed', `${who(user)} removed ${name}`);
  announceMembership(ctx, teamId, memberId, null);
}

export async function leaveTeam(ctx: AppContext, user: UserRow, teamId: string): Promise<void> {
  const team = await teamById(ctx.db, teamId);
  await authorizeOnTeam(ctx.db, user, 'teams.leave', team);
  await deleteMember(ctx.db, teamId, user.id);
  await recordActivity(ctx.db, teamId, user.id, 'member.left', `${who(user)} left the team`);
  announceMembership(ctx, teamId, user.id, null);
}

/** The owner hands the team to one of its admins, who becomes the payer of its sites. */
export async function transferTeam(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
  newOwnerId: string,
): Promise<void> {
  const team = await teamById(ctx.db, teamId);
  await authorizeOnTeam(ctx.db, user, 'teams.transfer', team);
  const role = await roleInTeam(ctx.db, teamId, newOwnerId);
  if (role !== 'admin') throw badRequest('Ownership can only go to an admin of the team.');
  const name = await memberName(ctx, teamId, newOwnerId);
  await ctx.db.transaction().execute(async (trx) => {
    await setTeamOwner(trx, teamId, newOwnerId);
    await setMemberRole(trx, teamId, newOwnerId, 'owner');
    await setMemberRole(trx, teamId, user.id, 'admin');
    await setTeamSitesOwner(trx, teamId, newOwnerId);
  });
  await recordActivity(
    ctx.db,
    teamId,
    user.id,
    'team.transferred',
    `${who(user)} made ${name} the owner`,
  );
  announceMembership(ctx, teamId, newOwnerId, 'owner');
  announceMembership(ctx, teamId, user.id, 'admin');
}

/** Deletes the team; its sites move to the owner's own account or are deleted with it. */
export async function deleteTeam(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
  sites: 'move-to-owner' | 'delete',
): Promise<void> {
  const team = await teamById(ctx.db, teamId);
  await authorizeOnTeam(ctx.db, user, 'teams.delete', team);
  const members = await membersOfTeam(ctx.db, teamId);
  for (const site of await sitesOfTeam(ctx.db, teamId)) {
    if (sites === 'delete') await deleteSite(ctx, site);
    else await setSiteTeam(ctx.db, site.id, null, team!.owner_id, nowIso());
  }
  await deleteTeamRow(ctx.db, teamId);
  for (const member of members) announceMembership(ctx, teamId, member.id, null);
}
