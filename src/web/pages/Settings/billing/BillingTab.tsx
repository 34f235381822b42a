import { Info, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { BillingPlan } from '../../../../shared/billing';
import { PLANS, type PlanName } from '../../../../shared/plans';
import { billingApi } from '../../../api/billing';
import { errorMessage } from '../../../api/client';
import { ErrorBox } from '../../../components/ui/Alert';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { usePlans, useSubscription } from '../../../hooks/billing';
import { useSession } from '../../../hooks/session';
import {
  CurrentPlan,
  PlanWithoutBilling,
  useOpenPortal,
  useRestoredFromHistory,
} from './CurrentPlan';
import { PlanAction, type PlanActionContext } from './PlanActions';
import { PlanCard } from './PlanCard';
import { PlanChangeDialog } from './PlanChangeDialog';
import { useCheckoutReturn } from './useCheckoutReturn';

const SHOWN: PlanName[] = ['FREE', 'STARTER', 'PRO'];

function AdminNote() {
  return (
    <Card className="flex items-start gap-3 p-6">
      <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-600 dark:text-brand-400" />
      <div>
        <h3 className="font-semibold">Administrator access</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Your account has unlimited access: no site limit and nothing to pay, so there is no plan
          to choose.
        </p>
      </div>
    </Card>
  );
}

/** Settings' Billing & Plans tab, the one Settings opens on. */
export function BillingTab() {
  useCheckoutReturn();
  const { user, loading } = useSession();
  const plans = usePlans();
  const billingEnabled = plans.data?.billingEnabled ?? false;
  const subscription = useSubscription(billingEnabled);
  const portal = useOpenPortal();
  const [pending, setPending] = useState<PlanName | null>(null);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  useRestoredFromHistory(useCallback(() => setPending(null), []));
  const signedIn = Boolean(user && !user.isGuest);
  const current = subscription.data?.plan ?? (signedIn ? (user?.plan ?? null) : null);
  const [switching, setSwitching] = useState<PlanName | null>(null);
  // Stripe took the change; the plan in force moves when its webhook lands (`plan-changed`).
  const [changingTo, setChangingTo] = useState<PlanName | null>(null);
  useEffect(() => {
    if (changingTo && current === changingTo) setChangingTo(null);
  }, [changingTo, current]);

  if (loading || plans.isPending || (signedIn && billingEnabled && subscription.isPending)) {
    return <Spinner label="Loading plans..." />;
  }

  const upgrade = async (plan: BillingPlan) => {
    if (!plan.stripePriceId) return;
    setPending(plan.name);
    setCheckoutError(null);
    try {
      location.assign(await billingApi.createCheckout({ priceId: plan.stripePriceId }));
    } catch (err) {
      setCheckoutError(errorMessage(err, 'Failed to create checkout session'));
      setPending(null);
    }
  };

  const ctx: PlanActionContext = {
    signedIn,
    current,
    subscribed: Boolean(subscription.data?.canManageBilling && subscription.data.subscription),
    changingTo,
    billingEnabled,
    pending,
    upgrade: (plan) => void upgrade(plan),
    openPortal: () => void portal.open(),
    switchTo: (plan) => setSwitching(plan.name),
  };

  return (
    <div className="space-y-6">
      {subscription.isError && (
        <ErrorBox>{errorMessage(subscription.error, 'Failed to load your subscription')}</ErrorBox>
      )}
      {changingTo && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Changing to {PLANS[changingTo].label}… Stripe has the change; your plan here switches as
          soon as Stripe confirms it, usually within seconds.
        </p>
      )}
      {switching && current && (
        <PlanChangeDialog
          from={current}
          to={switching}
          onClose={() => setSwitching(null)}
          onStarted={(plan) => {
            setSwitching(null);
            setChangingTo(plan);
          }}
        />
      )}
      {subscription.data ? (
        <CurrentPlan data={subscription.data} />
      ) : (
        signedIn && user && !billingEnabled && <PlanWithoutBilling plan={user.plan} />
      )}
      {current === 'ADMIN' ? (
        <AdminNote />
      ) : plans.isError ? (
        <ErrorBox>{errorMessage(plans.error, 'Failed to load plans')}</ErrorBox>
      ) : (
        <section aria-label="Plans">
          <h2 className="text-lg font-semibold">Plans</h2>
          {(checkoutError ?? portal.error) && (
            <div className="mt-3">
              <ErrorBox>{checkoutError ?? portal.error}</ErrorBox>
            </div>
          )}
          {!plans.data.billingEnabled && (
            <p
              id="billing-unavailable"
              className="mt-3 flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2.5 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            >
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {plans.data.unavailableReason ?? 'Upgrading is not available on this server.'}
              </span>
            </p>
          )}
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {SHOWN.map((name) => {
              const plan = plans.data.plans[name];
              if (!plan) return null;
              return (
                <PlanCard
                  key={name}
                  plan={plan}
                  current={signedIn && name === current}
                  action={<PlanAction plan={plan} ctx={ctx} />}
                />
              );
            })}
          </div>
        </section>
      )}
    </div>
  );
}
