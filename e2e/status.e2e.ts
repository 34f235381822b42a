import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusPartId, StatusResponse } from '../src/shared/status';
import type { PartCheck } from '../src/server/domain/status/part-check';
import { recordRound } from '../src/server/domain/status/uptime';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { registerVerifiedUser, startTestServer, type TestServer } from '../test/server';
import { waitUntil } from '../test/wait';

// The status page in the browser: a visitor sees every part with its 90 daily bars and the
// figure of the day they point at; an operator posts an incident from /admin and it shows on
// /status, then resolves it.
const OPERATOR = 'status-operator@example.com';
const DAY = 24 * 60 * 60 * 1000;

describe('the status page in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ops: string;

  const open = async (token?: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    if (token) {
      await page.goto(server.url);
      await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    }
    return page;
  };
  const visible = (page: Page, text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);

  beforeAll(async () => {
    // One round of real checks at start, then none for an hour.
    server = await startTestServer('sqlite', {
      ADMIN_EMAILS: OPERATOR,
      STATUS_CHECKS: 'true',
      STATUS_CHECK_INTERVAL_SECONDS: '3600',
    });
    browser = await launchBrowser();
    ops = (await registerVerifiedUser(server, { email: OPERATOR })).token;
    await waitUntil(
      async () => {
        const res = await server.api<StatusResponse>('GET', '/api/status');
        return res.body.parts.every((p) => p.checkedAt);
      },
      { timeoutMs: 90_000, what: 'the first round of checks' },
    );
    // Days before today, as earlier rounds would have left them: one with hosting down at
    // one check in four.
    const threeDaysAgo = Date.now() - 3 * DAY;
    const round = (hosting: PartCheck['status']) =>
      new Map<StatusPartId, PartCheck>(
        (['app', 'builds', 'hosting', 'certificates', 'database'] as const).map((id) => [
          id,
          { status: id === 'hosting' ? hosting : 'operational', detail: 'earlier round' },
        ]),
      );
    for (let i = 0; i < 4; i++) {
      await recordRound(
        server.ctx,
        round(i === 0 ? 'down' : 'operational'),
        threeDaysAgo + i * 60_000,
      );
    }
  }, 150_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('shows every part with 90 bars, the figure of the day pointed at, and is linked from the footer', async () => {
    const page = await open();
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Status' }).click();
    await expect.poll(() => page.url()).toContain('/status');
    await visible(page, 'System status');
    for (const name of [
      'App and API',
      'Builds',
      'Site hosting',
      'Custom-domain certificates',
      'Database',
    ]) {
      await visible(page, name);
    }
    const bars = page
      .getByRole('list', { name: 'Site hosting: uptime per day' })
      .getByRole('listitem');
    expect(await bars.count()).toBe(90);
    const day = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    await bars.and(page.locator(`[data-day="${day}"]`)).hover();
    await visible(page, /: 75% up \(4 checks, 1 down\)/);
    await screenshotScreen(page, 'status');
  });

  it('an operator posts an incident in /admin; /status shows it, then its resolution', async () => {
    const admin = await open(ops);
    await admin.goto(`${server.url}/admin?tab=status`);
    await visible(admin, /Uptime in \d{4}-\d{2} against the SLA/);
    await admin.getByLabel('Title').fill('Builds are slow');
    await admin.getByLabel('What is happening').fill('Builds take several minutes; we are on it.');
    await admin.getByLabel('Builds', { exact: true }).check();
    await admin.getByRole('button', { name: 'Post to the status page' }).click();
    await visible(admin, 'Builds take several minutes; we are on it.');
    await screenshotScreen(admin, 'admin-status');

    const visitor = await open();
    await visitor.goto(`${server.url}/status`);
    await visible(visitor, 'Builds are slow');
    await visible(visitor, 'Builds take several minutes; we are on it.');
    await visible(visitor, 'Some systems are degraded');
    // The incident was announced on every app screen too.
    await visible(visitor, 'Incident: Builds are slow');

    await admin.getByLabel('New state').selectOption('resolved');
    await admin
      .getByLabel('Update', { exact: true })
      .fill('A worker was added; builds are quick again.');
    await admin.getByRole('button', { name: 'Post update' }).click();
    await visible(admin, 'Resolved, last 14 days');

    await visitor.reload();
    await visible(visitor, 'A worker was added; builds are quick again.');
    await visible(visitor, 'Resolved');
    await screenshotScreen(visitor, 'status-incident');
  });
});
