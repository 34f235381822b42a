// The objects of the fake Stripe (test/stripe-server.ts) and what its API calls and controls
// do to them; the HTTP side, webhook delivery and hosted pages live there.
import { createHmac, randomBytes } from 'node:crypto';
import type { PagePrice } from './stripe-pages';

export type Obj = Record<string, any>;
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

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const MONTH = 30 * 24 * 60 * 60;

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
export const noSuch = (what: string, id: string) =>
  new StripeFailure(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing');

export function createFakeStripeStore(opts: {
  prices: FakePrice[];
  sendEvent: (type: string, object: Obj) => Promise<unknown>;
  base: () => string;
}) {
  const { sendEvent } = opts;
  const prices = new Map(opts.prices.map((p) => [p.id, p]));
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const portals = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  /** Invoices of plan changes made (test/stripe-invoices.ts), oldest first. */
  const invoices: Obj[] = [];

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
        balance: 0,
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
          url: `${opts.base()}/c/pay/${sid}`,
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
        url: `${opts.base()}/p/session/${pid}`,
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

  return {
    prices,
    customers,
    sessions,
    portals,
    subscriptions,
    invoices,
    priceObject,
    pay,
    cancelAtPeriodEnd,
    endPeriod,
    failPayment,
    endsAt,
    publicSession,
    api,
  };
}
