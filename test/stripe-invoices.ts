// The fake Stripe's plan changes (test/stripe-server.ts): a subscription item moved to another
// price mid-period, with the proration Stripe works out: a credit for the unused time on the
// old price, a charge for the rest of the period on the new one, settled against the
// customer's balance (negative: credit) when `always_invoice` bills it at once.
import { newId, noSuch, now, StripeFailure, type FakePrice, type Obj } from './stripe-store';

export interface PriceChange {
  sub: Obj;
  itemId: string;
  price: FakePrice;
  prorationDate: number;
  behavior: string;
}

/** Reads `subscription_details` (a preview) or an update's own params into one change. */
export function priceChangeOf(
  sub: Obj,
  params: Obj,
  prices: Map<string, FakePrice>,
): PriceChange | null {
  const item = params.items?.[0];
  if (!item) return null;
  const own = sub.items.data[0];
  if (item.id !== own.id) throw noSuch('subscription_item', String(item.id));
  const price = prices.get(item.price);
  if (!price) throw noSuch('price', String(item.price));
  const t = now();
  const prorationDate = params.proration_date ? Number(params.proration_date) : t;
  if (prorationDate < own.current_period_start || prorationDate > own.current_period_end) {
    throw new StripeFailure(
      400,
      'invalid_request_error',
      'proration_date must be within the current period of the subscription.',
    );
  }
  return {
    sub,
    itemId: own.id,
    price,
    prorationDate,
    behavior: params.proration_behavior ?? 'create_prorations',
  };
}

/** The invoice a change makes, as `POST /v1/invoices/create_preview` answers it. */
export function prorationInvoice(change: PriceChange, customer: Obj): Obj {
  const item = change.sub.items.data[0];
  const { current_period_start: start, current_period_end: end } = item;
  const share = (end - change.prorationDate) / (end - start);
  const line = (amount: number, description: string, priceId: string) => ({
    id: newId('il_tmp'),
    object: 'line_item',
    amount,
    currency: change.price.currency,
    description,
    period: { start: change.prorationDate, end },
    pricing: { price_details: { price: priceId } },
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: {
        subscription: change.sub.id,
        subscription_item: item.id,
        proration: true,
      },
    },
  });
  const lines = [
    line(
      -Math.round(item.price.unit_amount * share),
      `Unused time on ${item.price.nickname}`,
      item.price.id,
    ),
    line(
      Math.round(change.price.unitAmount * share),
      `Remaining time on ${change.price.name}`,
      change.price.id,
    ),
  ];
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  const startingBalance = Number(customer.balance ?? 0);
  // Only `always_invoice` bills the prorations now; otherwise they wait for the renewal.
  const settled = change.behavior === 'always_invoice' ? total + startingBalance : startingBalance;
  return {
    id: `upcoming_${newId('in')}`,
    object: 'invoice',
    customer: customer.id,
    currency: change.price.currency,
    status: 'draft',
    billing_reason: 'subscription_update',
    lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/upcoming/lines' },
    subtotal: total,
    total,
    starting_balance: startingBalance,
    ending_balance: settled < 0 ? settled : 0,
    amount_due: settled > 0 ? settled : 0,
    period_start: change.prorationDate,
    period_end: change.prorationDate,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: change.sub.id, metadata: change.sub.metadata },
    },
    subscription_proration_date: change.prorationDate,
    created: now(),
    livemode: false,
  };
}

/** Moves the subscription to the new price; the customer's balance keeps what was settled. */
export function applyPriceChange(change: PriceChange, customer: Obj, priceObject: Obj): Obj {
  const invoice = prorationInvoice(change, customer);
  if (change.behavior === 'always_invoice') customer.balance = invoice.ending_balance;
  const item = change.sub.items.data[0];
  item.price = priceObject;
  return { ...invoice, id: newId('in'), status: 'paid', amount_paid: invoice.amount_due };
}

/**
 * The API calls of a plan change: `POST /v1/invoices/create_preview` and a
 * `POST /v1/subscriptions/:id` that names `items`. Anything else: undefined, for the store.
 */
export function planChangeApi(
  store: {
    prices: Map<string, FakePrice>;
    customers: Map<string, Obj>;
    subscriptions: Map<string, Obj>;
    priceObject: (p: FakePrice) => Obj;
    invoices: Obj[];
  },
  sendEvent: (type: string, object: Obj) => Promise<unknown>,
  method: string,
  path: string,
  params: Obj,
): Obj | undefined {
  if (method !== 'POST') return undefined;
  const customerOf = (sub: Obj) => {
    const customer = store.customers.get(sub.customer);
    if (!customer) throw noSuch('customer', String(sub.customer));
    return customer;
  };
  if (path === '/v1/invoices/create_preview') {
    const sub = store.subscriptions.get(String(params.subscription));
    if (!sub) throw noSuch('subscription', String(params.subscription));
    if (params.customer && params.customer !== sub.customer) {
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'The subscription is not this customer’s.',
      );
    }
    const change = priceChangeOf(sub, params.subscription_details ?? {}, store.prices);
    if (!change) {
      throw new StripeFailure(400, 'invalid_request_error', 'Nothing to preview: no items given.');
    }
    return prorationInvoice(change, customerOf(sub));
  }
  const m = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
  if (!m || !params.items) return undefined;
  const sub = store.subscriptions.get(m[1]!);
  if (!sub) throw noSuch('subscription', m[1]!);
  if (sub.status === 'canceled') {
    throw new StripeFailure(
      400,
      'invalid_request_error',
      'A canceled subscription cannot be updated.',
    );
  }
  const change = priceChangeOf(sub, params, store.prices)!;
  store.invoices.push(applyPriceChange(change, customerOf(sub), store.priceObject(change.price)));
  sub.pending_update = null;
  void sendEvent('customer.subscription.updated', sub);
  return sub;
}
