// Plans and their limits, enforced by the server and shown by the app.
import { SLA_MONTHLY_PERCENT } from './status';
export const PLAN_NAMES = ['FREE', 'STARTER', 'PRO', 'ADMIN'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanInfo {
  name: PlanName;
  label: string;
  priceMonthly: number | null;
  /** null means unlimited */
  maxSites: number | null;
  features: string[];
}

export const PLANS: Record<PlanName, PlanInfo> = {
  FREE: {
    name: 'FREE',
    label: 'Free',
    priceMonthly: 0,
    maxSites: 3,
    features: ['Basic hosting', 'SSL', 'Community support', 'Product subdomain'],
  },
  STARTER: {
    name: 'STARTER',
    label: 'Starter',
    priceMonthly: 4.99,
    maxSites: 15,
    features: [
      'Custom domains',
      'Password-protected sites and share links',
      'Advanced analytics',
      'Email support',
      'Deployment history',
    ],
  },
  PRO: {
    name: 'PRO',
    label: 'Pro',
    priceMonthly: 9.99,
    maxSites: null,
    features: [
      'Priority support',
      'Team collaboration',
      'White-label sites: your title, favicon and social card, no platform name',
      `SLA: ${SLA_MONTHLY_PERCENT.hosting}% monthly uptime for site hosting (see /status), service credits if missed`,
      'Unlimited deployments',
      'Custom domains',
      'Password-protected sites and share links',
    ],
  },
  ADMIN: {
    name: 'ADMIN',
    label: 'Admin',
    priceMonthly: null,
    maxSites: null,
    features: ['Unlimited access'],
  },
};

/** Whether a plan includes custom domains: the paid plans and the operator's do. */
export function includesCustomDomains(plan: PlanName): boolean {
  return plan === 'STARTER' || plan === 'PRO' || plan === 'ADMIN';
}

/** Whether a plan may protect sites with a password: the paid plans and the operator's. */
export function includesPrivateSites(plan: PlanName): boolean {
  return plan === 'STARTER' || plan === 'PRO' || plan === 'ADMIN';
}

/** Whether a plan may white-label its sites: Pro and the operators' own ADMIN. */
export function includesWhiteLabel(plan: PlanName): boolean {
  return plan === 'PRO' || plan === 'ADMIN';
}

/** Guest sites live this long: one day, then they expire. */
export const GUEST_SITE_TTL_MS = 24 * 60 * 60 * 1000;

export function maxSitesFor(plan: PlanName): number | null {
  return PLANS[plan].maxSites;
}

/** True when one more site would exceed the plan. */
export function isOverSiteLimit(plan: PlanName, currentCount: number): boolean {
  const max = maxSitesFor(plan);
  return max !== null && currentCount >= max;
}
