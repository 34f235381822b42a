import type { Config } from '../../config';
import type { SiteRow, UserRow } from '../../db/schema';
import { accountSuspended, forbidden, notFound, type AppError } from '../../errors';
import { planOf } from '../billing/plans';
import { actorOf, type Actor, type Asker } from './actor';
import type { TeamRole } from '../../../shared/team';
import { ACCOUNT_NEEDS_SESSION, NOT_AN_OPERATOR, ONLY_READ, TEAM_ROLE_REFUSED } from './messages';
import { RULES, type Action, type Rule, type SiteRole } from './rules';

/**
 * The site a decision is about, as much of it as the rules read. A team site carries the asking
 * person's role in its team, loaded before the (synchronous) rules run: `withMembership`.
 */
export type SiteSubject = Pick<SiteRow, 'id' | 'user_id'> & {
  team_id?: string | null;
  membership?: { userId: string; role: TeamRole } | null;
};

/** A team as the subject: the asking person's role in it, loaded beforehand (null: none). */
export interface TeamSubject {
  team: { id: string };
  role: TeamRole | null;
}

/** Where a role on a site comes from besides owning it: a membership of the site's team. */
export interface PolicyDeps {
  membershipOf(user: UserRow, site: SiteSubject): SiteRole | null;
}

/** The membership loaded onto the subject, when it is the asking person's. */
const LOADED_MEMBERSHIP: PolicyDeps = {
  membershipOf: (user, site) =>
    site.team_id && site.membership?.userId === user.id ? site.membership.role : null,
};

export function createPolicy(deps: PolicyDeps) {
  /** The one answer to "what is this person on this site?". */
  function roleOn(user: UserRow, site: SiteSubject): SiteRole | null {
    if (site.user_id === user.id) return 'owner';
    return deps.membershipOf(user, site);
  }

  /** Why `asker` may not do `action` (to `site`), or null when they may. */
  function refusal(
    asker: Asker,
    action: Action,
    subject?: SiteSubject | TeamSubject,
  ): AppError | null {
    const actor = actorOf(asker);
    const rule: Rule = RULES[action];
    const tokenRefusal = refusalOfCredential(actor, rule);
    if (tokenRefusal) return tokenRefusal;
    const { user } = actor;
    if (rule.guests && user.is_guest) return forbidden(rule.guests);
    if (rule.notSuspended && user.suspended_at) return accountSuspended(user.suspended_reason);
    if (rule.operators && !actor.operator) return forbidden(NOT_AN_OPERATOR);
    if (subject && 'team' in subject) {
      if (rule.teamRoles) {
        if (!subject.role) return notFound('Team not found');
        if (!rule.teamRoles.includes(subject.role)) return forbidden(TEAM_ROLE_REFUSED);
      }
      return null;
    }
    if (rule.siteRoles && subject) {
      const role = roleOn(user, subject);
      if (!role) return notFound('Site not found');
      // A team member who may see the site hears why they may not do this; on a personal
      // site the owner is the only role, and may do everything.
      if (!rule.siteRoles.includes(role)) return forbidden(TEAM_ROLE_REFUSED);
    }
    return null;
  }

  /** Throws the refusal (401/403/404 in the product's words) unless `asker` may. */
  function authorize(asker: Asker, action: Action, subject?: SiteSubject | TeamSubject): void {
    const refused = refusal(asker, action, subject);
    if (refused) throw refused;
  }

  /** Whether `asker` may: for flags on screens and for callers that answer in their own way. */
  function can(asker: Asker, action: Action, subject?: SiteSubject | TeamSubject): boolean {
    return refusal(asker, action, subject) === null;
  }

  return { roleOn, refusal, authorize, can };
}

function refusalOfCredential(actor: Actor, rule: Rule): AppError | null {
  const credential = actor.credential;
  if (credential?.kind !== 'token' || !rule.tokens || rule.tokens === 'any') return null;
  if (rule.tokens === 'deploy') return credential.scope === 'deploy' ? null : forbidden(ONLY_READ);
  if (rule.tokenRefusal) return forbidden(rule.tokenRefusal);
  return forbidden(credential.scope === 'read' ? ONLY_READ : ACCOUNT_NEEDS_SESSION);
}

export const { roleOn, refusal, authorize, can } = createPolicy(LOADED_MEMBERSHIP);

/** An operator of the service: the ADMIN plan, which a proven admin address also gives. */
export function isOperator(
  config: Config,
  user: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
): boolean {
  return planOf(config, user) === 'ADMIN';
}

/**
 * Whether Stripe's subscriptions set this account's plan. Guests have none, and operators
 * answer to the operator alone: a stored ADMIN plan or an admin address counts here even
 * before the address is proven, so a payment event never takes ADMIN away from someone the
 * operator named.
 */
export function answersToBilling(
  config: Config,
  user: Pick<UserRow, 'email' | 'plan' | 'is_guest'>,
): boolean {
  return !user.is_guest && user.plan !== 'ADMIN' && !config.adminEmails.has(user.email);
}
