import { roleInTeam } from '../../db/queries/teams';
import type { Database } from '../../db/database';
import type { TeamRow, UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { actorOf, type Asker } from './actor';
import { authorize, type TeamSubject } from './decide';
import type { TeamAction } from './rules';

// Teams as subjects: the asking person's role is loaded, then the rules judge it.

/** The team with the asking person's role in it, ready for `authorize`. */
export async function teamSubject(db: Database, asker: Asker, team: TeamRow): Promise<TeamSubject> {
  return { team, role: await roleInTeam(db, team.id, actorOf(asker).user.id) };
}

/** Throws unless `asker` may do `action` to the team: 404 to strangers, 403 to a short role. */
export async function authorizeOnTeam(
  db: Database,
  asker: Asker,
  action: TeamAction,
  team: TeamRow | undefined,
): Promise<TeamSubject> {
  if (!team) throw notFound('Team not found');
  const subject = await teamSubject(db, asker, team);
  authorize(asker, action, subject);
  return subject;
}

/**
 * An invitation is bound to the address it was sent to: only the account that holds that
 * address, proven, may accept it.
 */
export function assertInvitationIsFor(user: UserRow, invitedEmail: string): void {
  if (user.email.toLowerCase() !== invitedEmail.toLowerCase()) {
    throw forbidden(
      `This invitation was sent to ${invitedEmail}. Sign in with that address to accept it.`,
    );
  }
  if (user.email_verified !== 1) {
    throw forbidden('Confirm your e-mail address first, then accept the invitation.');
  }
}

/** A change to the team's owner is a transfer, never a role change or a removal. */
export function assertNotTheOwner(team: TeamRow, userId: string, what: string): void {
  if (team.owner_id === userId) {
    throw forbidden(`The team's owner cannot be ${what}: transfer the ownership first.`);
  }
}
