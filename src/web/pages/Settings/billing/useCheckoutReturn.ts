import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PLANS } from '../../../../shared/plans';
import { billingApi } from '../../../api/billing';
import { errorMessage } from '../../../api/client';
import { subscriptionKey, useRefreshPlan } from '../../../hooks/billing';
import { useToast } from '../../../hooks/toasts';

/**
 * Back from Stripe Checkout (`?checkout=success&session_id=…` or `?checkout=cancelled`): the
 * server reads the session at once, so the new plan shows on arrival even if the webhook is
 * still on its way; then the address loses the parameters so a reload does not confirm twice.
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const notify = useToast();
  const client = useQueryClient();
  const refreshPlan = useRefreshPlan();
  const outcome = params.get('checkout');
  const sessionId = params.get('session_id');
  // Effects run twice in development; the session must be confirmed once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const key = `${outcome}:${sessionId ?? ''}`;
    if (handled.current === key) return;
    handled.current = key;
    setParams({ tab: 'billing' }, { replace: true });
    if (outcome !== 'success' || !sessionId) {
      notify({
        type: 'info',
        title: 'Checkout cancelled',
        message: 'Nothing was charged; your plan is unchanged.',
      });
      return;
    }
    billingApi
      .confirmCheckout({ sessionId })
      .then(async (answer) => {
        client.setQueryData(subscriptionKey, answer);
        await refreshPlan();
        notify({
          type: 'success',
          title: `Welcome to ${PLANS[answer.plan].label}!`,
          message: `Your account is now on the ${PLANS[answer.plan].label} plan.`,
        });
      })
      .catch((err: unknown) =>
        notify({
          type: 'error',
          title: 'Could not confirm your payment',
          message: errorMessage(err, 'Failed to confirm checkout'),
        }),
      );
  }, [outcome, sessionId, setParams, notify, client, refreshPlan]);
}
