import { Link } from 'react-router';
import type { Site } from '../../../shared/site';
import { BILLING_PATH } from '../../hooks/billing';

/**
 * A site keeping a custom domain while its owner's plan no longer includes custom domains (a
 * fall back to Free). What the server does then: a verified domain keeps serving the site, its
 * certificate renewed as before; verifying or adding a domain is refused; removing works.
 * So this says which case the domain is in, and the panel offers Remove only.
 */
export function DomainBeyondPlan({ site }: { site: Site }) {
  const domain = site.customDomain;
  const upgrade = (
    <Link
      to={BILLING_PATH}
      className="font-medium text-brand-600 hover:underline dark:text-brand-400"
    >
      Upgrade to Starter or Pro
    </Link>
  );
  return (
    <div
      className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-300"
      data-testid="domain-beyond-plan"
    >
      {site.customDomainStatus === 'VERIFIED' ? (
        <>
          <strong className="font-semibold">{domain} keeps serving this site.</strong> Your plan no
          longer includes custom domains, but a domain already verified stays, with its certificate
          renewed as before. If you remove it, connecting a domain again needs a paid plan.{' '}
          {upgrade} to add or verify domains.
        </>
      ) : (
        <>
          <strong className="font-semibold">{domain} does not serve this site.</strong> It is not
          verified, and your plan no longer includes custom domains, so it cannot be verified from
          here. {upgrade} to verify it, or remove it.
        </>
      )}
    </div>
  );
}
