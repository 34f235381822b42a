import type { SiteRow, UserRow } from '../../db/schema';
import type { Database } from '../../db/database';
import { activityOfTeam, insertActivity } from '../../db/queries/teams';
import { newId, nowIso } from '../../lib/ids';
import type { TeamActivity } from '../../../shared/team';

// The team's log: who deployed, rolled back, deleted, changed a domain, the AI or page settings,
// invited or removed whom.

export type TeamActivityKind =
  | 'team.created'
  | 'member.invited'
  | 'invitation.revoked'
  | 'member.joined'
  | 'member.role-changed'
  | 'member.removed'
  | 'member.left'
  | 'team.transferred'
  | 'site.deployed'
  | 'site.moved-in'
  | 'site.rolled-back'
  | 'site.deleted'
  | 'site.domain-changed'
  | 'site.ai-changed'
  | 'site.page-settings-changed'
  | 'site.version-links-changed'
  | 'site.access-changed'
  | 'site.remixing-changed'
  | 'site.moved-out';

export async function recordActivity(
  db: Database,
  teamId: string,
  actorId: string | null,
  action: TeamActivityKind,
  detail: string,
): Promise<void> {
  await insertActivity(db, {
    id: newId(),
    team_id: teamId,
    actor_id: actorId,
    action,
    detail,
    created_at: nowIso(),
  });
}

export async function teamActivity(db: Database, teamId: string): Promise<TeamActivity[]> {
  const rows = await activityOfTeam(db, teamId);
  return rows.map((row) => ({
    id: row.id,
    actor: row.actor_id ? { id: row.actor_id, name: row.actor_name ?? '' } : null,
    action: row.action,
    detail: row.detail,
    createdAt: row.created_at,
  }));
}

/** How the log names a person: their name, else their address. */
export function who(user: Pick<UserRow, 'name' | 'email'>): string {
  return user.name || user.email;
}

/** Logs what someone did to a site when it is a team's; a personal site has no team log. */
export async function noteOnTeamSite(
  db: Database,
  site: Pick<SiteRow, 'team_id' | 'subdomain'>,
  user: UserRow,
  action: TeamActivityKind,
  what: string,
): Promise<void> {
  if (!site.team_id) return;
  await recordActivity(db, site.team_id, user.id, action, `${who(user)} ${what} ${site.subdomain}`);
}
