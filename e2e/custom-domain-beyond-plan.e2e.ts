import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { fetchHost } from '../test/host-request';
import { registerUserOnPlan, startTestServer, type TestServer } from '../test/server';

// A Starter owner's sites with custom domains, after the plan fell back to Free: the site page
// says what the server does (a verified domain keeps serving; an unverified one cannot be
// verified) and offers only what works. The domains' DNS proof is not this journey: their
// state is written as the verify call would have left it (custom-domain.e2e.ts proves that).
describe('a custom domain after falling back to Free', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const visible = (text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
  const panel = () => page.getByRole('region', { name: 'Custom Domain' });

  it('says a verified domain keeps serving and an unverified one cannot be verified; offers Remove only', async () => {
    const { token, user } = await registerUserOnPlan(server, 'STARTER');
    const site = async (domain: string, status: 'VERIFIED' | 'PENDING') => {
      const subdomain = uniqueSubdomain('kept');
      const res = await deployCode(server, token, subdomain, htmlArtifact(`served-${subdomain}`));
      expect(res.status).toBe(201);
      const done = await waitForDeployment(server, token, res.body.deployment.id);
      expect(done.status).toBe('SUCCESS');
      const now = new Date().toISOString();
      await server.ctx.db
        .updateTable('sites')
        .set({
          custom_domain: domain,
          custom_domain_status: status,
          domain_added_at: now,
          domain_pending_since: status === 'PENDING' ? now : null,
        })
        .where('id', '=', res.body.site.id)
        .execute();
      return { id: res.body.site.id as string, subdomain };
    };
    const kept = await site('www.kept-domain.com', 'VERIFIED');
    const waiting = await site('www.waiting-domain.com', 'PENDING');
    // the subscription ended: the plan in force is Free
    await server.ctx.db
      .updateTable('users')
      .set({ plan: 'FREE' })
      .where('id', '=', user.id)
      .execute();

    // what the server does: the verified domain still serves; verifying the other is refused
    await expect
      .poll(async () => (await fetchHost(server.port, 'www.kept-domain.com')).text)
      .toContain(`served-${kept.subdomain}`);
    expect((await fetchHost(server.port, 'www.waiting-domain.com')).status).toBe(404);
    const verify = await server.api('POST', `/api/sites/${waiting.id}/domain/verify`, { token });
    expect(verify.status).toBe(403);

    // and what the site page says of each
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${server.url}/sites/${kept.id}`);
    await visible('www.kept-domain.com keeps serving this site.');
    expect(await panel().getByRole('button', { name: 'Verify' }).count()).toBe(0);
    expect(await panel().getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);
    await screenshotScreen(page, 'site-domain-beyond-plan');

    await page.goto(`${server.url}/sites/${waiting.id}`);
    await visible('www.waiting-domain.com does not serve this site.');
    expect(await panel().getByRole('button', { name: 'Verify' }).count()).toBe(0);
    await panel().getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove domain' }).click();
    await visible('www.waiting-domain.com was removed from this site');
    // with no domain left, the panel says the plan has none and offers nothing to add
    await visible('Custom domains come with the Starter and Pro plans.');
    expect(await panel().getByRole('button', { name: 'Add Domain' }).isDisabled()).toBe(true);
  });
});
