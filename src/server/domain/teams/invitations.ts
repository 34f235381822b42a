import type { AppContext } from '../../context';
import {
  insertInvitation,
  insertMember,
  invitationById,
  invitationByTokenHash,
  markInvitationAccepted,
  membersOfTeam,
  revokeInvitationRow,
  teamById,
} from '../../db/queries/teams';
import { userById } from '../../db/queries/users';
import type { TeamInvitationRow, TeamRow, UserRow } from '../../db/schema';
import { conflict, gone, notFound } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import { hashToken, newToken } from '../../lib/tokens';
import { teamInvitationMail } from '../../mailer/templates';
import {
  INVITATION_NOT_PENDING,
  type InvitableRole,
  type InvitationInfo,
  type InvitationState,
  type Team,
} from '../../../shared/team';
import { assertInvitationIsFor, assertMayRunTeam, authorizeOnTeam } from '../policy';
import { recordActivity, who } from './activity';
import { announceMembership, presentTeam } from './teams';
import { payerOf } from './team-sites';

// Invitations by e-mail: a link valid 7 days, single use, bound to the invited address. Only
// the token's hash is stored; the inviter is answered the link too, to pass on in a chat.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SentInvitation {
  id: string;
  url: string;
  email: string;
  expiresAt: string;
}

function invitationUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.appOrigin}/invitations/${token}`;
}

async function sendNew(
  ctx: AppContext,
  user: UserRow,
  team: TeamRow,
  email: string,
  role: InvitableRole,
): Promise<SentInvitation> {
  const token = newToken();
  const now = Date.now();
  const row: TeamInvitationRow = {
    id: newId(),
    team_id: team.id,
    token_hash: hashToken(token),
    email,
    role,
    invited_by: user.id,
    created_at: nowIso(now),
    expires_at: nowIso(now + INVITATION_TTL_MS),
    accepted_at: null,
    revoked_at: null,
  };
  await insertInvitation(ctx.db, row);
  const url = invitationUrl(ctx, token);
  void ctx.mailer.send({
    to: email,
    ...teamInvitationMail({ inviter: who(user), team: team.name, role, url }),
  });
  return { id: row.id, url, email, expiresAt: row.expires_at };
}

/** Invites an address into the team with a role; an address already in the team is told so. */
export async function invite(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
  email: string,
  role: InvitableRole,
): Promise<SentInvitation> {
  const team = await teamById(ctx.db, teamId);
  await authorizeOnTeam(ctx.db, user, 'teams.invite', team);
  assertMayRunTeam(ctx.config, await payerOf(ctx.db, team!), 'grow');
  const members = await membersOfTeam(ctx.db, teamId);
  if (members.some((m) => m.email.toLowerCase() === email)) {
    throw conflict(`${email} is already a member of this team.`);
  }
  const sent = await sendNew(ctx, user, team!, email, role);
  await recordActivity(
    ctx.db,
    teamId,
    user.id,
    'member.invited',
    `${who(user)} invited ${email} as ${role}`,
  );
  return sent;
}

async function pendingInvitation(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
  invitationId: string,
): Promise<{ team: TeamRow; invitation: TeamInvitationRow }> {
  const team = await teamById(ctx.db, teamId);
  await authorizeOnTeam(ctx.db, user, 'teams.invite', team);
  const invitation = await invitationById(ctx.db, invitationId);
  if (!invitation || invitation.team_id !== teamId || invitation.accepted_at) {
    throw notFound('Invitation not found');
  }
  return { team: team!, invitation };
}

export async function revokeInvitation(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
  invitationId: string,
): Promise<void> {
  const { invitation } = await pendingInvitation(ctx, user, teamId, invitationId);
  await revokeInvitationRow(ctx.db, invitation.id, nowIso());
  await recordActivity(
    ctx.db,
    teamId,
    user.id,
    'invitation.revoked',
    `${who(user)} revoked the invitation of ${invitation.email}`,
  );
}

/** Sends the invitation again as a new link (the old one stops working), valid 7 more days. */
export async function resendInvitation(
  ctx: AppContext,
  user: UserRow,
  teamId: string,
  invitationId: string,
): Promise<SentInvitation> {
  const { team, invitation } = await pendingInvitation(ctx, user, teamId, invitationId);
  assertMayRunTeam(ctx.config, await payerOf(ctx.db, team), 'grow');
  await revokeInvitationRow(ctx.db, invitation.id, nowIso());
  return sendNew(ctx, user, team, invitation.email, invitation.role);
}

function stateOf(invitation: TeamInvitationRow, now: string): InvitationState {
  if (invitation.revoked_at) return 'revoked';
  if (invitation.accepted_at) return 'accepted';
  if (invitation.expires_at <= now) return 'expired';
  return 'pending';
}

/**
 * What a link invites to, for whoever holds it: the link is the secret, and its holder needs
 * to know the team and the address before signing in or up to accept.
 */
export async function invitationInfo(ctx: AppContext, token: string): Promise<InvitationInfo> {
  const invitation = await invitationByTokenHash(ctx.db, hashToken(token));
  const team = invitation && (await teamById(ctx.db, invitation.team_id));
  if (!invitation || !team) throw notFound('Invitation not found');
  const inviter = invitation.invited_by ? await userById(ctx.db, invitation.invited_by) : undefined;
  return {
    teamName: team.name,
    inviterName: inviter ? who(inviter) : null,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expires_at,
    state: stateOf(invitation, nowIso()),
  };
}

/** The signed-in holder of the invited address joins the team with the invited role. */
export async function acceptInvitation(
  ctx: AppContext,
  user: UserRow,
  token: string,
): Promise<Team> {
  const invitation = await invitationByTokenHash(ctx.db, hashToken(token));
  if (!invitation) throw notFound('Invitation not found');
  const state = stateOf(invitation, nowIso());
  if (state !== 'pending') throw gone(INVITATION_NOT_PENDING[state]);
  assertInvitationIsFor(user, invitation.email);
  const team = await teamById(ctx.db, invitation.team_id);
  if (!team) throw notFound('Invitation not found');
  const members = await membersOfTeam(ctx.db, team.id);
  if (members.some((m) => m.id === user.id)) {
    throw conflict('You are already a member of this team.');
  }
  assertMayRunTeam(ctx.config, await payerOf(ctx.db, team), 'grow');
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await markInvitationAccepted(trx, invitation.id, now))) {
      throw gone('This invitation has already been used.');
    }
    await insertMember(trx, {
      team_id: team.id,
      user_id: user.id,
      role: invitation.role,
      created_at: now,
    });
  });
  await recordActivity(
    ctx.db,
    team.id,
    user.id,
    'member.joined',
    `${who(user)} joined as ${invitation.role}`,
  );
  announceMembership(ctx, team.id, user.id, invitation.role);
  return presentTeam(team);
}
