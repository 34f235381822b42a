import type { AppContext } from '../context';
import { abuseDigestJob } from './abuse-digest';
import { analyticsRetentionJob } from './analytics';
import { certificatesJob } from './certificates';
import { recheckCustomDomainsJob } from './custom-domains';
import { removeExpiredGuestsJob } from './expired-guests';
import { purgeExpiredSites } from './expired-sites';
import { collectGarbageJob } from './garbage-collection';
import { createScheduler } from './scheduler';
import { purgeExpiredSessions, purgeStaleLoginFailures } from './sessions';
import { purgeExpiredSignInChallenges } from './sign-in-challenges';

/** Every scheduled job of the product, one line each. */
export const JOBS = [
  purgeExpiredSites,
  purgeExpiredSessions,
  purgeStaleLoginFailures,
  collectGarbageJob,
  removeExpiredGuestsJob,
  recheckCustomDomainsJob,
  certificatesJob,
  analyticsRetentionJob,
  abuseDigestJob,
  purgeExpiredSignInChallenges,
];

export function createJobs(ctx: AppContext) {
  return createScheduler(ctx, JOBS);
}
