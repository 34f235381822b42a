import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { stripeClient } from '../../../integrations/stripe/stripe-client';
import type { AppContext } from '../../../context';
import { applyStripeEvent } from '../../../domain/billing/billing-sync';
import { AppError, badRequest } from '../../../errors';

/**
 * POST /api/billing/webhook: Stripe's server calls it, unauthenticated; the signature over
 * the exact bytes sent is the proof. The raw-body parser lives in this plugin alone, so every
 * other route keeps parsing JSON. No cookie comes with the call, so the cross-site check
 * leaves it alone, and no rate limit is named for it.
 */
export function stripeWebhookRoute(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post('/webhook', { bodyLimit: 1024 * 1024 }, async (request) => {
      const secret = ctx.config.billing.webhookSecret;
      if (!secret) {
        throw new AppError(
          503,
          'BILLING_UNAVAILABLE',
          'Stripe webhooks are not set up on this server (STRIPE_WEBHOOK_SECRET is unset).',
        );
      }
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) {
        throw badRequest('Missing Stripe-Signature header.');
      }
      if (!Buffer.isBuffer(request.body)) throw badRequest('Missing webhook body.');
      let event: Stripe.Event;
      try {
        event = stripeClient(ctx.config).webhooks.constructEvent(request.body, signature, secret);
      } catch {
        request.log.warn('a Stripe webhook call with a bad signature was refused');
        throw badRequest('Invalid Stripe signature.');
      }
      // A failure answers 5xx, so Stripe delivers the event again later.
      await applyStripeEvent(ctx, event);
      return { received: true };
    });
  };
}
