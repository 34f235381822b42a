import { includesCustomDomains } from '../../../shared/plans';
import type { Config } from '../../config';
import { countCustomDomainsOfUser } from '../../db/queries/sites';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { customDomainsNotInPlan } from '../../errors';
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
