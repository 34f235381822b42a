// The fake Stripe's hosted pages (test/stripe-server.ts): plain HTML forms, styled enough to
// read in a browser test's screenshot, with the words and buttons the real pages have.

export interface PagePrice {
  name: string;
  unitAmount: number;
  currency: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const money = (amount: number, currency: string) =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(amount / 100).toFixed(2)}`;

const day = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f9fc;color:#1a1f36}
main{max-width:440px;margin:64px auto;background:#fff;border-radius:12px;padding:32px;
box-shadow:0 2px 12px rgba(50,50,93,.12)}
h1{font-size:20px;margin:0 0 4px}.muted{color:#697386;font-size:14px}
.price{font-size:32px;font-weight:700;margin:16px 0}.price small{font-size:14px;color:#697386;font-weight:400}
label{display:block;font-size:13px;color:#3c4257;margin:16px 0 6px}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #d5dbe1;border-radius:6px;font-size:15px}
button{width:100%;margin-top:24px;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;
font-size:16px;font-weight:600;cursor:pointer}button.danger{background:#df1b41}
a{color:#635bff}.card{border:1px solid #e3e8ee;border-radius:8px;padding:16px;margin:16px 0}
.badge{display:inline-block;font-size:12px;padding:2px 8px;border-radius:10px;background:#d7f7c2;color:#05690d}
.badge.warn{background:#fcedb9;color:#a82c00}.test{font-size:12px;color:#a82c00;margin-bottom:16px}
</style></head><body><main><div class="test">TEST MODE: a local stand-in for Stripe</div>${body}</main></body></html>`;
}

export function checkoutPage(input: {
  sessionId: string;
  price: PagePrice;
  email: string | null;
  cancelUrl: string;
  complete: boolean;
}): string {
  const { price } = input;
  if (input.complete) {
    return page('Paid', `<h1>This checkout is already paid</h1><p class="muted">Thank you.</p>`);
  }
  return page(
    `Subscribe to Artifact Host ${price.name}`,
    `<h1>Subscribe to Artifact Host ${escape(price.name)}</h1>
<div class="price">${money(price.unitAmount, price.currency)} <small>per month</small></div>
<form method="post" action="/c/pay/${escape(input.sessionId)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" value="${escape(input.email ?? '')}">
<label for="card">Card information</label>
<input id="card" name="card" value="4242 4242 4242 4242" autocomplete="off">
<button type="submit">Pay</button></form>
<p class="muted"><a href="${escape(input.cancelUrl)}">&larr; Back</a></p>`,
  );
}

export interface PortalSubscription {
  id: string;
  price: PagePrice;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
}

export function portalPage(input: {
  sessionId: string;
  email: string | null;
  returnUrl: string;
  subscriptions: PortalSubscription[];
}): string {
  const plans = input.subscriptions.map((s) => {
    const action = `/p/session/${escape(input.sessionId)}/${s.cancelAtPeriodEnd ? 'renew' : 'cancel'}`;
    const when = s.cancelAtPeriodEnd
      ? `Your plan will be canceled on ${day(s.currentPeriodEnd)}.`
      : `Renews on ${day(s.currentPeriodEnd)}.`;
    const badge =
      s.status === 'active'
        ? '<span class="badge">Active</span>'
        : `<span class="badge warn">${escape(s.status)}</span>`;
    return `<div class="card"><strong>Artifact Host ${escape(s.price.name)}</strong> ${badge}
<div class="price">${money(s.price.unitAmount, s.price.currency)} <small>per month</small></div>
<p class="muted">${when}</p>
<form method="post" action="${action}"><input type="hidden" name="subscription" value="${escape(s.id)}">
${s.cancelAtPeriodEnd ? '<button type="submit">Renew plan</button>' : '<button class="danger" type="submit">Cancel plan</button>'}
</form></div>`;
  });
  return page(
    'Manage your billing',
    `<h1>Manage your billing</h1><p class="muted">${escape(input.email ?? '')}</p>
${plans.join('') || '<p>You have no current plan.</p>'}
<p><a href="${escape(input.returnUrl)}">Return to Artifact Host</a></p>`,
  );
}
