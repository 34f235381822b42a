import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EVENTS, type UserUpdateEvent } from '../../shared/events';
import { billingApi } from '../api/billing';
import { useRealtimeRoom } from './realtime';
import { useSession } from './session';
import { sitesKey } from './sites';

export const billingKey = ['billing'] as const;
export const plansKey = [...billingKey, 'plans'] as const;
export const subscriptionKey = [...billingKey, 'subscription'] as const;

/** Where every upgrade entry point leads: the Billing & Plans tab of Settings. */
export const BILLING_PATH = '/settings?tab=billing';

// Billing data queries do not retry; a failed card says so at once.
export function usePlans() {
  return useQuery({ queryKey: plansKey, queryFn: billingApi.plans, retry: false });
}

/**
 * The plan in force, its subscription and usage: accounts only, guests have no billing, and a
 * server without Stripe answers 503 (`billingEnabled` false), so it is not asked then.
 */
export function useSubscription(billingEnabled: boolean) {
  const { user } = useSession();
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: billingApi.subscription,
    enabled: billingEnabled && Boolean(user && !user.isGuest),
    retry: false,
    staleTime: 0,
  });
}

/** Re-reads the user and everything the plan decides, after the plan changed. */
export function useRefreshPlan() {
  const { refresh } = useSession();
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      refresh(),
      client.invalidateQueries({ queryKey: billingKey }),
      client.invalidateQueries({ queryKey: sitesKey }),
    ]);
  }, [refresh, client]);
}

/**
 * Mounted once for the whole app: a plan changed by a webhook (paid, cancelled, period ended)
 * reaches every open screen through the user's room, so none shows a stale plan until reload.
 */
export function LivePlan() {
  const { user } = useSession();
  const refreshPlan = useRefreshPlan();
  useRealtimeRoom<UserUpdateEvent>(EVENTS.joinUser, user?.id, EVENTS.userUpdate, (event) => {
    if (event.type === 'plan-changed') void refreshPlan();
  });
  return null;
}
