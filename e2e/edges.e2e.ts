import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen, VIEWPORTS } from '../test/browser';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { guestSession, registerUser, startTestServer, type TestServer } from '../test/server';

// The small things a visitor notices on first look: where a linked heading lands, how the
// help search counts and when it filters, which top bar and account menu each visitor gets,
// and how the deployment history sizes itself.
describe('the edges a visitor notices', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const fresh = async (
    token?: string,
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
  ) => {
    await context?.close();
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    if (token) {
      await page.goto(server.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    }
    return page;
  };

  /** Top of the element against the bottom of the sticky top bar, in viewport pixels. */
  const belowBar = (selector: string) =>
    page.evaluate((sel) => {
      const el = document.querySelector(sel);
      const bar = document.querySelector('header');
      if (!el || !bar) return null;
      const top = el.getBoundingClientRect().top;
      return { top, barBottom: bar.getBoundingClientRect().bottom, scrolled: window.scrollY };
    }, selector);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`lands a linked help article's heading below the sticky bar (${size})`, async () => {
      await fresh(undefined, viewport);
      await page.goto(`${server.url}/help`);
      await page
        .getByRole('link', { name: /^Connect a custom domain/ })
        .first()
        .click();
      await page.waitForURL('**/help/article/custom-domains');
      const heading = '[aria-label="Connect a custom domain"] h4';
      // The page scrolls to the article; its heading must show in full under the bar.
      await expect.poll(async () => (await belowBar(heading))?.scrolled ?? 0).toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const at = await belowBar(heading);
          return at ? at.top - at.barBottom : -1;
        })
        .toBeGreaterThanOrEqual(0);

      // And from one article to another in the same open category.
      await page.getByRole('link', { name: /^DNS configuration/ }).click();
      await page.waitForURL('**/help/article/dns-configuration');
      const next = '[aria-label="DNS configuration"] h4';
      await expect
        .poll(async () => {
          const at = await belowBar(next);
          return at ? at.top - at.barBottom : -1;
        })
        .toBeGreaterThanOrEqual(0);
      const at = await belowBar(next);
      expect(at!.top).toBeLessThan(viewport.height / 2);

      // And when the article's address is opened directly.
      await page.goto(`${server.url}/help/article/billing-faq`);
      const direct = '[aria-label="Billing FAQ"] h4';
      await expect.poll(async () => (await belowBar(direct))?.scrolled ?? 0).toBeGreaterThan(0);
      const landed = await belowBar(direct);
      expect(landed!.top - landed!.barBottom).toBeGreaterThanOrEqual(0);
    });
  }

  it('counts one match as "1 article" and filters only once typing pauses for 300 ms', async () => {
    await fresh();
    await page.goto(`${server.url}/help`);
    const search = page.getByPlaceholder('Search documentation...');
    await expect.poll(() => search.isVisible()).toBe(true);
    // Times, in the page's own clock, of every keystroke and of the results appearing.
    await page.evaluate(() => {
      const w = window as unknown as { keys: number[]; resultsAt: number };
      w.keys = [];
      w.resultsAt = 0;
      document.querySelector('input[type=search]')!.addEventListener('input', () => {
        w.keys.push(performance.now());
      });
      new MutationObserver(() => {
        if (!w.resultsAt && document.getElementById('categories')?.textContent === 'Search Results')
          w.resultsAt = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // Keys 100 ms apart: the list must not move between them. A loaded machine may deliver
    // two keys further apart than the pause; the rule then still holds for the key before.
    await search.pressSequentially('Billing FAQ', { delay: 100 });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Search Results' }).isVisible())
      .toBe(true);
    const { keys, resultsAt } = await page.evaluate(() => {
      const w = window as unknown as { keys: number[]; resultsAt: number };
      return { keys: w.keys, resultsAt: w.resultsAt };
    });
    expect(resultsAt).toBeGreaterThan(keys[0]!);
    const keyBefore = Math.max(...keys.filter((at) => at <= resultsAt));
    expect(resultsAt - keyBefore).toBeGreaterThanOrEqual(290);

    const panel = page.getByRole('button', { name: /^Plans & Billing/ });
    await expect.poll(() => panel.textContent()).toContain('1 article');
    expect(await panel.textContent()).not.toContain('1 articles');
    await screenshotScreen(page, 'help-search-one-article');

    // Clearing the box brings every category back at once.
    await search.fill('');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Browse by Category' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: /^Getting Started/ }).textContent()).toContain(
      '3 articles',
    );
  });

  it('keeps CNAME examples free of a port', async () => {
    await fresh();
    const { sitesDomain } = (await server.api('GET', '/api/config')).body;
    // The test server's sites domain has a port, so a missed one would show.
    expect(String(sitesDomain)).toMatch(/:\d+$/);
    const sitesHost = String(sitesDomain).replace(/:\d+$/, '');
    for (const id of ['custom-domains', 'dns-configuration']) {
      await page.goto(`${server.url}/help/article/${id}`);
      const article = page.getByRole('article');
      await expect.poll(() => article.count()).toBe(1);
      // The sites domain arrives with /api/config, a moment after the article.
      await expect.poll(() => article.textContent()).toContain(`my-portfolio.${sitesHost}.`);
      const text = (await article.textContent()) ?? '';
      // A DNS record names a host, never host:port; the address a browser shows may have one.
      expect(text).toContain(`a CNAME record`);
      expect(text).not.toMatch(/my-portfolio\.[a-z0-9.-]+:\d/);
    }
  });

  it('shows a visitor who never signed in Sign In on public pages, and a guest "Guest"', async () => {
    await fresh();
    for (const path of ['/help', '/about', '/contact', '/privacy', '/terms', '/comparison']) {
      await page.goto(`${server.url}${path}`);
      const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
      await expect.poll(() => signIn.isVisible(), { message: path }).toBe(true);
      expect(await page.getByRole('button', { name: 'Account menu' }).count(), path).toBe(0);
    }
    await screenshotScreen(page, 'public-signed-out-topbar');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');

    // On a phone Sign In leaves the bar's title room to show in full.
    await fresh(undefined, VIEWPORTS.phone);
    await page.goto(`${server.url}/upload`);
    const title = page.getByRole('banner').getByRole('heading', { name: 'Deploy' });
    await expect.poll(() => title.isVisible()).toBe(true);
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await expect.poll(() => signIn.isVisible()).toBe(true);
    expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);

    const guest = await guestSession(server);
    await fresh(guest.token);
    await page.goto(`${server.url}/help`);
    const menu = page.getByRole('button', { name: 'Account menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await menu.click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('Guest');
  });

  it('gives the auth and callback screens the dark-mode toggle alone, not an empty bar', async () => {
    await fresh();
    for (const path of ['/auth', '/auth/callback?error=access_denied']) {
      await page.goto(`${server.url}${path}`);
      const bar = page.getByRole('banner');
      await expect.poll(() => bar.getByRole('button').count(), { message: path }).toBe(1);
      expect(await bar.getByRole('button').getAttribute('aria-label')).toMatch(/^Switch to/);
      expect(await bar.getByRole('link').count()).toBe(0);
      // No bar of its own: no border line and no background across the page.
      const look = await bar.evaluate((el) => {
        const s = getComputedStyle(el);
        return { border: s.borderBottomWidth, background: s.backgroundColor };
      });
      expect(look.border, path).toBe('0px');
      expect(look.background, path).toBe('rgba(0, 0, 0, 0)');
    }
  });

  it('fits the deployment history card to a short history', async () => {
    const user = await registerUser(server);
    const subdomain = uniqueSubdomain('short-history');
    const res = await deployCode(server, user.token, subdomain, htmlArtifact(subdomain));
    expect(res.status).toBe(201);
    await waitForDeployment(server, user.token, res.body.deployment.id);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await fresh(user.token, viewport);
      await page.goto(`${server.url}/sites/${res.body.site.id}`);
      await expect.poll(() => page.getByText('Version 1').isVisible()).toBe(true);
      const gap = await page.evaluate(() => {
        const title = [...document.querySelectorAll('h2')].find(
          (h) => h.textContent === 'Deployment History',
        )!;
        const card = title.parentElement!.parentElement!;
        const list = card.querySelector('ul')!;
        return card.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom;
      });
      // The card ends with its last entry (its 1 px border aside), whatever stands beside it.
      expect(gap, size).toBeLessThanOrEqual(2);
    }
    await screenshotScreen(page, 'site-detail-short-history');
  });
});
