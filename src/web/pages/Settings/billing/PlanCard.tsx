import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BillingPlan } from '../../../../shared/billing';
import { Card } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';

// The two paid plans carry these badges.
const BADGES: Partial<Record<BillingPlan['name'], string>> = {
  STARTER: 'Most Popular',
  PRO: 'Best Value',
};

function price(plan: BillingPlan): string {
  if (!plan.priceMonthly) return '$0';
  return `$${plan.priceMonthly.toFixed(2)}`;
}

function sites(plan: BillingPlan): string {
  return plan.maxSites === null ? 'Unlimited sites' : `Up to ${plan.maxSites} sites`;
}

/** One plan: price, site limit, features, and whatever action `action` offers for it. */
export function PlanCard({
  plan,
  current,
  action,
}: {
  plan: BillingPlan;
  current: boolean;
  action: ReactNode;
}) {
  const badge = BADGES[plan.name];
  return (
    <Card
      role="group"
      aria-label={`${plan.label} plan`}
      aria-current={current ? 'true' : undefined}
      className={cn(
        'relative flex flex-col p-6',
        current &&
          'border-brand-500 ring-2 ring-brand-500 dark:border-brand-400 dark:ring-brand-400',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold">{plan.label}</h3>
        {badge && (
          <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-900/60 dark:text-brand-200">
            {badge}
          </span>
        )}
        {current && (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-200">
            Your plan
          </span>
        )}
      </div>
      <p className="mt-3">
        <span className="text-3xl font-bold tracking-tight">{price(plan)}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">/month</span>
      </p>
      <p className="mt-1 text-sm font-medium text-slate-700 dark:text-slate-300">{sites(plan)}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-600 dark:text-slate-300">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </Card>
  );
}
