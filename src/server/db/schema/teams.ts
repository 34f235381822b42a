import type { Selectable } from 'kysely';
import type { InvitableRole, TeamRole } from '../../../shared/team';

// Teams, their members, invitations and activity (migrations/022_teams.ts).

export interface TeamsTable {
  id: string;
  slug: string;
  name: string;
  owner_id: string;
  created_at: string;
}

/** The owner has a row too (role 'owner'), so one lookup answers anyone's role. */
export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: TeamRole;
  created_at: string;
}

export interface TeamInvitationsTable {
  id: string;
  team_id: string;
  /** sha-256 of the link's token: the link is the secret */
  token_hash: string;
  email: string;
  role: InvitableRole;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

export interface TeamActivityTable {
  id: string;
  team_id: string;
  actor_id: string | null;
  action: string;
  detail: string;
  created_at: string;
}

export type TeamRow = Selectable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type TeamInvitationRow = Selectable<TeamInvitationsTable>;
export type TeamActivityRow = Selectable<TeamActivityTable>;
