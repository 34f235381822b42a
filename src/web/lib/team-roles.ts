import type { TeamRole } from '../../shared/team';

// How the screens name a team role and say what it may do (docs/features/teams.md, Roles).
export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

export const ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Runs the team and pays for its sites.',
  admin: 'Invites and removes people and changes their roles.',
  member: 'Creates, deploys and changes the team’s sites.',
  viewer: 'Sees the team’s sites, versions, logs and analytics; changes nothing.',
};

// What each role may do on the team page, mirroring the `teams.*` lines of RULES in
// server/domain/policy/rules.ts and the owner rules of domain/policy/teams.ts. The server
// decides every call; these only hide controls a role could not use.
const MANAGERS: readonly TeamRole[] = ['owner', 'admin'];

/** Invite, revoke and re-send invitations, change roles and remove members (not the owner). */
export const mayManageMembers = (role: TeamRole) => MANAGERS.includes(role);
/** Everyone but the owner may leave; the owner transfers the team first. */
export const mayLeave = (role: TeamRole) => role !== 'owner';
/** Only the owner transfers (to an admin) or deletes the team. */
export const mayTransferOrDelete = (role: TeamRole) => role === 'owner';
