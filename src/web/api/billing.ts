import {
  BillingPlansResponseSchema,
  CheckoutSessionResponseSchema,
  PlanChangePreviewSchema,
  PlanChangeStartedSchema,
  PortalSessionResponseSchema,
  SubscriptionResponseSchema,
  type ChangePlanRequest,
  type ConfirmCheckoutRequest,
  type CreateCheckoutSessionRequest,
  type CreatePortalSessionRequest,
} from '../../shared/billing';
import { api, ApiRequestError, getToken } from './client';

// Billing: plans, the subscription and the two Stripe hand-offs. Answers are checked
// against the shared shapes so a changed server fails here, not as a half-drawn plan card.

/** Billing calls need a stored token; say so before asking the server. */
function requireToken(): void {
  if (!getToken()) throw new ApiRequestError(401, 'Not authenticated', 'UNAUTHORIZED');
}

export const billingApi = {
  plans: async () => BillingPlansResponseSchema.parse(await api<unknown>('/billing/plans')),
  subscription: async () => {
    requireToken();
    return SubscriptionResponseSchema.parse(await api<unknown>('/billing/subscription'));
  },
  createCheckout: async (body: CreateCheckoutSessionRequest) => {
    requireToken();
    return CheckoutSessionResponseSchema.parse(
      await api<unknown>('/billing/create-checkout-session', { body }),
    ).checkoutUrl;
  },
  confirmCheckout: async (body: ConfirmCheckoutRequest) => {
    requireToken();
    return SubscriptionResponseSchema.parse(
      await api<unknown>('/billing/confirm-checkout', { body }),
    );
  },
  /** What Starter ↔ Pro would cost now, and what a downgrade does; changes nothing. */
  previewPlanChange: async (body: Omit<ChangePlanRequest, 'preview'>) => {
    requireToken();
    return PlanChangePreviewSchema.parse(
      await api<unknown>('/billing/change-plan', { body: { ...body, preview: true } }),
    );
  },
  /** Asks Stripe to change the plan; the plan in force follows with the `plan-changed` event. */
  changePlan: async (body: Omit<ChangePlanRequest, 'preview'>) => {
    requireToken();
    return PlanChangeStartedSchema.parse(await api<unknown>('/billing/change-plan', { body }));
  },
  createPortal: async (body: CreatePortalSessionRequest) => {
    requireToken();
    return PortalSessionResponseSchema.parse(
      await api<unknown>('/billing/create-portal-session', { body }),
    ).portalUrl;
  },
};
