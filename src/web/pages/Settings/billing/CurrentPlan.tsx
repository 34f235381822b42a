import { AlertTriangle, CreditCard } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { SubscriptionResponse } from '../../../../shared/billing';
import { maxSitesFor, PLANS, type PlanName } from '../../../../shared/plans';
import { billingApi } from '../../../api/billing';
import { errorMessage } from '../../../api/client';
import { ErrorBox } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useSites } from '../../../hooks/sites';
import { SitesMeter, UsageMeters } from './UsageCard';

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/**
 * The browser's Back button from a Stripe page can restore this page as it was left, button
 * still spinning; `reset` runs then so it can be pressed again.
 */
export function useRestoredFromHistory(reset: () => void) {
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
}

/** Sends the browser to Stripe's portal; comes back to this tab. */
export function useOpenPortal() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useRestoredFromHistory(useCallback(() => setBusy(false), []));
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const returnUrl = `${location.origin}/settings?tab=billing`;
      location.assign(await billingApi.createPortal({ returnUrl }));
    } catch (err) {
      setError(errorMessage(err, 'Failed to create billing portal'));
      setBusy(false);
    }
  };
  return { open, busy, error };
}

function Renewal({ subscription }: { subscription: SubscriptionResponse['subscription'] }) {
  if (!subscription?.currentPeriodEnd) return null;
  const date = formatDate(subscription.currentPeriodEnd);
  const label = PLANS[subscription.plan].label;
  if (subscription.cancelAtPeriodEnd) {
    return (
      <p className="text-sm text-amber-700 dark:text-amber-300">
        Your plan ends on {date}; you keep {label} until then.
      </p>
    );
  }
  return <p className="text-sm text-slate-600 dark:text-slate-400">Renews on {date}</p>;
}

/** The plan in force: its name, renewal or end, usage, and the way to Stripe's portal. */
export function CurrentPlan({ data }: { data: SubscriptionResponse }) {
  const portal = useOpenPortal();
  const paid = data.plan === 'STARTER' || data.plan === 'PRO';
  const status = data.subscription?.status;
  return (
    <Card className="p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500 dark:text-slate-400">Current plan</p>
          <p className="mt-1 text-2xl font-bold tracking-tight" data-testid="current-plan">
            {PLANS[data.plan].label}
          </p>
          <div className="mt-1">
            <Renewal subscription={data.subscription} />
          </div>
        </div>
        {paid && (
          <Button
            variant="secondary"
            onClick={() => void portal.open()}
            loading={portal.busy}
            className="self-start"
          >
            <CreditCard className="h-4 w-4" aria-hidden /> Manage Billing
          </Button>
        )}
      </div>
      {(status === 'past_due' || status === 'unpaid') && (
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Your last payment did not go through. Update your card in Manage Billing to keep your
          plan.
        </p>
      )}
      {portal.error && (
        <div className="mt-4">
          <ErrorBox>{portal.error}</ErrorBox>
        </div>
      )}
      <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
        <UsageMeters usage={data.usage} />
      </div>
    </Card>
  );
}

/**
 * Without Stripe the subscription call answers 503, yet the plan and its site limit still
 * hold: they come from the session and the sites list instead.
 */
export function PlanWithoutBilling({ plan }: { plan: PlanName }) {
  const sites = useSites();
  return (
    <Card className="p-6">
      <p className="text-sm font-medium text-slate-500 dark:text-slate-400">Current plan</p>
      <p className="mt-1 text-2xl font-bold tracking-tight" data-testid="current-plan">
        {PLANS[plan].label}
      </p>
      {sites.data && (
        <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
          <SitesMeter used={sites.data.length} max={maxSitesFor(plan)} />
        </div>
      )}
    </Card>
  );
}
