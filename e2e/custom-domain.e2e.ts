import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recheckCustomDomains } from '../src/server/domain/domains/custom-domains';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact, waitForDeployment } from '../test/deploy';
import type { TestDnsServer } from '../test/dns-server';
import { fetchTls } from '../test/host-request';
import { pebbleMissing, startAcmeTestbed, type AcmeTestbed, type Pebble } from '../test/pebble';
import { registerUserOnPlan, startTestServer, type TestServer } from '../test/server';

// The custom-domain panel through its whole life, as a STARTER user sees it: add a domain,
// copy the record, verify, watch the certificate arrive from a real ACME server (Debian's
// pebble), visit the site over HTTPS, and remove the domain again.

const missing = pebbleMissing();
if (missing) console.log(`custom-domain browser test skipped: ${missing}`);

describe.skipIf(missing !== null)('custom-domain panel in the browser', () => {
  let dns: TestDnsServer;
  let pebble: Pebble;
  let server: TestServer;
  let httpsPort: number;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let testbed: AcmeTestbed;

  beforeAll(async () => {
    testbed = await startAcmeTestbed();
    ({ dns, pebble, httpsPort } = testbed);
    server = await startTestServer('sqlite', testbed.env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await testbed?.close();
  });

  const open = async (token: string, path: string) => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}${path}`);
  };
  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
  const panel = () => page.getByRole('region', { name: 'Custom Domain' });
  const row = (label: string) =>
    panel()
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: label }) });
  const rowText = (label: string) => row(label).locator('dd').innerText();
  const liveSite = async (token: string, subdomain: string) => {
    const res = await deployCode(server, token, subdomain, htmlArtifact(`served-${subdomain}`));
    expect(res.status).toBe(201);
    expect((await waitForDeployment(server, token, res.body.deployment.id)).status).toBe('SUCCESS');
    return res.body.site.id as string;
  };

  it('adds a domain, shows its record, verifies it, and serves it over HTTPS with a certificate', async () => {
    const { token } = await registerUserOnPlan(server, 'STARTER');
    const subdomain = `shop-${Date.now().toString(36)}`;
    const domain = `www.${subdomain}.com`;
    const target = `${subdomain}.localhost`;
    const siteId = await liveSite(token, subdomain);
    await open(token, `/sites/${siteId}`);
    await visible('Use your own address, such as www.example.com.');
    expect(await rowText('Current domain')).toBe('None');
    expect(await rowText('Domain status')).toBe('Not connected');
    await screenshotScreen(page, 'site-domain-empty');

    // Nothing typed: said at the field, nothing sent.
    const field = page.getByLabel('Domain', { exact: true });
    await page.getByRole('button', { name: 'Add Domain' }).click();
    await visible('Please enter a domain, such as www.example.com.');
    // The server's reason for a name that can't be anyone's domain, and the panel's toast.
    await field.fill('localhost');
    await page.getByRole('button', { name: 'Add Domain' }).click();
    await visible('Failed to add domain');
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    // Typed loosely: trimmed and lower-cased on the way.
    await field.fill(`  ${domain.toUpperCase()} `);
    await page.getByRole('button', { name: 'Add Domain' }).click();
    await visible('Domain added! Please configure your DNS settings.');
    await expect.poll(() => rowText('Current domain')).toBe(domain);
    expect(await rowText('Domain status')).toBe('Pending DNS');
    expect(await rowText('SSL status')).toBe('No SSL');
    const record = panel().getByText('Create this DNS record').locator('..');
    await expect.poll(() => record.innerText()).toContain('CNAME');
    expect(await record.innerText()).toContain(domain);
    expect(await record.innerText()).toContain(target);
    await page.getByRole('button', { name: 'Copy value' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(target);
    await page.getByRole('button', { name: 'Copy name' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(domain);

    // Verify before the record exists: still pending, with what was found.
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await visible('DNS record not found yet');
    await expect.poll(() => panel().innerText()).toContain(`${domain} has no CNAME record yet`);
    expect(await rowText('Domain status')).toBe('Pending DNS');
    await screenshotScreen(page, 'site-domain-pending');

    // The record is published; Verify shows its spinner while the server looks.
    dns.publish(domain, 'CNAME', target);
    dns.publish(target, 'A', '127.0.0.1');
    let held: Route | undefined;
    await page.route('**/api/sites/*/domain/verify', (route) => {
      held = route;
    });
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => rowText('Domain status')).toBe('Verifying...');
    expect(await page.getByRole('button', { name: 'Verifying...' }).isDisabled()).toBe(true);
    await expect.poll(() => held !== undefined).toBe(true);
    await held!.continue();
    await page.unroute('**/api/sites/*/domain/verify');

    await expect.poll(() => rowText('Domain status')).toBe('Verified');
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).count()).toBe(0);
    // The certificate arrives on its own; the screen hears of it without a reload.
    await expect.poll(() => rowText('SSL status'), { timeout: 60_000 }).toBe('Active');
    expect(await rowText('SSL expiry')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await panel().getByText('Create this DNS record').count()).toBe(0);
    const link = page.getByRole('link', { name: new RegExp(`${domain}:${httpsPort}`) });
    expect(await link.getAttribute('href')).toBe(`https://${domain}:${httpsPort}`);
    await screenshotScreen(page, 'site-domain-active');

    // A visitor's browser would get the site over HTTPS with a certificate that chains to the CA.
    const visit = await fetchTls(httpsPort, domain, await pebble.issuingRoot());
    expect(visit.status).toBe(200);
    expect(visit.text).toContain(`served-${subdomain}`);

    // The dashboard names the site by its domain and links to it.
    await page.goto(`${server.url}/dashboard`);
    const siteRow = page.getByRole('row').filter({ hasText: domain });
    await expect.poll(() => siteRow.isVisible()).toBe(true);
    expect(await siteRow.getByRole('link', { name: `Visit ${domain}` }).getAttribute('href')).toBe(
      `https://${domain}:${httpsPort}`,
    );

    // A certificate that runs out within 30 days says so, in red.
    const soon = new Date(Date.now() + 10 * 86_400_000 - 60_000).toISOString();
    await server.ctx.db
      .updateTable('sites')
      .set({ ssl_expires_at: soon })
      .where('id', '=', siteId)
      .execute();
    await page.goto(`${server.url}/sites/${siteId}`);
    await expect.poll(() => rowText('SSL expiry')).toBe('SSL expires in 10 days');
    const colour = await row('SSL expiry')
      .locator('dd span')
      .evaluate((el) => getComputedStyle(el).color);
    expect(colour).toBe('rgb(220, 38, 38)');

    // The record goes away: the next daily check (a day on) starts the grace, and the panel
    // says when the domain will be released unless the record comes back.
    dns.withdraw(domain, 'CNAME');
    await recheckCustomDomains(server.ctx, Date.now() + 25 * 60 * 60 * 1000);
    await page.reload();
    await visible(`${domain} no longer points at this site.`);
    expect(await panel().innerText()).toMatch(/show this site only until \d+ \w+ \d{4}/);
    await screenshotScreen(page, 'site-domain-lost');
    dns.publish(domain, 'CNAME', target);

    // Remove asks first, in the panel's own words.
    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(
      'Are you sure you want to remove this custom domain?',
    );
    await screenshotScreen(page, 'site-domain-remove');
    await dialog.getByRole('button', { name: 'Remove domain' }).click();
    await visible(`${domain} was removed from this site`);
    await expect.poll(() => rowText('Current domain')).toBe('None');
    expect(await page.getByLabel('Domain', { exact: true }).isEnabled()).toBe(true);
    // and the certificate is no longer served
    await expect(fetchTls(httpsPort, domain, await pebble.issuingRoot())).rejects.toThrow();
  });
});
