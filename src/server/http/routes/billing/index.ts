import type { FastifyPluginAsync } from 'fastify';
import {
  ConfirmCheckoutRequestSchema,
  CreateCheckoutSessionRequestSchema,
  CreatePortalSessionRequestSchema,
  type BillingPlansResponse,
  type CheckoutSessionResponse,
  type PortalSessionResponse,
  type SubscriptionResponse,
} from '../../../../shared/billing';
import type { AppContext } from '../../../context';
import {
  billingPlans,
  confirmCheckout,
  openBillingPortal,
  startCheckout,
  subscriptionOf,
} from '../../../domain/billing';
import { billingUnavailable } from '../../../errors';
import { requireUser } from '../../auth';
import { stripeWebhookRoute } from './webhook';

// Billing: plans, Checkout, the portal, and Stripe's webhook.
export function billingRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // The plan list still answers, so the app can say why upgrading is not possible.
    app.addHook('onRequest', async (request) => {
      if (ctx.config.billing.secretKey) return;
      if (request.routeOptions.url === '/api/billing/plans') return;
      throw billingUnavailable();
    });

    app.get('/plans', async () => billingPlans(ctx.config) satisfies BillingPlansResponse);

    app.get('/subscription', async (request) => {
      const user = requireUser(request);
      return (await subscriptionOf(ctx, user)) satisfies SubscriptionResponse;
    });

    app.post('/create-checkout-session', async (request) => {
      const user = requireUser(request);
      const { priceId } = CreateCheckoutSessionRequestSchema.parse(request.body ?? {});
      return (await startCheckout(ctx, user, priceId)) satisfies CheckoutSessionResponse;
    });

    app.post('/confirm-checkout', async (request) => {
      const user = requireUser(request);
      const { sessionId } = ConfirmCheckoutRequestSchema.parse(request.body ?? {});
      return (await confirmCheckout(ctx, user, sessionId)) satisfies SubscriptionResponse;
    });

    app.post('/create-portal-session', async (request) => {
      const user = requireUser(request);
      const { returnUrl } = CreatePortalSessionRequestSchema.parse(request.body ?? {});
      return (await openBillingPortal(ctx, user, returnUrl)) satisfies PortalSessionResponse;
    });

    await app.register(stripeWebhookRoute(ctx));
  };
}
