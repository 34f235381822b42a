import type { AbuseCategory } from '../../shared/admin';
import type { DeploymentStatus } from '../../shared/deployment';
import type { PlanName } from '../../shared/plans';
import type { SiteStatus } from '../../shared/site';
import type { TeamRole } from '../../shared/team';
import type {
  AnnouncementRow,
  SupportAttachmentRow,
  SupportConversationRow,
  SupportMessageRow,
} from '../db/schema';

/** What the realtime part needs of a deployment to tell its watchers; plain data, so it crosses nodes. */
export interface DeploymentState {
  id: string;
  site_id: string;
  status: DeploymentStatus;
  progress: number;
  message: string | null;
  build_logs: string;
  error_message: string | null;
  deployed_at: string | null;
}

/**
 * Everything one part tells the others, by name. Payloads are JSON-safe: over Redis every
 * node hears every event, including the one that sent it.
 */
export interface AppEvents {
  /** A deployment waits in the queue (a worker should look now). */
  'deployment.queued': { deployment: DeploymentState; userId: string };
  /** A deployment's status, progress, message or log lines changed. */
  'deployment.progress': { deployment: DeploymentState; userId: string };
  /** A deployment ended (SUCCESS or FAILED); the site event follows when the site changed. */
  'deployment.finished': { deployment: DeploymentState; userId: string };
  /**
   * A site's status or live version changed (publish, failure, rollback, build start); `teamId`
   * names the team whose members watch it too (null: a personal site).
   */
  'site.changed': { siteId: string; userId: string; teamId: string | null; status: SiteStatus };
  /** A site and everything it served are gone. */
  'site.deleted': { siteId: string; userId: string };
  /**
   * A person's role in a team changed, or they left it (role null): every node drops their
   * sockets from the team's site rooms at once.
   */
  'team.membership-changed': { teamId: string; userId: string; role: TeamRole | null };
  /**
   * A list of sites changed: the user's personal sites, or the team's (`teamId` set) when the
   * site is or was a team's.
   */
  'user.sites-changed': {
    userId: string;
    teamId: string | null;
    siteId: string;
    change: 'site-created' | 'site-deleted';
  };
  /** A custom domain's DNS record was found: the certificate work orders its certificate. */
  'domain.verified': { siteId: string; domain: string };
  /**
   * A verified domain's DNS record was found pointing elsewhere: it keeps serving its site until
   * `releaseAt`, then is released. The owner is told by e-mail (`onOwn`).
   */
  'custom-domain.lost': {
    siteId: string;
    userId: string;
    siteName: string;
    domain: string;
    /** What the check found, in words. */
    found: string;
    releaseAt: string;
  };
  /**
   * A domain was taken off a site without its owner asking: its grace ended with the record
   * still elsewhere ('dns-moved'), or another account proved it by DNS ('proven-elsewhere').
   */
  'custom-domain.released': {
    siteId: string;
    userId: string;
    siteName: string;
    domain: string;
    reason: 'dns-moved' | 'proven-elsewhere';
  };
  /** A domain's certificate was stored (first or renewed): HTTPS listeners drop their copy. */
  'certificate.issued': { domain: string; expiresAt: string };
  /** A domain left its site: its certificate is deleted and no longer served. */
  'certificate.removed': { domain: string };
  /** A session ended (logout): whatever it authorized, sockets included, stops now. */
  'session.ended': { sessionId: string; userId: string };
  /** Access tokens were revoked (one, or all of an account's): sockets they opened drop now. */
  'access-tokens.revoked': { userId: string; tokenIds: string[] };
  /**
   * The plan in force for a user changed (billing: upgrade, downgrade, a subscription's end):
   * every open screen of theirs refreshes, and they may be told by e-mail.
   */
  'user.plan-changed': { userId: string; plan: PlanName; previousPlan: PlanName };
  /**
   * A visitor reported a site (POST /api/reports). The mail part tells ABUSE_EMAIL, once per
   * report: it listens with `onOwn`.
   */
  'abuse.reported': {
    reportId: string;
    siteId: string | null;
    siteAddress: string;
    /** The site's owner's e-mail, when the address named a site. */
    ownerEmail: string | null;
    category: AbuseCategory;
    description: string;
    reporterEmail: string | null;
    /** Where the operator looks at it: {APP_ORIGIN}/admin?tab=reports */
    consoleUrl: string;
    createdAt: string;
    /** The site's e-mail window is open: this report goes in the next digest, not alone. */
    batched: boolean;
  };
  /** An operator suspended an account or lifted it: a suspended account's sockets drop. */
  'user.moderated': { userId: string; email: string; suspended: boolean; reason: string | null };
  /**
   * An operator posted an announcement: every open app screen shows it (`system-update`). The
   * row as stored; each node presents it for its own sockets.
   */
  'announcement.published': { announcement: AnnouncementRow };
  /** An operator ended an announcement early: screens drop its banner. */
  'announcement.ended': { id: string };
  /** Stripe could not charge a renewal: the owner is told by e-mail how to fix it. */
  'billing.payment-failed': {
    userId: string;
    /** In the smallest unit of `currency` (cents), as Stripe gives it. */
    amountDue: number | null;
    currency: string | null;
    /** When Stripe tries again; null when it will not. */
    nextAttemptAt: string | null;
  };
  /**
   * A visitor sent the contact form: the ticket is e-mailed to SUPPORT_EMAIL and acknowledged
   * to its sender (`onOwn`), and the operators' open desks list it.
   */
  'support.ticket-filed': { conversation: SupportConversationRow; message: SupportMessageRow };
  /**
   * A message in a conversation, from its person or an operator: both sides' screens show it;
   * an operator's answer nobody's screen confirms is e-mailed (`onOwn`).
   */
  'support.message-sent': {
    conversation: SupportConversationRow;
    message: SupportMessageRow & { attachment: SupportAttachmentRow | null };
  };
  /** An operator assigned, closed or reopened a conversation, or read it. */
  'support.conversation-changed': {
    conversation: SupportConversationRow;
    change: 'assigned' | 'closed' | 'reopened' | 'read';
  };
}

export type EventName = keyof AppEvents;
export type EventHandler<K extends EventName> = (payload: AppEvents[K]) => void;
