import type { Dialect } from '../src/server/db/database';
import { startTestServer, type TestServer } from './server';
import { startFakeStripe, type FakeStripe } from './stripe-server';

const WEBHOOK_SECRET = 'whsec_test_billing';

/**
 * A server billing through the local Stripe stand-in, whose webhooks reach it (signed with
 * the secret the server knows). The caller closes both.
 */
export async function startServerWithStripe(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<{ stripe: FakeStripe; server: TestServer }> {
  const stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  const server = await startTestServer(dialect, {
    ...stripe.env,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...env,
  });
  stripe.setWebhookUrl(`${server.url}/api/billing/webhook`);
  return { stripe, server };
}
