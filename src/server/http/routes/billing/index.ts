import type { FastifyPluginAsync } from 'fastify';
import {
  ChangePlanRequestSchema,
  ConfirmCheckoutRequestSchema,
  CreateCheckoutSessionRequestSchema,
  CreatePortalSessionRequestSchema,
  type BillingPlansResponse,
  type CheckoutSessionResponse,
  type PlanChangePreview,
  type PlanChangeStarted,
  type PortalSessionResponse,
  type SubscriptionResponse,
} from '../../../../shared/billing';
import type { AppContext } from '../../../context';
import {
  confirmCheckout,
  openBillingPortal,
  startCheckout,
  subscriptionOf,
} from '../../../domain/billing/billing';
import { applyPlanChange, previewPlanChange } from '../../../domain/billing/plan-change';
import { billingUnavailable } from '../../../errors';
import { presentBillingPlans, presentSubscription } from '../../../presenters/billing';
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

    app.get('/plans', async () => presentBillingPlans(ctx.config) satisfies BillingPlansResponse);

    app.get('/subscription', async (request) => {
      const user = requireUser(request);
      return presentSubscription(await subscriptionOf(ctx, user)) satisfies SubscriptionResponse;
    });

    app.post('/create-checkout-session', async (request) => {
      const user = requireUser(request);
      const { priceId } = CreateCheckoutSessionRequestSchema.parse(request.body ?? {});
      const checkoutUrl = await startCheckout(ctx, user, priceId);
      return { checkoutUrl } satisfies CheckoutSessionResponse;
    });

    app.post('/confirm-checkout', async (request) => {
      const user = requireUser(request);
      const { sessionId } = ConfirmCheckoutRequestSchema.parse(request.body ?? {});
      const standing = await confirmCheckout(ctx, user, sessionId);
      return presentSubscription(standing) satisfies SubscriptionResponse;
    });

    app.post('/create-portal-session', async (request) => {
      const user = requireUser(request);
      const { returnUrl } = CreatePortalSessionRequestSchema.parse(request.body ?? {});
      const portalUrl = await openBillingPortal(ctx, user, returnUrl);
      return { portalUrl } satisfies PortalSessionResponse;
    });

    // Starter ↔ Pro: the price first (`preview`), then the change; the webhook moves the plan.
    app.post(
      '/change-plan',
      { config: { action: 'billing.change-plan' } },
      async (request, reply) => {
        const user = requireUser(request);
        const body = ChangePlanRequestSchema.parse(request.body ?? {});
        if (body.preview) {
          return (await previewPlanChange(ctx, user, body)) satisfies PlanChangePreview;
        }
        const started = await applyPlanChange(ctx, user, body);
        return reply.code(202).send(started satisfies PlanChangeStarted);
      },
    );

    await app.register(stripeWebhookRoute(ctx));
  };
}
