/**
 * A local stand-in for Stripe, for tests: the REAL `stripe` package talks to it when the
 * server under test has STRIPE_API_BASE=<fake.url> (and any STRIPE_SECRET_KEY starting
 * sk_test_). It speaks Stripe's REST wire format (form-encoded bodies with bracket keys,
 * Bearer key, Idempotency-Key, Stripe-shaped objects and errors) and sends webhooks signed
 * exactly as Stripe signs them.
 *
 *   const { stripe, server } = await startServerWithStripe(dialect);  // test/stripe-billed-server.ts
 *
 * API calls served: POST/GET /v1/customers[/:id]; POST/GET /v1/checkout/sessions[/:id]
 * (its `url` is the hosted page /c/pay/:id); POST /v1/billing_portal/sessions (`url`:
 * /p/session/:id); GET /v1/subscriptions?customer=, GET/POST/DELETE /v1/subscriptions/:id
 * (a POST naming `items` moves it to another price, prorated: test/stripe-invoices.ts);
 * POST /v1/invoices/create_preview (the prorated invoice of such a change).
 *
 * Hosted pages: /c/pay/:id shows the plan and price with a 'Pay' button; paying makes an
 * active subscription (a month long), sends checkout.session.completed then
 * customer.subscription.created, and redirects (303) to success_url with the session id.
 * /p/session/:id shows the plan with 'Cancel plan' (cancel at period end, sends
 * customer.subscription.updated; 'Renew plan' undoes it) and 'Return to Artifact Host'.
 *
 * Controls (each returns once its webhooks were delivered):
 *   env                          STRIPE_SECRET_KEY, STRIPE_API_BASE, STRIPE_PRICE_STARTER/PRO
 *   prices                       the prices it sells: STARTER and PRO
 *   setWebhookUrl(url|null)      where events go (null: nowhere; they are still listed)
 *   pay(sessionId)               what the Pay button does; resolves to the redirect URL
 *   cancelAtPeriodEnd(subId)     what 'Cancel plan' does
 *   endPeriod(subId)             the period ends: status canceled, customer.subscription.deleted
 *   failPayment(subId)           a renewal fails: past_due, invoice.payment_failed then
 *                                customer.subscription.updated
 *   sendEvent(type, object)      a new event about `object`, signed and delivered
 *   deliver(event, {signature})  delivers a crafted event as is (e.g. an old one again, or
 *                                with a wrong signature)
 *   failRequests(match|null)     matching API calls answer 400 until cleared
 *   subscription(id)             the stored subscription object (customer(id) likewise)
 *   invoices                     the invoices of plan changes made
 *   holdWebhooks()               holds events until the function it returns is called
 *   calls                        every API call: {method, path, params, idempotencyKey}
 *   deliveries                   every event sent: {event, status (null: unreachable)}
 *   close()
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { planChangeApi } from './stripe-invoices';
import { checkoutPage, portalPage } from './stripe-pages';
import {
  FAKE_PRICES,
  FAKE_SECRET_KEY,
  StripeFailure,
  createFakeStripeStore,
  newId,
  noSuch,
  now,
  parseStripeForm,
  stripeSignature,
  type FakeCall,
  type FakeDelivery,
  type FakeEvent,
  type FakePrice,
  type Obj,
} from './stripe-store';

export { FAKE_PRICES, FAKE_SECRET_KEY, parseStripeForm, stripeSignature };
export type { FakeCall, FakeDelivery, FakeEvent, FakePrice };

export async function startFakeStripe(opts: {
  webhookSecret: string;
  webhookUrl?: string | null;
  prices?: FakePrice[];
}) {
  let webhookUrl = opts.webhookUrl ?? null;
  const idempotent = new Map<string, { status: number; body: string }>();
  const calls: FakeCall[] = [];
  const deliveries: FakeDelivery[] = [];
  let failing: ((method: string, path: string) => boolean) | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let base = '';

  function deliver(event: FakeEvent, o: { signature?: string } = {}): Promise<FakeDelivery> {
    const payload = JSON.stringify(event, null, 2);
    const send = async (): Promise<FakeDelivery> => {
      const record: FakeDelivery = { event, status: null };
      deliveries.push(record);
      if (!webhookUrl) return record;
      try {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': o.signature ?? stripeSignature(payload, opts.webhookSecret),
          },
          body: payload,
        });
        await res.arrayBuffer();
        record.status = res.status;
      } catch {
        // unreachable: recorded with status null, as Stripe would retry later
      }
      return record;
    };
    // In order, one at a time, as a test reading them expects.
    const next = queue.then(send, send);
    queue = next;
    return next;
  }

  const sendEvent = (type: string, object: Obj) =>
    deliver({
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      type,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });

  const store = createFakeStripeStore({
    prices: opts.prices ?? Object.values(FAKE_PRICES),
    sendEvent,
    base: () => base,
  });
  const { prices, customers, sessions, portals, subscriptions } = store;
  const { pay, cancelAtPeriodEnd, endPeriod, failPayment, endsAt, api } = store;

  const server = createServer((req, res) => {
    void handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const html = (status: number, text: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(text);
    const redirect = (to: string) => res.writeHead(303, { location: to }).end();
    const pagePrice = (priceId: string) => prices.get(priceId)!;

    const pay = /^\/c\/pay\/([\w-]+)$/.exec(url.pathname);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return html(404, 'No such checkout session');
      if (method === 'POST') return redirect(await control.pay(session.id));
      return html(
        200,
        checkoutPage({
          sessionId: session.id,
          price: pagePrice(session._price),
          email: customers.get(session.customer)?.email ?? null,
          cancelUrl: session.cancel_url ?? '/',
          complete: session.status === 'complete',
        }),
      );
    }
    const portalMatch = /^\/p\/session\/([\w-]+)(?:\/(cancel|renew))?$/.exec(url.pathname);
    if (portalMatch) {
      const portal = portals.get(portalMatch[1]!);
      if (!portal) return html(404, 'No such portal session');
      if (method === 'POST' && portalMatch[2]) {
        const subId = new URLSearchParams(body).get('subscription') ?? '';
        const sub = subscriptions.get(subId);
        if (sub?.customer === portal.customer)
          await cancelAtPeriodEnd(subId, portalMatch[2] === 'cancel');
        return redirect(`/p/session/${portal.id}`);
      }
      const subs = [...subscriptions.values()].filter(
        (s) => s.customer === portal.customer && s.status !== 'canceled',
      );
      return html(
        200,
        portalPage({
          sessionId: portal.id,
          email: customers.get(portal.customer)?.email ?? null,
          returnUrl: portal.return_url ?? '/',
          subscriptions: subs.map((s) => ({
            id: s.id,
            price: pagePrice(s.items.data[0].price.id),
            status: s.status,
            cancelAtPeriodEnd: s.cancel_at_period_end,
            currentPeriodEnd: endsAt(s),
          })),
        }),
      );
    }

    const json = (status: number, value: unknown) => {
      const text = JSON.stringify(value);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(text);
      return { status, body: text };
    };
    const fail = (e: StripeFailure) =>
      json(e.status, {
        error: { type: e.type, message: e.message, ...(e.code ? { code: e.code } : {}) },
      });
    if (!url.pathname.startsWith('/v1/')) return fail(noSuch('page', url.pathname));
    const auth = /^Bearer (sk_test_\w+)$/.exec(req.headers.authorization ?? '');
    if (!auth) {
      return fail(new StripeFailure(401, 'invalid_request_error', 'Invalid API Key provided.'));
    }
    const params =
      method === 'GET' || method === 'DELETE'
        ? parseStripeForm(url.search.slice(1))
        : parseStripeForm(body);
    const key =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    calls.push({ method, path: url.pathname, params, idempotencyKey: key });
    const replay = key ? idempotent.get(`${method} ${url.pathname} ${key}`) : undefined;
    if (replay) {
      res.writeHead(replay.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
      return res.end(replay.body);
    }
    let answer: { status: number; body: string };
    if (failing?.(method, url.pathname)) {
      answer = fail(new StripeFailure(400, 'invalid_request_error', 'Simulated failure.'));
    } else {
      try {
        answer = json(
          200,
          planChangeApi(store, sendEvent, method, url.pathname, params) ??
            api(method, url.pathname, params),
        );
      } catch (err) {
        if (!(err instanceof StripeFailure)) throw err;
        answer = fail(err);
      }
    }
    if (key && method === 'POST') idempotent.set(`${method} ${url.pathname} ${key}`, answer);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const control = {
    url: base,
    prices: FAKE_PRICES,
    env: {
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_API_BASE: base,
      STRIPE_PRICE_STARTER: FAKE_PRICES.STARTER.id,
      STRIPE_PRICE_PRO: FAKE_PRICES.PRO.id,
    },
    calls,
    deliveries,
    setWebhookUrl: (next: string | null) => {
      webhookUrl = next;
    },
    pay,
    cancelAtPeriodEnd: (id: string) => cancelAtPeriodEnd(id),
    endPeriod,
    failPayment,
    sendEvent,
    deliver,
    failRequests: (match: ((method: string, path: string) => boolean) | null) => {
      failing = match;
    },
    subscription: (id: string): Obj | undefined => subscriptions.get(id),
    customer: (id: string): Obj | undefined => customers.get(id),
    /** Invoices of plan changes made, oldest first. */
    invoices: store.invoices,
    /** Holds every webhook until the returned function is called (a slow Stripe). */
    holdWebhooks: () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      queue = queue.then(() => held);
      return release;
    },
    /** Resolves when every event sent so far was delivered. */
    idle: () => queue.then(() => undefined),
    close: async () => {
      await queue.catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return control;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
