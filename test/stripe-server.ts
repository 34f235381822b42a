/**
 * A local stand-in for Stripe, for tests: the REAL `stripe` package talks to it when the
 * server under test has STRIPE_API_BASE=<fake.url> (and any STRIPE_SECRET_KEY starting
 * sk_test_). It speaks Stripe's REST wire format (form-encoded bodies with bracket keys,
 * Bearer key, Idempotency-Key, Stripe-shaped objects and errors) and sends webhooks signed
 * exactly as Stripe signs them.
 *
 *   const stripe = await startFakeStripe({ webhookSecret: 'whsec_test' });
 *   const server = await startTestServer(dialect, { ...stripe.env, STRIPE_WEBHOOK_SECRET: 'whsec_test' });
 *   stripe.setWebhookUrl(`${server.url}/api/billing/webhook`);
 *
 * API calls served: POST/GET /v1/customers[/:id]; POST/GET /v1/checkout/sessions[/:id]
 * (its `url` is the hosted page /c/pay/:id); POST /v1/billing_portal/sessions (`url`:
 * /p/session/:id); GET /v1/subscriptions?customer=, GET/POST/DELETE /v1/subscriptions/:id.
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
 *   subscription(id)             the stored subscription object
 *   calls                        every API call: {method, path, params, idempotencyKey}
 *   deliveries                   every event sent: {event, status (null: unreachable)}
 *   close()
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage, portalPage, type PagePrice } from './stripe-pages';

type Obj = Record<string, any>;
export interface FakePrice extends PagePrice {
  id: string;
}
export interface FakeCall {
  method: string;
  path: string;
  params: Obj;
  idempotencyKey: string | null;
}
export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Obj };
  [key: string]: unknown;
}
export interface FakeDelivery {
  event: FakeEvent;
  status: number | null;
}

export const FAKE_PRICES: Record<'STARTER' | 'PRO', FakePrice> = {
  STARTER: { id: 'price_starter_test', name: 'Starter', unitAmount: 499, currency: 'usd' },
  PRO: { id: 'price_pro_test', name: 'Pro', unitAmount: 999, currency: 'usd' },
};
export const FAKE_SECRET_KEY = 'sk_test_fake_stripe_key';

/** Bracket keys (`line_items[0][price]`, `metadata[userId]`) into nested objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = m ? [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)] : [key];
    let node: any = out;
    path.forEach((seg, i) => {
      const k = seg === '' && Array.isArray(node) ? node.length : seg;
      if (i === path.length - 1) {
        node[k] = value;
        return;
      }
      node[k] ??= /^\d*$/.test(path[i + 1]!) ? [] : {};
      node = node[k];
    });
  }
  return out;
}

/** The Stripe-Signature header Stripe sends with `payload`. */
export function stripeSignature(payload: string, secret: string, t = now()): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const MONTH = 30 * 24 * 60 * 60;

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
const noSuch = (what: string, id: string) =>
  new StripeFailure(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing');

export async function startFakeStripe(opts: {
  webhookSecret: string;
  webhookUrl?: string | null;
  prices?: FakePrice[];
}) {
  let webhookUrl = opts.webhookUrl ?? null;
  const prices = new Map((opts.prices ?? Object.values(FAKE_PRICES)).map((p) => [p.id, p]));
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const portals = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const calls: FakeCall[] = [];
  const deliveries: FakeDelivery[] = [];
  let failing: ((method: string, path: string) => boolean) | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let base = '';

  const priceObject = (p: FakePrice) => ({
    id: p.id,
    object: 'price',
    active: true,
    currency: p.currency,
    unit_amount: p.unitAmount,
    nickname: p.name,
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
  });

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

  function subscriptionOf(id: string): Obj {
    const sub = subscriptions.get(id);
    if (!sub) throw noSuch('subscription', id);
    return sub;
  }

  async function pay(sessionId: string): Promise<string> {
    const session = sessions.get(sessionId);
    if (!session) throw noSuch('checkout.session', sessionId);
    if (session.status !== 'complete') {
      const t = now();
      const price = prices.get(session._price)!;
      const sub: Obj = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: t,
        start_date: t,
        livemode: false,
        metadata: { ...(session._subscriptionMetadata ?? {}) },
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price: priceObject(price),
              quantity: 1,
              current_period_start: t,
              current_period_end: t + MONTH,
            },
          ],
          has_more: false,
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      void sendEvent('checkout.session.completed', publicSession(session));
      await sendEvent('customer.subscription.created', sub);
    }
    return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
  }

  async function change(id: string, fields: Obj, type: string): Promise<Obj> {
    const sub = subscriptionOf(id);
    Object.assign(sub, fields);
    await sendEvent(type, sub);
    return sub;
  }
  const endsAt = (sub: Obj) => sub.items.data[0].current_period_end as number;
  const cancelAtPeriodEnd = (id: string, on = true) => {
    const sub = subscriptionOf(id);
    return change(
      id,
      {
        cancel_at_period_end: on,
        cancel_at: on ? endsAt(sub) : null,
        canceled_at: on ? now() : null,
      },
      'customer.subscription.updated',
    );
  };
  const endPeriod = (id: string) =>
    change(
      id,
      { status: 'canceled', ended_at: now(), canceled_at: subscriptionOf(id).canceled_at ?? now() },
      'customer.subscription.deleted',
    );
  async function failPayment(id: string) {
    const sub = subscriptionOf(id);
    const price = sub.items.data[0].price;
    sub.status = 'past_due';
    void sendEvent('invoice.payment_failed', {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      amount_due: price.unit_amount,
      currency: price.currency,
      attempt_count: 1,
      next_payment_attempt: now() + 3 * 24 * 60 * 60,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    });
    return change(id, {}, 'customer.subscription.updated');
  }

  function publicSession(s: Obj): Obj {
    return Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith('_')));
  }

  /** One API call: the object to answer, or a StripeFailure. */
  function api(method: string, path: string, params: Obj): Obj {
    const [, , resource, id, extra] = path.split('/');
    const t = now();
    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: t,
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (resource === 'customers' && method === 'GET' && id) {
      return (
        customers.get(id) ??
        (() => {
          throw noSuch('customer', id);
        })()
      );
    }
    if (resource === 'checkout' && id === 'sessions') {
      if (method === 'POST' && !extra) {
        const item = params.line_items?.[0];
        if (!customers.has(params.customer)) throw noSuch('customer', String(params.customer));
        if (!item || !prices.has(item.price)) throw noSuch('price', String(item?.price));
        if (params.mode !== 'subscription' || !params.success_url) {
          throw new StripeFailure(400, 'invalid_request_error', 'Missing mode or success_url.');
        }
        const sid = newId('cs_test');
        const session: Obj = {
          id: sid,
          object: 'checkout.session',
          mode: params.mode,
          customer: params.customer,
          client_reference_id: params.client_reference_id ?? null,
          metadata: params.metadata ?? {},
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          success_url: params.success_url,
          cancel_url: params.cancel_url ?? null,
          url: `${base}/c/pay/${sid}`,
          created: t,
          livemode: false,
          _price: item.price,
          _subscriptionMetadata: params.subscription_data?.metadata ?? {},
        };
        sessions.set(sid, session);
        return publicSession(session);
      }
      const session = extra ? sessions.get(extra) : undefined;
      if (method === 'GET' && session) return publicSession(session);
      throw noSuch('checkout.session', String(extra));
    }
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      if (!customers.has(params.customer)) throw noSuch('customer', String(params.customer));
      const pid = newId('bps');
      const portal = {
        id: pid,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: `${base}/p/session/${pid}`,
        created: t,
        livemode: false,
      };
      portals.set(pid, portal);
      return portal;
    }
    if (resource === 'subscriptions' && !id && method === 'GET') {
      const data = [...subscriptions.values()].filter(
        (s) =>
          (!params.customer || s.customer === params.customer) &&
          (params.status === 'all' ? true : s.status !== 'canceled'),
      );
      return { object: 'list', url: '/v1/subscriptions', has_more: false, data };
    }
    if (resource === 'subscriptions' && id) {
      const sub = subscriptionOf(id);
      if (method === 'GET') return sub;
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: t, ended_at: t });
        void sendEvent('customer.subscription.deleted', sub);
        return sub;
      }
      if (method === 'POST') {
        if ('cancel_at_period_end' in params) {
          const on = params.cancel_at_period_end === 'true';
          Object.assign(sub, { cancel_at_period_end: on, cancel_at: on ? endsAt(sub) : null });
        }
        if (params.metadata) sub.metadata = { ...sub.metadata, ...params.metadata };
        void sendEvent('customer.subscription.updated', sub);
        return sub;
      }
    }
    throw new StripeFailure(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

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
        answer = json(200, api(method, url.pathname, params));
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
