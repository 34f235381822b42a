import type { TeamRole } from './team';
import type { Announcement } from './admin';
import type { DeploymentStatus } from './deployment';
import type { PlanName } from './plans';
import type { SiteStatus } from './site';

// Realtime event names and payloads: what the server pushes to open screens.
export const EVENTS = {
  deploymentUpdate: 'deployment-update',
  siteUpdate: 'site-update',
  userUpdate: 'user-update',
  systemUpdate: 'system-update',
  joinDeployment: 'join-deployment',
  joinSite: 'join-site',
  joinUser: 'join-user',
  /** Support messages: to the person (their user room) and to the operators' desk. */
  supportUpdate: 'support-update',
  /** An operator's console asks for every conversation's news; the policy decides. */
  joinSupportDesk: 'join-support-desk',
  /** A team's room: its sites' site-update and site-created/site-deleted, for every member. */
  joinTeam: 'join-team',
} as const;

export interface DeploymentUpdateEvent {
  deploymentId: string;
  status: DeploymentStatus;
  progress: number;
  message: string | null;
  logs: string[];
  errorMessage?: string | null;
  deployedAt?: string | null;
}

export interface SiteUpdateEvent {
  siteId: string;
  status: SiteStatus;
  /** The site's team; null for a personal site. */
  teamId?: string | null;
}

export type UserUpdateEvent =
  /** To the person's room for a personal site, to the team's room for a team site. */
  | { type: 'site-deleted' | 'site-created'; siteId: string; teamId?: string | null }
  /** The plan in force changed (billing): screens refetch the user and what the plan allows. */
  | { type: 'plan-changed'; plan: PlanName }
  /** Their place in a team changed (null: no longer in it); sent once their sockets left its rooms. */
  | { type: 'teams-changed'; teamId: string; role: TeamRole | null }
  /** A session of the account ended (signed out here or elsewhere): the Sessions list refetches. */
  | { type: 'sessions-changed' }
  /**
   * The operators suspended the account, with their reason; sent just before its sockets drop,
   * so an open screen says why instead of only going offline.
   */
  | { type: 'account-suspended'; reason: string };

/**
 * `system-update`, to every socket: an operator posted an announcement, or
 * ended one early. Screens opened later fetch GET /api/announcements instead.
 */
export type SystemUpdateEvent =
  { type: 'announcement'; announcement: Announcement } | { type: 'announcement-ended'; id: string };

/** Answer to a join request, through the socket.io acknowledgement callback. */
export type JoinAck = { ok: true } | { ok: false; error: string };
