import { siteByCustomDomain } from '../../db/queries/sites';
import type { Database } from '../../db/database';

/**
 * Whether a proxy that orders certificates itself may order one for `domain`: only for a
 * custom domain whose site proved it (VERIFIED), so nobody makes the proxy order certificates
 * for names that are not ours.
 */
export async function mayGetCertificate(db: Database, domain: unknown): Promise<boolean> {
  const name = typeof domain === 'string' ? domain.trim().toLowerCase() : '';
  const site = name ? await siteByCustomDomain(db, name) : undefined;
  return site?.custom_domain_status === 'VERIFIED';
}
