import { Globe, Loader2, Lock, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BILLING_PATH } from '../../hooks/billing';
import { includesCustomDomains, type PlanName } from '../../../shared/plans';
import type { DnsInstructions, Site } from '../../../shared/site';
import { errorMessage } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { Badge } from '../../components/StatusBadge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';
import { REMOVE_DOMAIN_CONFIRMATION, useCustomDomain } from '../../hooks/custom-domain';
import { useToast } from '../../hooks/toasts';
import { formatDate } from '../../lib/format';
import type { Tone } from '../../lib/status';
import { useSitesDomain } from '../../hooks/config';
import { DomainBeyondPlan } from './DomainBeyondPlan';

// How domain and certificate states read.
const DOMAIN_STATUS: Record<string, { label: string; tone: Tone }> = {
  PENDING: { label: 'Pending DNS', tone: 'yellow' },
  VERIFYING: { label: 'Verifying...', tone: 'blue' },
  VERIFIED: { label: 'Verified', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
};
const SSL_STATUS: Record<string, { label: string; tone: Tone }> = {
  PENDING: { label: 'No SSL', tone: 'gray' },
  PROVISIONING: { label: 'Provisioning (1-2 minutes)', tone: 'blue' },
  ACTIVE: { label: 'Active', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2 text-sm">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 break-all text-right font-medium">{children}</dd>
    </div>
  );
}

function Note({
  tone = 'gray',
  children,
}: {
  tone?: 'gray' | 'amber' | 'red';
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mt-4 rounded-lg px-3 py-2 text-sm',
        tone === 'gray' && 'bg-slate-50 text-slate-600 dark:bg-slate-800/60 dark:text-slate-400',
        tone === 'amber' && 'bg-amber-50 text-amber-800 dark:bg-amber-950/50 dark:text-amber-300',
        tone === 'red' && 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300',
      )}
    >
      {children}
    </div>
  );
}

/** The record to create at the DNS provider, each part with its own copy button. */
function DnsRecord({ record }: { record: DnsInstructions }) {
  const parts: [string, string][] = [
    ['Type', record.type],
    ['Name', record.name],
    ['Value', record.value],
  ];
  return (
    <div className="mt-4 rounded-lg border border-slate-200 dark:border-slate-700">
      <p className="border-b border-slate-200 px-3 py-2 text-sm font-medium dark:border-slate-700">
        Create this DNS record
      </p>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        {parts.map(([label, value]) => (
          <div key={label} className="flex items-center gap-2 px-3 py-1.5 text-sm">
            <dt className="w-12 shrink-0 text-slate-500">{label}</dt>
            <dd className="min-w-0 flex-1 break-all font-mono text-[13px]">{value}</dd>
            <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} compact />
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The custom-domain panel: add a domain, create the record it shows, verify,
 * and watch the certificate arrive. Only STARTER, PRO and ADMIN accounts may add one.
 */
export function DomainPanel({
  site,
  signedIn,
  plan,
}: {
  site: Site;
  signedIn: boolean;
  plan: PlanName;
}) {
  const { domain: sitesDomain } = useSitesDomain();
  const notify = useToast();
  const { add, verify, remove } = useCustomDomain(site.id);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const allowed = signedIn && includesCustomDomains(plan);
  const current = site.customDomain;
  const verifying = verify.isPending || site.customDomainStatus === 'VERIFYING';
  const domainStatus = verifying
    ? DOMAIN_STATUS.VERIFYING!
    : site.customDomainStatus
      ? DOMAIN_STATUS[site.customDomainStatus]!
      : null;
  const ssl = SSL_STATUS[site.sslStatus ?? 'PENDING']!;
  const expiry = sslExpiry(site.sslExpiresAt);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const domain = draft.trim();
    if (!domain) return setDraftError('Please enter a domain, such as www.example.com.');
    setDraftError(null);
    add.mutate(domain, {
      onSuccess: () => {
        setDraft('');
        notify({ type: 'success', title: 'Domain added! Please configure your DNS settings.' });
      },
      onError: (err) => {
        setDraftError(errorMessage(err, 'Failed to add domain'));
        notify({ type: 'error', title: 'Failed to add domain' });
      },
    });
  };

  const startVerify = () =>
    verify.mutate(undefined, {
      onSuccess: (res) =>
        notify(
          res.verified
            ? { type: 'success', title: `${current} is verified`, message: res.message }
            : // What was found is written in the panel, under the record to create.
              { type: 'warning', title: 'DNS record not found yet' },
        ),
      onError: (err) =>
        notify({
          type: 'error',
          title: 'Failed to verify domain',
          message: errorMessage(err, '') || undefined,
        }),
    });

  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify({ type: 'success', title: `${current} was removed from this site` });
      },
      onError: (err) => {
        setConfirming(false);
        notify({
          type: 'error',
          title: 'Failed to remove domain',
          message: errorMessage(err, '') || undefined,
        });
      },
    });

  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="custom-domain-title">
      <div className="flex items-center gap-2">
        <Globe className="h-5 w-5 text-slate-400" aria-hidden />
        <h2 id="custom-domain-title" className="font-semibold">
          Custom Domain
        </h2>
      </div>
      <dl className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
        <Row label="Current domain">
          <span title={current ?? undefined}>{current || 'None'}</span>
        </Row>
        <Row label="Domain status">
          {domainStatus ? (
            <Badge tone={domainStatus.tone} className="gap-1">
              {verifying && <Loader2 className="h-3 w-3 animate-spin" aria-hidden />}
              {domainStatus.label}
            </Badge>
          ) : (
            'Not connected'
          )}
        </Row>
        <Row label="SSL status">
          {current ? (
            <Badge tone={ssl.tone} className="gap-1">
              {site.sslStatus === 'PROVISIONING' && (
                <Loader2 className="h-3 w-3 animate-spin" aria-hidden />
              )}
              {site.sslStatus === 'ACTIVE' && <Lock className="h-3 w-3" aria-hidden />}
              {ssl.label}
            </Badge>
          ) : (
            'No SSL'
          )}
        </Row>
        <Row label="SSL expiry">
          <span className={cn(expiry.soon && 'text-red-600 dark:text-red-400')}>{expiry.text}</span>
        </Row>
        <Row label="Subdomain">
          <span
            title={`${site.subdomain}.${sitesDomain}`}
          >{`${site.subdomain}.${sitesDomain}`}</span>
        </Row>
      </dl>

      {current ? (
        <>
          {site.domainInstructions && <DnsRecord record={site.domainInstructions} />}
          {site.domainMessage && site.customDomainStatus !== 'VERIFIED' && (
            <Note tone={site.customDomainStatus === 'FAILED' ? 'red' : 'gray'}>
              {site.domainMessage}
            </Note>
          )}
          {site.domainReleaseAt && (
            <Note tone="amber">
              <strong className="font-semibold">{current} no longer points at this site.</strong>{' '}
              {site.domainMessage} We look at its DNS again every hour; once the record points here,
              this note goes away.
            </Note>
          )}
          {site.customDomainStatus === 'VERIFIED' && site.sslStatus === 'PROVISIONING' && (
            <Note>
              Your certificate is being issued; this typically takes 1-2 minutes. Until then the
              site answers on http://{current}.
            </Note>
          )}
          {site.sslMessage && <Note tone="amber">{site.sslMessage}</Note>}
          {signedIn && !allowed && <DomainBeyondPlan site={site} />}
          <div className="mt-4 flex flex-wrap gap-2">
            {/* Verifying is refused without custom domains in the plan: not offered then. */}
            {site.customDomainStatus !== 'VERIFIED' && allowed && (
              <Button onClick={startVerify} loading={verifying}>
                {verifying ? 'Verifying...' : 'Verify'}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => setConfirming(true)}
              disabled={remove.isPending}
            >
              <Trash2 className="h-4 w-4" aria-hidden /> Remove
            </Button>
          </div>
        </>
      ) : (
        <>
          {!signedIn ? (
            <Note>
              Custom domains are for signed-in users.{' '}
              <Link
                to="/auth"
                className="font-medium text-brand-600 hover:underline dark:text-brand-400"
              >
                Sign in
              </Link>{' '}
              to connect your own domain.
            </Note>
          ) : !allowed ? (
            <Note tone="amber">
              Custom domains come with the Starter and Pro plans. Your account is on the Free plan,
              so this site answers on its subdomain.{' '}
              <Link
                to={BILLING_PATH}
                className="font-medium text-brand-600 hover:underline dark:text-brand-400"
              >
                Upgrade your plan
              </Link>{' '}
              to connect your own domain.
            </Note>
          ) : (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
              Use your own address, such as www.example.com. You will get the DNS record to create,
              and a certificate once it is verified.
            </p>
          )}
          <form
            className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start"
            onSubmit={submit}
            noValidate
          >
            <Field
              label="Domain"
              placeholder="www.example.com"
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                if (draftError) setDraftError(null);
              }}
              error={draftError ?? undefined}
              disabled={!allowed || add.isPending}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              inputMode="url"
              className="flex-1"
            />
            <Button type="submit" disabled={!allowed} loading={add.isPending} className="sm:mt-7">
              Add Domain
            </Button>
          </form>
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Remove ${current ?? 'this domain'}?`}
        confirmLabel="Remove domain"
        danger
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setConfirming(false)}
      >
        {REMOVE_DOMAIN_CONFIRMATION}
      </ConfirmDialog>
    </Card>
  );
}
