import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../test/deploy';
import {
  registerVerifiedUser,
  registerUserOnPlan,
  startTestServer,
  type TestServer,
} from '../test/server';
import { startServerWithStripe } from '../test/stripe-billed-server';
import { type FakeStripe } from '../test/stripe-server';

// The whole upgrade and cancel journey as a person goes through it: the real server, the real
// `stripe` package, and a local stand-in for Stripe's API, hosted pages and signed webhooks.
/**
 * The app's own origin (localhost), not the 127.0.0.1 of server.url: Stripe returns the
 * browser there, the portal's return address must be on it, and the token is kept per origin.
 */
const appUrl = (server: TestServer) => server.ctx.config.appOrigin;

async function openPage(browser: Browser, server: TestServer, token: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(appUrl(server));
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  return { context, page };
}

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

/** The plan label in the account menu, opened and closed again. */
async function menuPlan(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: 'Account menu' });
  await button.click();
  const menu = page.getByRole('menu');
  const text = (await menu.textContent()) ?? '';
  await button.click();
  return text;
}

describe('billing: upgrade, cancel and the end of the period in the browser', () => {
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

  it('takes a FREE user at the limit to Pro through Checkout, and back to Free after cancelling', async () => {
    const { token } = await registerVerifiedUser(server, { name: 'Pat Payer' });
    const sites: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const subdomain = uniqueSubdomain(`paid-${n}`);
      const res = await deployCode(server, token, subdomain, htmlArtifact(`Site ${n}`));
      expect(res.status).toBe(201);
      expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe(
        'SUCCESS',
      );
      sites.push(subdomain);
    }
    const opened = await openPage(browser, server, token);
    context = opened.context;
    const page = opened.page;

    // A fourth site on FREE: refused, with the way to upgrade.
    const deployFourth = async (subdomain: string) => {
      await page.goto(`${appUrl(server)}/upload`);
      await page.getByLabel('Your code').fill(htmlArtifact('The fourth'));
      await page.getByLabel('Subdomain').fill(subdomain);
      await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    };
    const fourth = uniqueSubdomain('paid-4');
    await deployFourth(fourth);
    const limit = page.getByRole('dialog', { name: 'Plan Limit Reached' });
    await expect.poll(() => limit.isVisible()).toBe(true);
    expect(await limit.textContent()).toContain(
      "You've reached the limit of 3 sites on the FREE plan.",
    );
    await limit.getByRole('button', { name: 'Upgrade to Pro' }).click();

    // Settings opens on Billing & Plans, FREE marked as the current plan.
    await page.waitForURL((url) => url.pathname === '/settings');
    const billingTab = page.getByRole('tab', { name: 'Billing & Plans' });
    await expect.poll(() => billingTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => currentPlan(page).textContent()).toBe('Free');
    expect(await planCard(page, 'Free').getAttribute('aria-current')).toBe('true');
    await shows(page, 'Most Popular');
    await shows(page, 'Best Value');
    expect(
      await planCard(page, 'Free').getByRole('button', { name: 'Current Plan' }).isDisabled(),
    ).toBe(true);
    expect(
      await page.getByRole('progressbar', { name: 'Sites used' }).getAttribute('aria-valuenow'),
    ).toBe('3');
    expect(await page.getByRole('button', { name: 'Manage Billing', exact: true }).count()).toBe(0);
    await screenshotScreen(page, 'billing-free');

    // Stripe failing: the server's words, and the button can be pressed again.
    fake.failRequests((method, path) => method === 'POST' && path === '/v1/checkout/sessions');
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await shows(page, 'The payment provider could not start the checkout.', 30_000);
    expect(await page.getByRole('alert').first().textContent()).toContain('please try again');
    fake.failRequests(null);

    // Leaving Checkout without paying: nothing changes, and the screen says so.
    await planCard(page, 'Starter').getByRole('button', { name: 'Upgrade to Starter' }).click();
    await page.waitForURL((url) => url.href.startsWith(fake.url));
    await shows(page, 'Subscribe to Artifact Host Starter');
    await page.getByRole('link', { name: /Back/ }).click();
    await page.waitForURL((url) => url.href.startsWith(appUrl(server)));
    await shows(page, 'Checkout cancelled');
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=billing');
    expect(await currentPlan(page).textContent()).toBe('Free');

    // Checkout on the (fake) Stripe page, then back.
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL((url) => url.href.startsWith(fake.url));
    await shows(page, 'Subscribe to Artifact Host Pro');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(
      (url) => url.href.startsWith(appUrl(server)) && url.pathname === '/settings',
    );
    await shows(page, 'Welcome to Pro!');
    // The toast leaves after its 4 s; the screenshot below is of the screen as it stays.
    const welcome = page.getByText('Welcome to Pro!');
    await expect.poll(() => currentPlan(page).textContent()).toBe('Pro');
    // The address is cleaned, so a reload does not confirm the session again.
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=billing');
    expect(await planCard(page, 'Pro').getAttribute('aria-current')).toBe('true');
    expect(await planCard(page, 'Free').getAttribute('aria-current')).toBeNull();
    await shows(page, /^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await menuPlan(page)).toContain('Pro Plan');
    expect(await page.getByRole('progressbar', { name: 'Sites used' }).count()).toBe(0);
    await shows(page, '3 (unlimited)');
    await expect.poll(() => welcome.isVisible()).toBe(false);
    await screenshotScreen(page, 'billing-pro');

    // The fourth site deploys now.
    await deployFourth(fourth);
    await page.waitForURL(/\/deployments\//);
    await shows(page, 'Deployed Successfully', 60_000);
    sites.push(fourth);

    // Cancel in the portal: the plan runs to the end of the period.
    await page.goto(`${appUrl(server)}/settings`);
    await page.getByRole('button', { name: 'Manage Billing', exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(fake.url));
    await shows(page, 'Manage your billing');
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await shows(page, 'Renew plan');
    await page.getByRole('link', { name: 'Return to Artifact Host' }).click();
    await page.waitForURL(
      (url) => url.href.startsWith(appUrl(server)) && url.pathname === '/settings',
    );
    await shows(
      page,
      /^Your plan ends on [A-Z][a-z]{2} \d{1,2}, \d{4}; you keep Pro until then\.$/,
    );
    expect(await menuPlan(page)).toContain('Pro Plan');
    await screenshotScreen(page, 'billing-pro-cancelled');

    // A dashboard open in another tab: Pro, no upgrade banner.
    const dashboard = await context.newPage();
    await dashboard.goto(`${appUrl(server)}/dashboard`);
    await shows(dashboard, 'Pro plan · Unlimited sites');
    expect(await dashboard.getByRole('link', { name: 'See plans' }).count()).toBe(0);

    // The period ends while both screens are open: they turn to FREE without a reload.
    for (const open of [page, dashboard]) {
      await open.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    }
    const created = fake.deliveries.find((d) => d.event.type === 'customer.subscription.created');
    expect(created).toBeDefined();
    await fake.endPeriod(created!.event.data.object.id as string);
    await expect.poll(() => currentPlan(page).textContent()).toBe('Free');
    await expect.poll(() => planCard(page, 'Free').getAttribute('aria-current')).toBe('true');
    expect(await page.getByText(/Your plan ends on/).count()).toBe(0);
    expect(await menuPlan(page)).toContain('Free Plan');
    await expect.poll(() => dashboard.locator('main').textContent()).toMatch(/Plan Usage\s*4\/3/);
    await shows(dashboard, 'See plans');
    for (const open of [page, dashboard]) {
      expect(
        await open.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
      ).toBe(true);
    }
    await dashboard.close();

    // Every site keeps serving; a new one is refused.
    for (const [i, subdomain] of sites.entries()) {
      const site = await fetchSite(server.port, subdomain);
      expect(site.status, subdomain).toBe(200);
      expect(site.text).toContain(i === 3 ? 'The fourth' : `Site ${i + 1}`);
    }
    // Back on FREE, a site's custom-domain panel offers the way to upgrade.
    const { body } = await server.api('GET', '/api/sites', { token });
    const first = (body.sites as { id: string; subdomain: string }[]).find(
      (site) => site.subdomain === sites[0],
    );
    await page.goto(`${appUrl(server)}/sites/${first!.id}`);
    await shows(page, 'Custom domains come with the Starter and Pro plans.');
    await page.getByRole('link', { name: 'Upgrade your plan' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await expect.poll(() => currentPlan(page).textContent()).toBe('Free');

    await deployFourth(uniqueSubdomain('paid-5'));
    await expect.poll(() => limit.isVisible()).toBe(true);
    expect(await limit.textContent()).toContain(
      "You've reached the limit of 3 sites on the FREE plan.",
    );
    expect(
      await limit.getByRole('progressbar', { name: 'Sites used' }).getAttribute('aria-valuenow'),
    ).toBe('4');
  });

  it('sends a signed-out visitor from Pricing to the plans, and from an upgrade to sign in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(appUrl(server));
      await page.getByRole('link', { name: 'Pricing' }).first().click();
      await page.waitForURL((url) => url.pathname === '/settings');
      await shows(page, 'Best Value');
      expect(await page.getByRole('button', { name: 'Current Plan' }).count()).toBe(0);
      await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
    } finally {
      await context.close();
    }
  });

  it('shows an administrator no plans to buy', async () => {
    const { token } = await registerUserOnPlan(server, 'ADMIN');
    const { context: own, page } = await openPage(browser, server, token);
    try {
      await page.goto(`${appUrl(server)}/settings`);
      await expect.poll(() => currentPlan(page).textContent()).toBe('Admin');
      await shows(page, 'Administrator access');
      expect(await page.getByRole('group', { name: /plan$/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Upgrade to/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Manage Billing', exact: true }).count()).toBe(
        0,
      );
      await screenshotScreen(page, 'billing-admin');
    } finally {
      await own.close();
    }
  });
});

describe('billing: a server without Stripe', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the plans with upgrade buttons switched off, and says why', async () => {
    const { token } = await registerVerifiedUser(server);
    const reason = (await server.api('GET', '/api/billing/plans')).body.unavailableReason;
    expect(reason).toEqual(expect.any(String));
    const { context, page } = await openPage(browser, server, token);
    try {
      await page.goto(`${appUrl(server)}/settings`);
      await shows(page, reason);
      for (const label of ['Starter', 'Pro']) {
        const upgrade = planCard(page, label).getByRole('button', { name: `Upgrade to ${label}` });
        expect(await upgrade.isDisabled()).toBe(true);
      }
      // The subscription call would answer 503: the plan comes from the session instead.
      await expect.poll(() => currentPlan(page).textContent()).toBe('Free');
      expect(await page.getByRole('alert').count()).toBe(0);
      await screenshotScreen(page, 'billing-no-stripe');
    } finally {
      await context.close();
    }
  });
});
