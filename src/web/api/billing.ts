import {
  BillingPlansResponseSchema,
  CheckoutSessionResponseSchema,
  PortalSessionResponseSchema,
  SubscriptionResponseSchema,
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
  createPortal: async (body: CreatePortalSessionRequest) => {
    requireToken();
    return PortalSessionResponseSchema.parse(
      await api<unknown>('/billing/create-portal-session', { body }),
    ).portalUrl;
  },
};
