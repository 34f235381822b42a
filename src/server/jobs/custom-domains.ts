import { recheckCustomDomains } from '../domain/domains/custom-domains';
import type { Job } from './scheduler';

/**
 * Custom domains waiting for DNS (with backoff, FAILED after 48 hours), verified ones daily,
 * ones whose record points elsewhere hourly until their grace ends and they are released.
 */
export const recheckCustomDomainsJob: Job = {
  name: 'recheck-custom-domains',
  everyMs: 60 * 1000,
  async run(ctx) {
    const { checked, verified, failed, lost, released } = await recheckCustomDomains(ctx);
    if (checked) {
      return `checked ${checked} custom domains: ${verified} verified, ${failed} failed, ${lost} lost their record, ${released} released`;
    }
  },
};
