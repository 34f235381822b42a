import type { ClaimableSite, GuestClaim } from '../../shared/claim';
import type { Config } from '../config';
import { siteUrl } from '../lib/urls';
import type { SiteRow } from '../db/schema';
import type { ClaimOutcome } from '../domain/sites/claims';

export function presentClaimableSite(config: Config, row: SiteRow): ClaimableSite {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    url: siteUrl(config, row.subdomain),
    expiresAt: row.expires_at,
  };
}

export function presentClaim(config: Config, outcome: ClaimOutcome): GuestClaim {
  return {
    moved: outcome.moved.map((s) => presentClaimableSite(config, s)),
    claimable: outcome.claimable.map((s) => presentClaimableSite(config, s)),
    maxClaimable: outcome.maxClaimable,
    plan: outcome.plan,
    claimToken: outcome.claimToken,
  };
}
