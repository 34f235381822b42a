import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { BillingConfig, Config } from '../../config';
import { billingUnavailable, paymentProviderFailed, type AppError } from '../../errors';

// One client per configuration: it keeps its connections alive between calls.
const clients = new WeakMap<BillingConfig, Stripe>();

/** The official Stripe client for this installation; 503 when billing is not set up. */
export function stripeClient(config: Pick<Config, 'billing'>): Stripe {
  const billing = config.billing;
  if (!billing.secretKey) throw billingUnavailable();
  let client = clients.get(billing);
  if (!client) {
    client = new Stripe(billing.secretKey, {
      // Retries are safe: every POST the client sends carries an idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(billing.apiBase ?? {}),
    });
    clients.set(billing, client);
  }
  return client;
}

/** Runs one Stripe call; its failures become a 502 with words a person understands. */
export async function callStripe<T>(
  log: Logger,
  what: string,
  call: () => Promise<T>,
  /** The error to throw when Stripe says the object does not exist. */
  missing?: () => AppError,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    if (missing && isMissingOnStripe(err)) throw missing();
    // Only these fields: the error object also holds the request's headers.
    log.warn(
      { type: err.type, code: err.code, statusCode: err.statusCode, message: err.message },
      `Stripe could not ${what}`,
    );
    throw paymentProviderFailed(
      `The payment provider could not ${what}. Nothing was changed; please try again in a moment.`,
    );
  }
}

/** True for Stripe's answer that the object asked for does not exist (any more). */
export function isMissingOnStripe(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';
}

/** Settings that leave billing half set up are told once at start, not on every request. */
export function warnAboutBillingSettings(config: Pick<Config, 'billing'>, log: Logger): void {
  const { secretKey, webhookSecret, prices } = config.billing;
  if (!secretKey) return;
  if (!prices.PRO) log.warn('Pro plan price ID not configured (STRIPE_PRICE_PRO)');
  if (!prices.STARTER) log.warn('Starter plan price ID not configured (STRIPE_PRICE_STARTER)');
  if (!webhookSecret) {
    log.warn('STRIPE_WEBHOOK_SECRET not configured: Stripe webhooks will be refused');
  }
}
