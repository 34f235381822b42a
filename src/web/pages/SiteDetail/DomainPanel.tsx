import { Globe } from 'lucide-react';
import type { Site } from '../../../shared/site';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';
import { formatDate } from '../../lib/format';
import { useSitesDomain } from '../Examples/useDemoUrl';

// SPEC.md section 4: how domain and certificate states read.
const DOMAIN_STATUS: Record<string, string> = {
  PENDING: 'Pending DNS',
  VERIFYING: 'Verifying...',
  VERIFIED: 'Verified',
  FAILED: 'Failed',
};
const SSL_STATUS: Record<string, string> = {
  PENDING: 'No SSL',
  PROVISIONING: 'Provisioning (1-2 minutes)',
  ACTIVE: 'Active',
  FAILED: 'Failed',
};
const SSL_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** The expiry date, or 'SSL expires in N days' once it is under 30 days away. */
function sslExpiry(iso: string | null): { text: string; soon: boolean } {
  if (!iso) return { text: 'None', soon: false };
  const days = Math.ceil((Date.parse(iso) - Date.now()) / DAY_MS);
  if (days < SSL_WARNING_DAYS)
    return { text: `SSL expires in ${Math.max(0, days)} days`, soon: true };
  return { text: formatDate(iso), soon: false };
}

function Row({ label, value, warn }: { label: string; value: string; warn?: boolean }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd
        className={cn('min-w-0 truncate font-medium', warn && 'text-red-600 dark:text-red-400')}
        title={value}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The custom-domain panel. Connecting a domain arrives with its own issue; until then the panel
 * shows the site's addresses and keeps its controls disabled rather than pretending.
 */
export function DomainPanel({ site, signedIn }: { site: Site; signedIn: boolean }) {
  const { domain } = useSitesDomain();
  const expiry = sslExpiry(site.sslExpiresAt);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-2">
        <Globe className="h-5 w-5 text-slate-400" aria-hidden />
        <h2 className="font-semibold">Custom Domain</h2>
      </div>
      <dl className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
        <Row label="Current domain" value={site.customDomain || 'None'} />
        <Row
          label="Domain status"
          value={
            site.customDomainStatus ? DOMAIN_STATUS[site.customDomainStatus]! : 'Not connected'
          }
        />
        <Row label="SSL status" value={SSL_STATUS[site.sslStatus ?? 'PENDING']!} />
        <Row label="SSL expiry" value={expiry.text} warn={expiry.soon} />
        <Row label="Subdomain" value={`${site.subdomain}.${domain}`} />
      </dl>
      <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        {signedIn
          ? 'Connecting your own domain is not available yet. Your site is live at its subdomain.'
          : 'Custom domains will be for signed-in users; connecting one is not available yet.'}
      </p>
      <form
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label="Domain" placeholder="www.example.com" disabled className="flex-1" />
        <Button type="submit" variant="secondary" disabled>
          Add Domain
        </Button>
      </form>
    </Card>
  );
}
