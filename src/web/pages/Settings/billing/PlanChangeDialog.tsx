import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import type { PlanChangePreview } from '../../../../shared/billing';
import { PLANS, type PlanName } from '../../../../shared/plans';
import { billingApi } from '../../../api/billing';
import { errorMessage } from '../../../api/client';
import { ErrorBox } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { billingKey } from '../../../hooks/billing';
import { formatDate } from './CurrentPlan';

/** Stripe's amounts are in the currency's smallest unit: 500 usd is $5.00. */
export function formatMoney(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  return format.format(minor / 100);
}

function Price({ preview }: { preview: PlanChangePreview }) {
  const money = (n: number) => formatMoney(n, preview.currency);
  const label = PLANS[preview.plan].label;
  const monthly = PLANS[preview.plan].priceMonthly ?? 0;
  return (
    <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
      <div className="flex items-baseline justify-between gap-4 px-4 py-3">
        <dt>Due today</dt>
        <dd
          className="text-lg font-semibold text-slate-900 dark:text-slate-100"
          data-testid="amount-due"
        >
          {money(preview.amountDue)}
        </dd>
      </div>
      {preview.total < 0 && (
        <div className="flex items-baseline justify-between gap-4 px-4 py-3">
          <dt>Credit for the unused time on {PLANS[preview.currentPlan].label}</dt>
          <dd className="font-medium text-emerald-700 dark:text-emerald-400">
            {money(-preview.total)}
          </dd>
        </div>
      )}
      {preview.creditAfter > 0 && (
        <div className="flex items-baseline justify-between gap-4 px-4 py-3">
          <dt>Credit kept for your next invoices</dt>
          <dd className="font-medium">{money(preview.creditAfter)}</dd>
        </div>
      )}
      {preview.renewsAt && (
        <div className="flex items-baseline justify-between gap-4 px-4 py-3">
          <dt>From {formatDate(preview.renewsAt)}</dt>
          <dd>
            ${monthly.toFixed(2)} a month for {label}
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Starter ↔ Pro on a running subscription: Stripe's prorated price first, and before a
 * downgrade what it does to the account's sites, domains and storage; then the change.
 */
export function PlanChangeDialog({
  from,
  to,
  onClose,
  onStarted,
}: {
  from: PlanName;
  to: PlanName;
  onClose(): void;
  onStarted(plan: PlanName): void;
}) {
  const preview = useQuery({
    queryKey: [...billingKey, 'change-preview', from, to],
    queryFn: () => billingApi.previewPlanChange({ plan: to as 'STARTER' | 'PRO' }),
    retry: false,
    // Prices are worked out for a moment: each opening asks again.
    gcTime: 0,
    staleTime: 0,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = PLANS[to].label;
  const downgrade = preview.data?.downgrade ?? false;

  const confirm = async () => {
    if (!preview.data) return;
    setBusy(true);
    setError(null);
    try {
      await billingApi.changePlan({
        plan: to as 'STARTER' | 'PRO',
        prorationDate: preview.data.prorationDate,
      });
      onStarted(to);
    } catch (err) {
      setError(errorMessage(err, 'Your plan could not be changed. Nothing was charged.'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Switch to ${label}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep {PLANS[from].label}
          </Button>
          <Button onClick={() => void confirm()} loading={busy} disabled={!preview.data}>
            {preview.data && preview.data.amountDue > 0
              ? `Pay ${formatMoney(preview.data.amountDue, preview.data.currency)} and switch`
              : `Switch to ${label}`}
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <Spinner label="Working out the price..." />
      ) : preview.isError ? (
        <ErrorBox>
          {errorMessage(preview.error, 'The price of the change could not be worked out.')}
        </ErrorBox>
      ) : (
        <div className="space-y-4">
          <p>
            {downgrade
              ? `You move from ${PLANS[from].label} to ${label} now. The unused time on ${PLANS[from].label} is credited and pays your next invoices.`
              : `You move from ${PLANS[from].label} to ${label} now and pay for the rest of this month at the difference in price.`}
          </p>
          <Price preview={preview.data} />
          {downgrade && preview.data.effects.length > 0 && (
            <section
              aria-label="What changes"
              className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
            >
              <h3 className="flex items-center gap-2 font-semibold">
                <AlertTriangle className="h-4 w-4" aria-hidden /> What changes on {label}
              </h3>
              <ul className="mt-2 list-disc space-y-1.5 pl-5">
                {preview.data.effects.map((effect) => (
                  <li key={effect}>{effect}</li>
                ))}
              </ul>
            </section>
          )}
          {error && <ErrorBox>{error}</ErrorBox>}
        </div>
      )}
    </Dialog>
  );
}
