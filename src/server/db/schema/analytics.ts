import type { Generated } from 'kysely';

// Page-view counts per day, and the salts and hashes that count visitors without keeping them.

export interface SiteViewsDailyTable {
  site_id: string;
  day: string;
  views: number;
  /** distinct visitors of the day (daily-salted hashes, counted once across nodes) */
  visitors: Generated<number>;
}

/** Views of one page of a site on one day; beyond the day's cap, '(other)'. */
export interface SitePagesDailyTable {
  site_id: string;
  day: string;
  path: string;
  views: number;
}

/** Views from one referring host on one day; '(direct)' without one, '(other)' beyond the cap. */
export interface SiteReferrersDailyTable {
  site_id: string;
  day: string;
  referrer: string;
  views: number;
}

/** Visitors already counted on a day, as daily-salted hashes; deleted once the day is over. */
export interface SiteVisitorHashesTable {
  site_id: string;
  day: string;
  hash: string;
}

export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}
