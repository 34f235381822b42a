import { Link, useNavigate } from 'react-router';
import type { BillingPlan } from '../../../../shared/billing';
import type { PlanName } from '../../../../shared/plans';
import { Button, buttonStyles } from '../../../components/ui/Button';

// Plans in order of what they give. Starter ↔ Pro is switched here; Free is reached by
// cancelling in Stripe's portal.
const RANK: Record<PlanName, number> = { FREE: 0, STARTER: 1, PRO: 2, ADMIN: 3 };

export interface PlanActionContext {
  /** A signed-in account (not a guest): only accounts can buy a plan. */
  signedIn: boolean;
  current: PlanName | null;
  /** A paid subscription is running: Starter ↔ Pro here, cancelling in Manage Billing. */
  subscribed: boolean;
  /** The plan a confirmed change is moving to, until Stripe's webhook lands. */
  changingTo: PlanName | null;
  billingEnabled: boolean;
  /** The plan whose checkout is being created, so its button spins. */
  pending: PlanName | null;
  upgrade(plan: BillingPlan): void;
  openPortal(): void;
  /** Opens the switch dialog (price first) for another paid plan. */
  switchTo(plan: BillingPlan): void;
}

const full = 'w-full';

/**
 * An upgrade button only for a plan with a price that is not the current
 * one; otherwise 'Current Plan' or 'Contact Sales'. Visitors are sent to sign in first.
 */
export function PlanAction({ plan, ctx }: { plan: BillingPlan; ctx: PlanActionContext }) {
  const navigate = useNavigate();
  const upgradeLabel = `Upgrade to ${plan.label}`;
  const paid = (plan.priceMonthly ?? 0) > 0;

  if (ctx.signedIn && plan.name === ctx.current) {
    return (
      <Button variant="secondary" disabled className={full}>
        Current Plan
      </Button>
    );
  }
  if (ctx.signedIn && ctx.changingTo === plan.name) {
    return (
      <Button disabled loading className={full}>
        Changing…
      </Button>
    );
  }
  const switchable = plan.name === 'STARTER' || plan.name === 'PRO';
  if (ctx.signedIn && ctx.subscribed && switchable && plan.stripePriceId) {
    const lowerPaid = ctx.current !== null && RANK[plan.name] < RANK[ctx.current];
    return (
      <Button
        variant={lowerPaid ? 'secondary' : 'primary'}
        className={full}
        disabled={ctx.changingTo !== null}
        onClick={() => ctx.switchTo(plan)}
      >
        Switch to {plan.label}
      </Button>
    );
  }
  const lower = ctx.current !== null && RANK[plan.name] < RANK[ctx.current];
  if (ctx.signedIn && (lower || ctx.subscribed)) {
    // Free is reached by cancelling, in Stripe's portal; the server refuses a second checkout.
    return (
      <Button variant="secondary" className={full} onClick={ctx.openPortal}>
        Cancel in Manage Billing
      </Button>
    );
  }
  if (paid && !ctx.billingEnabled) {
    // The reason is said once above the cards, so the buttons of all three stay in line.
    return (
      <Button disabled className={full} aria-describedby="billing-unavailable">
        {upgradeLabel}
      </Button>
    );
  }
  if (!ctx.signedIn) {
    return (
      <Button
        variant={paid ? 'primary' : 'secondary'}
        className={full}
        onClick={() => navigate('/auth')}
      >
        {paid ? upgradeLabel : 'Sign up free'}
      </Button>
    );
  }
  if (plan.stripePriceId) {
    return (
      <Button
        className={full}
        loading={ctx.pending === plan.name}
        disabled={ctx.pending !== null}
        onClick={() => ctx.upgrade(plan)}
      >
        {upgradeLabel}
      </Button>
    );
  }
  return (
    <Link to="/contact" className={buttonStyles({ variant: 'secondary', className: full })}>
      Contact Sales
    </Link>
  );
}
