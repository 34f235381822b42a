import { runCertificateWork } from '../domain/domains/certificates';
import type { Job } from './scheduler';

/**
 * The safety net of certificate orders ('domain.verified' starts them at once), their retries
 * with backoff, and renewals 30 days before expiry.
 */
export const certificatesJob: Job = {
  name: 'certificates',
  everyMs: 60 * 1000,
  async run(ctx) {
    const { issued, failed, capped } = await runCertificateWork(ctx);
    if (issued || failed || capped) {
      return `certificates: ${issued} issued, ${failed} failed, ${capped} wait for the hourly cap`;
    }
  },
};
