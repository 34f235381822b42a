import type { AppContext } from '../context';
import { abuseDigestJob } from './abuse-digest';
import { analyticsRetentionJob } from './analytics';
import { certificatesJob } from './certificates';
import { recheckCustomDomainsJob } from './custom-domains';
import { removeExpiredGuestsJob } from './expired-guests';
import { purgeExpiredSites } from './expired-sites';
import { collectGarbageJob } from './garbage-collection';
import { createScheduler, type Job } from './scheduler';
import { purgeExpiredSessions, purgeStaleLoginFailures } from './sessions';
import { purgeExpiredSignInChallenges } from './sign-in-challenges';
import { statusChecksJob } from './status-checks';
import type { HostingProbe } from '../domain/status/canary';

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

/** `hosting`: this node serves sites, so it can run the status checks' canary. */
export function createJobs(ctx: AppContext, hosting: HostingProbe | null) {
  const jobs: Job[] = [...JOBS];
  if (hosting && ctx.config.statusChecks) jobs.push(statusChecksJob(ctx.config, hosting));
  return createScheduler(ctx, jobs);
}
