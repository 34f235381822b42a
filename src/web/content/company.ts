import { PLANS } from '../../shared/plans';

// Facts the public pages repeat; one place so the help center, contact and legal pages agree.
export const SUPPORT_EMAIL = 'support@artifacthost.app';
export const PRIVACY_EMAIL = 'privacy@artifacthost.app';
export const LIVE_CHAT_HOURS = '9 AM to 6 PM PST';
export const RESPONSE_TIME = 'Within 24 hours on business days';
/** Privacy and legal enquiries are answered within 30 days. */
export const LEGAL_RESPONSE_DAYS = 30;

/** "$4.99" from the shared plan table, so prices on public pages never drift from billing. */
export function planPrice(plan: 'STARTER' | 'PRO'): string {
  return `$${PLANS[plan].priceMonthly?.toFixed(2)}`;
}

export const FREE_SITES = PLANS.FREE.maxSites ?? 3;
export const STARTER_SITES = PLANS.STARTER.maxSites ?? 15;

/** Today as "November 22, 2026": the legal pages show it as their 'Last updated' line. */
export function todayLong(): string {
  return new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
