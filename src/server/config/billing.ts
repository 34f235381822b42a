import { z } from 'zod';
import { httpUrl } from './values';

// Stripe billing: off while STRIPE_SECRET_KEY is unset, so an installation without paid
// plans needs no Stripe account.

/** Where the Stripe client sends its calls, in the `stripe` package's own option names. */
export interface StripeApiBase {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface BillingConfig {
  /** null: billing is off; every billing call but the plan list answers 503. Never logged. */
  secretKey: string | null;
  /** Verifies the signature of Stripe's webhook calls. Never logged. */
  webhookSecret: string | null;
  /** The Stripe price each paid plan is sold at; null: that plan cannot be bought here. */
  prices: { STARTER: string | null; PRO: string | null };
  /** null: Stripe itself. */
  apiBase: StripeApiBase | null;
}

export const BILLING_VARIABLES = {
  STRIPE_SECRET_KEY: z.string().min(1, 'must not be empty').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1, 'must not be empty').optional(),
  STRIPE_PRICE_STARTER: z.string().min(1, 'must not be empty').optional(),
  STRIPE_PRICE_PRO: z.string().min(1, 'must not be empty').optional(),
  // Tests point the official client at a local fake speaking Stripe's REST API.
  STRIPE_API_BASE: httpUrl().optional(),
};

type BillingVariables = z.infer<z.ZodObject<typeof BILLING_VARIABLES>>;

export function billingConfig(e: BillingVariables): BillingConfig {
  return {
    secretKey: e.STRIPE_SECRET_KEY ?? null,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    prices: { STARTER: e.STRIPE_PRICE_STARTER ?? null, PRO: e.STRIPE_PRICE_PRO ?? null },
    apiBase: stripeApiBase(e.STRIPE_API_BASE),
  };
}

function stripeApiBase(value: string | undefined): StripeApiBase | null {
  if (!value) return null;
  const url = new URL(value);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}
