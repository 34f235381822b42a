import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotScreen } from '../test/browser';
import { openBrowserOnServer, type BrowserOnServer } from '../test/browser-on-server';
import type { TestServer } from '../test/server';

const PLACEHOLDER_TEXT = 'This screen is on its way.';
// Footer targets whose screens belong to issues still open; they only have to load.
const OPEN_ELSEWHERE = new Set(['/settings']);

// Every page a visitor can open without signing in, in a real browser against a real server.
describe('public pages in the browser', () => {
  let server: TestServer;
  let page: Page;
  let opened: BrowserOnServer | undefined;

  beforeAll(async () => {
    opened = await openBrowserOnServer();
    ({ server, page } = opened);
  });
  afterAll(() => opened?.close());

  const open = async (path: string, heading: string | RegExp) => {
    await page.goto(`${server.url}${path}`);
    const h = page.getByRole('heading', { name: heading }).first();
    await expect.poll(() => h.isVisible()).toBe(true);
    expect(await page.getByText(PLACEHOLDER_TEXT).count()).toBe(0);
  };

  it('shows the example gallery with tags, +N more, demo links and the banner', async () => {
    await open('/examples', 'See what people deploy');
    const cards = page.getByRole('link', { name: /^View Demo:/ });
    expect(await cards.count()).toBe(8);
    const { sitesDomain } = (await server.api('GET', '/api/config')).body;
    const href = await page.getByRole('link', { name: 'View Demo: Task Flow To-Do List' });
    await expect.poll(() => href.getAttribute('href')).toMatch(`todo.${sitesDomain}`);
    expect(await href.getAttribute('target')).toBe('_blank');
    expect(await page.getByText('+1 more').count()).toBeGreaterThan(0);
    expect(await page.getByText('+2 more').count()).toBe(1);
    expect(await page.getByText('Created with Claude').count()).toBeGreaterThan(0);
    await screenshotScreen(page, 'examples');
    await page.getByRole('link', { name: 'Deployment instructions' }).click();
    await page.waitForURL('**/demo-instructions');
  });

  it('copies each demo subdomain and goes back to the examples', async () => {
    await open('/demo-instructions', 'Deploy the demo sites');
    for (const name of ['todo', 'memory', 'calculator', 'weather']) {
      await page.getByRole('button', { name: `Copy ${name}` }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(name);
      expect(await page.getByText('Copied!').count()).toBeGreaterThan(0);
    }
    await screenshotScreen(page, 'demo-instructions');
    await page.getByRole('button', { name: 'Back to Examples' }).click();
    await page.waitForURL('**/examples');
  });

  it('searches the help center and opens one category at a time', async () => {
    await open('/help', 'How can we help?');
    expect(await page.getByRole('heading', { name: 'Popular Articles' }).isVisible()).toBe(true);
    await screenshotScreen(page, 'help');
    const panel = (title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });
    await panel('Deployment').click();
    expect(await panel('Deployment').getAttribute('aria-expanded')).toBe('true');
    await panel('Domains & SSL').click();
    expect(await panel('Deployment').getAttribute('aria-expanded')).toBe('false');
    expect(await panel('Domains & SSL').getAttribute('aria-expanded')).toBe('true');
    await panel('Domains & SSL').click();
    expect(await panel('Domains & SSL').getAttribute('aria-expanded')).toBe('false');

    const search = page.getByPlaceholder('Search documentation...');
    await search.fill('CNAME');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Search Results' }).isVisible())
      .toBe(true);
    expect(await panel('Domains & SSL').getAttribute('aria-expanded')).toBe('true');
    expect(await panel('Getting Started').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Popular Articles' }).count()).toBe(0);
    await search.fill('BILLING faq');
    await expect.poll(() => page.getByRole('link', { name: /^Billing FAQ/ }).count()).toBe(1);
    await search.fill('zzz nothing matches');
    await expect.poll(() => page.getByText('No results found').isVisible()).toBe(true);
    expect(
      await page
        .getByText('Try searching with different keywords or browse our categories below.')
        .isVisible(),
    ).toBe(true);
    await screenshotScreen(page, 'help-no-results');
  });

  it('opens an article inside the same Help Center screen', async () => {
    await open('/help', 'How can we help?');
    await page.getByRole('link', { name: /^Connect a custom domain/ }).click();
    await page.waitForURL('**/help/article/custom-domains');
    const article = page.getByRole('article', { name: 'Connect a custom domain' });
    await expect.poll(() => article.isVisible()).toBe(true);
    const { sitesDomain } = (await server.api('GET', '/api/config')).body;
    // A DNS record names a host, never a port: the example uses the sites domain without one.
    const sitesHost = String(sitesDomain).replace(/:\d+$/, '');
    await expect.poll(() => article.textContent()).toContain(`my-portfolio.${sitesHost}.`);
    expect(await article.textContent()).not.toContain(`my-portfolio.${sitesDomain}`);
    expect(await article.textContent()).toContain('Press Verify.');
    expect(await page.getByRole('heading', { name: 'How can we help?' }).isVisible()).toBe(true);
    // The article scrolls into view; start the full-page shot from the top so the sticky bar stays there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotScreen(page, 'help-article');
    for (const id of ['first-deployment', 'security', 'billing-faq']) {
      await page.goto(`${server.url}/help/article/${id}`);
      await expect.poll(() => page.getByRole('article').count()).toBe(1);
    }
  });

  it('says in the help center what Settings holds today, and nothing is "not available yet"', async () => {
    const articleText = async (id: string) => {
      await page.goto(`${server.url}/help/article/${id}`);
      const article = page.getByRole('article');
      await expect.poll(() => article.count()).toBe(1);
      return (await article.textContent()) ?? '';
    };
    const settings = await articleText('account-settings');
    expect(settings).toContain('Settings has six tabs');
    expect(settings).toContain('switching between Starter and Pro');
    expect(settings).toContain('Notifications (which emails you get)');
    expect(settings).not.toContain('not available yet');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotScreen(page, 'help-article-account-settings');
    // AI keys are built: the guides say how they work, and name the notice a visitor reads
    // when the owner has none, in the site runtime's own words.
    const guide = await articleText('ai-artifacts-guide');
    expect(guide).toContain("This site's owner has not connected an AI provider yet");
    expect(guide).not.toContain('not available yet');
    // Billing is built: its articles walk through Checkout and the portal.
    const upgrading = await articleText('upgrade-downgrade');
    expect(upgrading).toContain('Press Upgrade to Starter or Upgrade to Pro');
    expect(upgrading).toContain('press Manage Billing');
    for (const id of ['plan-comparison', 'upgrade-downgrade', 'billing-faq']) {
      expect(await articleText(id), id).not.toContain('not available yet');
    }
    const keys = await articleText('api-keys');
    expect(keys).toContain('Press Test beside it');
    expect(keys).not.toContain('not available yet');
  });

  // The message really goes (a ticket, e-mailed): e2e/support.e2e.ts follows it to the inbox.
  it('runs the contact send cycle and keeps the values', async () => {
    await open('/contact', 'Get in Touch');
    expect(await page.getByText('Frequently Asked Questions').isVisible()).toBe(true);
    await screenshotScreen(page, 'contact');
    await page.getByLabel('Name').fill('Rae Reader');
    await page.getByLabel('Email').fill('rae@example.com');
    await page.getByLabel('Inquiry type').selectOption('billing');
    await page.getByLabel('Subject').fill('Invoice question');
    await page.getByLabel('Message').fill('Can I get a copy of last month’s invoice?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Message Sent!').isVisible()).toBe(true);
    expect(await page.getByTestId('reference').innerText()).toMatch(/^S-[0-9A-Z]{8}$/);
    expect(
      await page
        .getByText("Thank you for reaching out. We'll get back to you within 24 hours.")
        .isVisible(),
    ).toBe(true);
    await screenshotScreen(page, 'contact-sent');
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe('Rae Reader');
    expect(await page.getByLabel('Subject').inputValue()).toBe('Invoice question');
    expect(await page.getByLabel('Inquiry type').inputValue()).toBe('billing');
  });

  it('shows about, comparison, privacy and terms with their links', async () => {
    await open('/about', 'Our story');
    for (const [name, path] of [
      ['Start Deploying', '/upload'],
      ['Help Center', '/help'],
      ['Contact Us', '/contact'],
    ]) {
      expect(await page.getByRole('link', { name: name! }).last().getAttribute('href')).toBe(path);
    }
    await screenshotScreen(page, 'about');

    await open('/comparison', 'Built for what AI makes');
    for (const group of [
      'AI artifact support',
      'Deployment speed',
      'Professional features',
      'Pricing',
    ]) {
      expect(await page.getByRole('heading', { name: group, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByText('$5/month').count()).toBeGreaterThan(0);
    await screenshotScreen(page, 'comparison');

    const today = new Date().toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    for (const [path, title] of [
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
    ] as const) {
      await open(path, title);
      expect(await page.getByText(`Last updated ${today}`).isVisible()).toBe(true);
      await screenshotScreen(page, path.slice(1));
      await page.getByRole('link', { name: 'Contact Us', exact: true }).click();
      await page.waitForURL('**/contact');
    }
  });

  it('shows the debug page signed out and signed in, with a site check', async () => {
    await open('/debug', 'Local token');
    await expect
      .poll(() => page.getByLabel('Auth status result').textContent())
      .toContain('"authenticated": false');
    const reg = await server.api('POST', '/api/auth/register', {
      body: { email: `debug-${Date.now()}@example.com`, password: 'long enough pw' },
    });
    const token: string = reg.body.token;
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await open('/debug', 'Local token');
    expect(await page.getByText(`${token.slice(0, 20)}...`).isVisible()).toBe(true);
    expect(await page.getByText(String(token.length), { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByLabel('Auth status result').textContent())
      .toContain('"authenticated": true');
    await page.getByLabel('Site id').fill('not-a-site');
    await page.getByRole('button', { name: 'Check Site' }).click();
    await expect.poll(() => page.getByText('Site not found').isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotScreen(page, 'debug');
    await page.evaluate(() => localStorage.removeItem('auth_token'));
  });

  it('resolves every landing footer link to a real page', async () => {
    await page.goto(server.url);
    const footer = page.locator('footer');
    const hrefs = await footer
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/upload',
        '/settings',
        '/examples',
        '/comparison',
        '/help',
        '/contact',
        '/about',
        '/privacy',
        '/terms',
      ]),
    );
    for (const href of hrefs) {
      await page.goto(server.url);
      await footer.locator(`a[href="${href}"]`).first().click();
      await page.waitForURL((url) => url.pathname === href);
      await expect.poll(() => page.locator('main').count()).toBe(1);
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      if (!OPEN_ELSEWHERE.has(href)) {
        expect(await page.getByText(PLACEHOLDER_TEXT).count(), href).toBe(0);
      }
    }
    const social = footer.locator('a[target="_blank"]');
    expect(await social.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('answers an unknown address with a page-not-found screen and ways back', async () => {
    await open('/no/such/page', 'Page not found');
    expect(await page.getByText('/no/such/page').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Help Center' }).first().click();
    await page.waitForURL((url) => url.pathname === '/help');
    await page.goto(`${server.url}/no/such/page`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible())
      .toBe(true);
    await screenshotScreen(page, 'not-found');
  });
});
