import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { registerVerifiedUser, type TestServer } from '../test/server';
import { startServerWithStripe } from '../test/stripe-billed-server';
import { FAKE_PRICES, type FakeStripe } from '../test/stripe-server';
import { waitUntil } from '../test/wait';

// Starter → Pro → Starter from Settings, as a subscriber does it: Stripe's prorated price
// before confirming, "Changing…" until the webhook lands, then the new plan on every open page.
/** Waits until `text` is on screen; on failure says what the screen shows instead. */
async function shows(page: Page, text: string | RegExp, timeout = 30_000) {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout });
  } catch (err) {
    const screen = await page.locator('body').innerText().catch(String);
    throw new Error(`'${text}' did not show on ${page.url()}; the screen says:\n${screen}`, {
      cause: err,
    });
  }
}

const planCard = (page: Page, label: string) => page.getByRole('group', { name: `${label} plan` });
const currentPlan = (page: Page) => page.getByTestId('current-plan');

describe('plan changes in the app: Starter → Pro → Starter', () => {
  let fake: FakeStripe;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    ({ stripe: fake, server } = await startServerWithStripe('sqlite'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  it('previews the proration, shows Changing… until Stripe confirms, and moves every open page', async () => {
    const { token } = await registerVerifiedUser(server, { name: 'Sam Switcher' });
    const deployed = await deployCode(server, token, uniqueSubdomain('switch'), htmlArtifact('S'));
    await waitForDeployment(server, token, deployed.body.deployment.id);
    const siteId = deployed.body.site.id as string;
    const domain = `www.switch-${Date.now().toString(36)}.com`;
    const started = await server.api('POST', '/api/billing/create-checkout-session', {
      token,
      body: { priceId: FAKE_PRICES.STARTER.id },
    });
    await fake.pay(started.body.checkoutUrl.split('/').pop());
    await waitUntil(
      async () =>
        (await server.api('GET', '/api/billing/subscription', { token })).body.plan === 'STARTER',
      { what: 'STARTER' },
    );
    const added = await server.api('POST', `/api/sites/${siteId}/domain`, {
      token,
      body: { domain },
    });
    expect(added.status).toBe(200);

    const app = server.ctx.config.appOrigin;
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const settings = await context.newPage();
    await settings.goto(app);
    await settings.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await settings.goto(`${app}/settings?tab=billing`);
    await expect.poll(() => currentPlan(settings).textContent()).toBe('Starter');
    // The second open screen: the dashboard, in another tab of the same browser.
    const dashboard = await context.newPage();
    await dashboard.goto(`${app}/dashboard`);
    await shows(dashboard, 'Starter plan');

    // Up to Pro: the price for the rest of the month, before anything is charged.
    await planCard(settings, 'Pro').getByRole('button', { name: 'Switch to Pro' }).click();
    const up = settings.getByRole('dialog', { name: 'Switch to Pro' });
    const due = up.getByTestId('amount-due');
    await due.waitFor({ state: 'visible' });
    // Almost the whole month is left: about $5.00, Pro's $9.99 less Starter's $4.99.
    expect(await due.textContent()).toMatch(/^\$(4\.9\d|5\.00)$/);
    const charged = (await due.textContent())!;
    expect(await up.textContent()).toContain('$9.99 a month for Pro');
    await screenshotScreen(settings, 'plan-change-upgrade');

    // Stripe is slow to confirm: the screen says the change is under way, not that it is done.
    const release = fake.holdWebhooks();
    await up.getByRole('button', { name: `Pay ${charged} and switch` }).click();
    await shows(settings, /Changing to Pro…/);
    expect(await currentPlan(settings).textContent()).toBe('Starter');
    expect(
      await planCard(settings, 'Pro').getByRole('button', { name: 'Changing…' }).isDisabled(),
    ).toBe(true);
    release();
    await expect.poll(() => currentPlan(settings).textContent(), { timeout: 30_000 }).toBe('Pro');
    await shows(dashboard, 'Pro plan · Unlimited sites');
    expect(await settings.getByText(/Changing to Pro…/).count()).toBe(0);
    expect(fake.invoices.at(-1)!.amount_paid).toBe(Math.round(Number(charged.slice(1)) * 100));

    // Down to Starter: first what happens to the account, and the credit for unused time.
    await planCard(settings, 'Starter').getByRole('button', { name: 'Switch to Starter' }).click();
    const down = settings.getByRole('dialog', { name: 'Switch to Starter' });
    await down.getByTestId('amount-due').waitFor({ state: 'visible' });
    expect(await down.getByTestId('amount-due').textContent()).toBe('$0.00');
    const words = (await down.textContent()) ?? '';
    expect(words).toContain('What changes on Starter');
    expect(words).toContain('The Starter plan holds up to 15 sites; you have 1');
    expect(words).toContain(
      'Your 1 custom domain keeps serving with its certificate: the Starter plan includes custom domains.',
    );
    expect(words).toMatch(/Credit for the unused time on Pro\$\d+\.\d\d/);
    await screenshotScreen(settings, 'plan-change-downgrade');
    await down.getByRole('button', { name: 'Switch to Starter' }).click();
    await expect
      .poll(() => currentPlan(settings).textContent(), { timeout: 30_000 })
      .toBe('Starter');
    await shows(dashboard, 'Starter plan');
    expect(await dashboard.getByText('Pro plan · Unlimited sites').count()).toBe(0);
    expect(
      await planCard(settings, 'Pro').getByRole('button', { name: 'Switch to Pro' }).isEnabled(),
    ).toBe(true);

    // Later the subscription ends: on Free, the site page says what becomes of its domain.
    const subscriptionId = fake.invoices.at(-1)!.parent.subscription_details.subscription;
    await fake.endPeriod(subscriptionId);
    await shows(dashboard, 'Free plan');
    await dashboard.goto(`${app}/sites/${siteId}`);
    await shows(dashboard, `${domain} does not serve this site.`);
    expect(await dashboard.getByRole('button', { name: 'Verify', exact: true }).count()).toBe(0);
    expect(await dashboard.getByRole('button', { name: 'Remove' }).isEnabled()).toBe(true);
    await screenshotScreen(dashboard, 'plan-change-free-domain');
  });
});
