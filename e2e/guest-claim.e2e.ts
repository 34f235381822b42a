import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotScreen } from '../test/browser';
import { deployCode, htmlArtifact, uniqueSubdomain, waitForDeployment } from '../test/deploy';
import { guestSession, registerUser, startTestServer, type TestServer } from '../test/server';

const PASSWORD = 'a good long password';

// Claimable guest sites through the real screens: a guest's sites moving into the account on
// sign-up, the pick dialog when the plan cannot take them all, and the claim link page.
describe('keeping guest sites', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
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

  const freshVisitor = async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Waits end on what the screen shows; the limit only bounds a cold, busy machine.
    context.setDefaultTimeout(60_000);
    page = await context.newPage();
  };
  /** Waits for text in the page; a failure quotes what the screen showed instead. */
  const shows = async (text: string | RegExp, timeout = 30_000) => {
    try {
      await page.getByText(text).first().waitFor({ state: 'visible', timeout });
    } catch (err) {
      const screen = await page.locator('body').innerText().catch(String);
      throw new Error(`'${text}' did not show on ${page.url()}; the screen says:\n${screen}`, {
        cause: err,
      });
    }
  };
  const sitesOf = async (token: string) =>
    (await server.api('GET', '/api/sites', { token })).body.sites as {
      subdomain: string;
      expiresAt: string | null;
    }[];
  const signUp = async (email: string) => {
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full name').fill('Gale Guest');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
  };
  const deployOnUpload = async (subdomain: string) => {
    await page.goto(`${server.url}/upload`);
    await shows('create a free account');
    await page.getByLabel('Your code').fill(htmlArtifact(subdomain));
    await page.getByLabel('Subdomain').fill(subdomain);
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    await page.waitForURL(/\/deployments\/[^/]+$/);
    await shows('Deployed Successfully', 60_000);
  };

  it("moves a guest's two sites into the account made on /auth in the same browser", async () => {
    await freshVisitor();
    const first = uniqueSubdomain('first');
    const second = uniqueSubdomain('second');
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Continue as guest (24h sites)' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    await shows('your guest sites move into your account and stop expiring');
    await deployOnUpload(first);
    await deployOnUpload(second);

    await page.goto(`${server.url}/dashboard`);
    await shows(first);
    await shows(/\d+ hours? left/);
    await page.goto(`${server.url}/auth`);
    await signUp(`gale-${Date.now()}@example.com`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await shows('2 sites moved to your account');
    await shows(first);
    await shows(second);
    expect(await page.getByText(/\d+ (hours?|minutes?) left/).count()).toBe(0);

    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const mine = await sitesOf(token);
    expect(mine.map((s) => s.subdomain).sort()).toEqual([first, second].sort());
    expect(mine.every((s) => s.expiresAt === null)).toBe(true);
  });

  it('asks which guest sites to keep when the plan cannot take them all', async () => {
    const email = `full-${Date.now()}@example.com`;
    const member = await registerUser(server, { email, password: PASSWORD });
    for (let i = 0; i < 2; i++) {
      expect(
        (await deployCode(server, member.token, uniqueSubdomain('own'), htmlArtifact('own')))
          .status,
      ).toBe(201);
    }
    const guest = await guestSession(server);
    const made: string[] = [];
    for (const name of ['recipe-box', 'trip-planner']) {
      const subdomain = uniqueSubdomain(name);
      const res = await deployCode(server, guest.token, subdomain, htmlArtifact(subdomain));
      await waitForDeployment(server, guest.token, res.body.deployment.id);
      made.push(subdomain);
    }

    await freshVisitor();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), guest.token);
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Choose the guest sites to keep' });
    await dialog.waitFor();
    await shows(
      'Your Free plan has room for 1 more site: choose which of the 2 guest sites you made in this browser to keep',
    );
    await shows('1 of 1 chosen');
    await screenshotScreen(page, 'guest-claim-pick');

    // One is chosen; the other cannot be added beside it until the first is let go.
    const boxes = dialog.getByRole('checkbox');
    const checked = await boxes.evaluateAll((all) =>
      all.map((b) => (b as HTMLInputElement).checked),
    );
    expect(checked.filter(Boolean)).toHaveLength(1);
    const other = boxes.nth(checked.indexOf(false));
    expect(await other.isDisabled()).toBe(true);
    await boxes.nth(checked.indexOf(true)).uncheck();
    await other.check();
    await dialog.getByRole('button', { name: 'Keep 1 site' }).click();
    await shows('1 site moved to your account');
    await dialog.waitFor({ state: 'hidden' });

    const kept = made[checked.indexOf(false)]!;
    const mine = await sitesOf(member.token);
    expect(mine).toHaveLength(3);
    expect(mine.find((s) => s.subdomain === kept)?.expiresAt).toBeNull();
    expect(mine.some((s) => s.subdomain === made[checked.indexOf(true)])).toBe(false);
  });

  it('a claim link: sign up from it, the site moves, and the link is spent', async () => {
    const subdomain = uniqueSubdomain('from-curl');
    const res = await deployCode(server, undefined, subdomain, htmlArtifact(subdomain));
    expect(res.status).toBe(201);
    const path = new URL(res.body.claimUrl!).pathname;

    await freshVisitor();
    await page.goto(`${server.url}${path}`);
    await shows('Keep this site');
    await shows(subdomain);
    await shows(/\d+ hours? left/);
    await screenshotScreen(page, 'guest-claim-link');

    await page.getByRole('button', { name: 'Create a free account' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signUp(`claimer-${Date.now()}@example.com`);
    await page.waitForURL((url) => url.pathname === path);
    await shows('Site moved to your account');
    await shows('Kept');
    await screenshotScreen(page, 'guest-claim-moved');
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    expect(await sitesOf(token)).toEqual([expect.objectContaining({ subdomain, expiresAt: null })]);

    // Once is all: the dashboard is home now, and the link says it has been used.
    await page.goto(`${server.url}/dashboard`);
    await shows(subdomain);
    await page.goto(`${server.url}${path}`);
    await shows('This link cannot be used');
    await shows('This claim link has already been used');
    await screenshotScreen(page, 'guest-claim-used');
  });
  it('a claim link opened by an account whose plan is full moves nothing and says how to make room', async () => {
    const member = await registerUser(server, {
      email: `packed-${Date.now()}@example.com`,
      password: PASSWORD,
    });
    for (let i = 0; i < 3; i++) {
      expect(
        (await deployCode(server, member.token, uniqueSubdomain('full'), htmlArtifact('full')))
          .status,
      ).toBe(201);
    }
    const subdomain = uniqueSubdomain('no-room');
    const res = await deployCode(server, undefined, subdomain, htmlArtifact(subdomain));
    const path = new URL(res.body.claimUrl!).pathname;

    await freshVisitor();
    await page.goto(server.url);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), member.token);
    await page.goto(`${server.url}${path}`);
    const dialog = page.getByRole('dialog', { name: 'No room for your guest sites' });
    await dialog.waitFor();
    await shows('Your Free plan is full, so the guest site of this claim link cannot move');
    expect(await dialog.getByRole('checkbox').isDisabled()).toBe(true);
    await screenshotScreen(page, 'guest-claim-full');
    await dialog.getByRole('button', { name: 'Let it expire' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await shows('Your plan is full');
    await shows('There is no room in your plan for more sites');
    expect(await sitesOf(member.token)).toHaveLength(3);
    // Nothing was spent: after making room, the same link still works.
    const info = await server.api('GET', `/api/sites/claim/${path.split('/').pop()}`);
    expect(info.status).toBe(200);
  });
});
