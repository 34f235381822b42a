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
    const allLive = async () =>
      (
        await server.ctx.db
          .selectFrom('sites')
          .innerJoin('deployments', 'deployments.id', 'sites.current_deployment_id')
          .select('sites.subdomain')
          .where('deployments.status', '=', 'SUCCESS')
          .execute()
      ).length === DEMO_SUBDOMAINS.length;
    // Seeding runs in the background after start: look again each time a build ends.
    await new Promise<void>((resolve, reject) => {
      const check = () =>
        allLive().then((done) => {
          if (!done) return;
          stop();
          resolve();
        }, reject);
      const stop = server.ctx.events.on('deployment.finished', ({ deployment }) => {
        if (deployment.status === 'SUCCESS') return void check();
        stop();
        reject(new Error(`a demo failed to build: ${deployment.error_message}`));
      });
      void check();
    });
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
