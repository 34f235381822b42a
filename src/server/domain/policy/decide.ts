import type { Config } from '../../config';
import type { SiteRow, UserRow } from '../../db/schema';
import { accountSuspended, forbidden, notFound, type AppError } from '../../errors';
import { planOf } from '../billing/plans';
import { actorOf, type Actor, type Asker } from './actor';
import { ACCOUNT_NEEDS_SESSION, NOT_AN_OPERATOR, ONLY_READ } from './messages';
import { RULES, type Action, type Rule, type SiteRole } from './rules';

/** The site a decision is about, as much of it as the rules read. */
export type SiteSubject = Pick<SiteRow, 'id' | 'user_id'> & { team_id?: string | null };

/**
 * Where a role on a site comes from besides owning it. There are no teams yet: the lookup
 * answers "none". Teams give a real one (the actor's memberships, loaded with the actor so the
 * rules stay synchronous); nothing else in the rules changes.
 */
export interface PolicyDeps {
  membershipOf(user: UserRow, site: SiteSubject): SiteRole | null;
}

const NO_TEAMS: PolicyDeps = { membershipOf: () => null };

export function createPolicy(deps: PolicyDeps) {
  /** The one answer to "what is this person on this site?". */
  function roleOn(user: UserRow, site: SiteSubject): SiteRole | null {
    if (site.user_id === user.id) return 'owner';
    return deps.membershipOf(user, site);
  }

  /** Why `asker` may not do `action` (to `site`), or null when they may. */
  function refusal(asker: Asker, action: Action, site?: SiteSubject): AppError | null {
    const actor = actorOf(asker);
    const rule: Rule = RULES[action];
    const tokenRefusal = refusalOfCredential(actor, rule);
    if (tokenRefusal) return tokenRefusal;
    const { user } = actor;
    if (rule.guests && user.is_guest) return forbidden(rule.guests);
    if (rule.notSuspended && user.suspended_at) return accountSuspended(user.suspended_reason);
    if (rule.operators && !actor.operator) return forbidden(NOT_AN_OPERATOR);
    if (rule.siteRoles && site) {
      const role = roleOn(user, site);
      if (!role || !rule.siteRoles.includes(role)) return notFound('Site not found');
    }
    return null;
  }

  /** Throws the refusal (401/403/404 in the product's words) unless `asker` may. */
  function authorize(asker: Asker, action: Action, site?: SiteSubject): void {
    const refused = refusal(asker, action, site);
    if (refused) throw refused;
  }

  /** Whether `asker` may: for flags on screens and for callers that answer in their own way. */
  function can(asker: Asker, action: Action, site?: SiteSubject): boolean {
    return refusal(asker, action, site) === null;
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

export const { roleOn, refusal, authorize, can } = createPolicy(NO_TEAMS);

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
