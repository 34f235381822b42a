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
}

export type UserUpdateEvent =
  | { type: 'site-deleted' | 'site-created'; siteId: string }
  /** The plan in force changed (billing): screens refetch the user and what the plan allows. */
  | { type: 'plan-changed'; plan: PlanName }
  /** Their place in a team changed (null: no longer in it); sent once their sockets left its rooms. */
  | { type: 'teams-changed'; teamId: string; role: TeamRole | null };

/**
 * `system-update`, to every socket: an operator posted an announcement, or
 * ended one early. Screens opened later fetch GET /api/announcements instead.
 */
export type SystemUpdateEvent =
  { type: 'announcement'; announcement: Announcement } | { type: 'announcement-ended'; id: string };

/** Answer to a join request, through the socket.io acknowledgement callback. */
export type JoinAck = { ok: true } | { ok: false; error: string };
