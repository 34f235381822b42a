import {
  PLANS,
  includesCustomDomains,
  includesWhiteLabel,
  maxSitesFor,
  type PlanName,
} from '../../../shared/plans';
import type { AppContext } from '../../context';
import { storedBytesOfUser } from '../../db/queries/blobs';
import { countUnexpiredSitesOfUser, sitesOfUser } from '../../db/queries/sites';
import { teamsOfUser } from '../../db/queries/teams';
import type { UserRow } from '../../db/schema';
import { nowIso } from '../../lib/ids';
import { ANALYTICS_RETENTION_DAYS, formatBytes, storageAllowanceOf } from './plans';

// What moving to a smaller plan does to what the account already has, said before the person
// confirms. Each sentence restates a rule enforced elsewhere (plans.ts, plan-gates.ts,
// retention.ts, jobs/analytics.ts): nothing is deleted by the change itself.

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The sentences shown before a downgrade from `from` to `to`, for this account's own things. */
export async function effectsOfDowngrade(
  ctx: AppContext,
  user: UserRow,
  from: PlanName,
  to: PlanName,
): Promise<string[]> {
  const label = PLANS[to].label;
  const effects: string[] = [];

  const sites = await countUnexpiredSitesOfUser(ctx.db, user.id, nowIso());
  const maxSites = maxSitesFor(to);
  if (maxSites !== null && sites > maxSites) {
    effects.push(
      `You have ${plural(sites, 'site')}; the ${label} plan holds ${maxSites}. All of them keep serving and can be redeployed, but no new site can be created until you are under ${maxSites}.`,
    );
  } else if (maxSites !== null) {
    effects.push(
      `The ${label} plan holds up to ${maxSites} sites; you have ${sites}, so all of them stay as they are.`,
    );
  }

  const own = await sitesOfUser(ctx.db, user.id);
  const domains = own.filter((s) => s.custom_domain !== null).length;
  if (domains > 0 && includesCustomDomains(to)) {
    effects.push(
      `Your ${plural(domains, 'custom domain')} keep${domains === 1 ? 's' : ''} serving with ${domains === 1 ? 'its' : 'their'} certificate${domains === 1 ? '' : 's'}: the ${label} plan includes custom domains.`,
    );
  } else if (domains > 0) {
    effects.push(
      `Your ${plural(domains, 'custom domain')} keep${domains === 1 ? 's' : ''} serving, and ${domains === 1 ? 'its certificate is' : 'their certificates are'} still renewed, but the ${label} plan does not include custom domains: you cannot add or verify one until you upgrade. A domain you remove cannot be connected again on this plan.`,
    );
  }

  const whiteLabelled = own.filter((s) => s.brand_white_label === 1).length;
  if (whiteLabelled > 0 && includesWhiteLabel(from) && !includesWhiteLabel(to)) {
    effects.push(
      `White-label stops applying to your ${plural(whiteLabelled, 'white-labelled site')} at once: visitors see the platform's name on their error and offline pages again. The setting is kept and applies again if you return to Pro.`,
    );
  }

  const teams = (await teamsOfUser(ctx.db, user.id)).filter((t) => t.owner_id === user.id);
  if (teams.length > 0 && includesWhiteLabel(from) && !includesWhiteLabel(to)) {
    effects.push(
      `Your ${plural(teams.length, 'team')} keep${teams.length === 1 ? 's' : ''} serving and working on ${teams.length === 1 ? 'its' : 'their'} sites, but take${teams.length === 1 ? 's' : ''} no new members or sites until you return to Pro.`,
    );
  }

  const allowance = storageAllowanceOf(to);
  if (allowance.quotaBytes !== null) {
    const used = await storedBytesOfUser(ctx.db, user.id);
    effects.push(
      used > allowance.quotaBytes
        ? `Your deployments use ${formatBytes(used)}, more than the ${formatBytes(allowance.quotaBytes)} of the ${label} plan: your sites keep serving, but new deploys are refused until you free space.`
        : `Storage becomes ${formatBytes(allowance.quotaBytes)} (you use ${formatBytes(used)}), and each site keeps its latest ${allowance.keptVersions} versions for rollback; older ones are removed within minutes.`,
    );
  }

  const days = ANALYTICS_RETENTION_DAYS[to];
  if (days !== null && ANALYTICS_RETENTION_DAYS[from] !== days) {
    effects.push(`Page-view analytics older than ${days} days are deleted.`);
  }
  return effects;
}
