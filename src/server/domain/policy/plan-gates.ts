import {
  includesCustomDomains,
  includesPrivateSites,
  includesWhiteLabel,
  PLANS,
} from '../../../shared/plans';
import type { Config } from '../../config';
import { countCustomDomainsOfUser } from '../../db/queries/sites';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { customDomainsNotInPlan, forbidden } from '../../errors';
import { planOf } from '../billing/plans';

// Features a plan opens. How much a plan holds (sites, bytes) is counted where it is spent
// (plans.ts); whether a feature is there at all is decided here.

/** Refuses custom domains to FREE users and guests, with what the upgrade dialog needs. */
export async function assertMayUseCustomDomains(
  db: Database,
  config: Config,
  user: UserRow,
): Promise<void> {
  const plan = planOf(config, user);
  if (includesCustomDomains(plan)) return;
  const currentCount = await countCustomDomainsOfUser(db, user.id);
  throw customDomainsNotInPlan({ plan, currentCount, maxAllowed: 0 }, Boolean(user.is_guest));
}

/**
 * Whether the user's sites may be white-labelled: Pro and ADMIN. Hosting asks it at serve time
 * too, so a downgraded owner's sites lose white-label at once.
 */
export function mayWhiteLabel(
  config: Config,
  user: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
): boolean {
  return includesWhiteLabel(planOf(config, user));
}

/** Refuses white-label to an owner whose plan lacks it, naming their plan. */
export function assertMayWhiteLabel(config: Config, user: UserRow): void {
  if (mayWhiteLabel(config, user)) return;
  const plan = PLANS[planOf(config, user)].label;
  throw forbidden(
    `White-label sites are part of the Pro plan; your account is on the ${plan} plan. Upgrade to Pro to turn white-label on.`,
  );
}

/**
 * Refuses a password or a share link on a site whose owner's plan lacks private sites (Free,
 * guests). A downgraded owner's private site stays private (opening it up is their choice),
 * and the password may always be removed.
 */
export function assertMayMakePrivate(
  config: Config,
  owner: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
): void {
  const plan = planOf(config, owner);
  if (includesPrivateSites(plan)) return;
  throw forbidden(
    owner.is_guest
      ? 'Private sites are part of the Starter and Pro plans. Sign up and choose Starter or Pro to protect a site with a password.'
      : `Private sites are part of the Starter and Pro plans; this site's owner is on the ${PLANS[plan].label} plan. Upgrade to Starter or Pro to protect it with a password.`,
  );
}

/** Whether the account may own teams: Pro and ADMIN, the plans that include white-label. */
export function mayRunTeams(
  config: Config,
  user: Pick<UserRow, 'email' | 'plan' | 'is_guest' | 'email_verified'>,
): boolean {
  return includesWhiteLabel(planOf(config, user));
}

/**
 * Refuses a new team, a new member or a new team site while the owner's plan lacks teams. A
 * downgraded owner's team keeps serving and working on what it has; it only stops growing.
 */
export function assertMayRunTeam(config: Config, owner: UserRow, what: 'create' | 'grow'): void {
  if (mayRunTeams(config, owner)) return;
  const plan = PLANS[planOf(config, owner)].label;
  throw forbidden(
    what === 'create'
      ? `Teams are part of the Pro plan; your account is on the ${plan} plan. Upgrade to Pro to create a team.`
      : `This team's owner is on the ${plan} plan, which does not include teams: its sites keep serving, but it takes no new members or sites until the owner upgrades to Pro.`,
  );
}
