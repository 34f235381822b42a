import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUBDOMAINS } from '../src/shared/demos';
import { launchBrowser } from '../test/browser';
import { startTestServer, type TestServer } from '../test/server';

// What each seeded demo shows once it runs: proof that 'View Demo' opens a working site.
const RENDERS: Record<(typeof DEMO_SUBDOMAINS)[number], RegExp> = {
  todo: /Task Flow/,
  memory: /Emoji Memory Match/,
  calculator: /sin\s+cos\s+tan/,
  weather: /Weather Dashboard/,
  portfolio: /I design calm products/i,
  focus: /Focus Timer/i,
  budget: /Monthly Budget Planner/i,
  trivia: /Team Trivia Quiz/i,
};

describe('the example gallery opens live demos', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { SEED_DEMOS: 'true' });
    browser = await launchBrowser();
    const live = async () =>
      (
        await server.ctx.db
          .selectFrom('sites')
          .innerJoin('deployments', 'deployments.id', 'sites.current_deployment_id')
          .select('sites.subdomain')
          .where('deployments.status', '=', 'SUCCESS')
          .execute()
      ).length;
    // Seeding runs in the background after start: wait until every demo is live.
    const end = Date.now() + 90_000;
    while ((await live()) < DEMO_SUBDOMAINS.length) {
      if (Date.now() > end) throw new Error('the demo sites were not all live after 90 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("opens every example's 'View Demo' on a site that renders without errors", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/examples`);
    const links = page.getByRole('link', { name: /^View Demo:/ });
    await expect.poll(() => links.count()).toBe(8);
    const opened = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const [demo] = await Promise.all([context.waitForEvent('page'), links.nth(i).click()]);
      const errors: string[] = [];
      demo.on('pageerror', (err) => errors.push(err.message));
      await demo.waitForLoadState('load');
      const subdomain = new URL(demo.url()).hostname.split('.')[0] as keyof typeof RENDERS;
      expect(RENDERS[subdomain], subdomain).toBeDefined();
      await expect
        .poll(() => demo.locator('body').innerText(), { timeout: 30_000 })
        .toMatch(RENDERS[subdomain]);
      expect(errors, subdomain).toEqual([]);
      opened.add(subdomain);
      await demo.close();
    }
    expect([...opened].sort()).toEqual([...DEMO_SUBDOMAINS].sort());
    await context.close();
  });
});
