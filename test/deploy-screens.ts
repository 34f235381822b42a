import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { CORPUS_DIR } from './builder-corpus';
import { startTestServer, type TestServer } from './server';

// What the browser tests of deploying share: a server and Chromium for the file, a fresh
// visitor per test, and the waits the deploy screens need.

export const corpus = (file: string) => readFileSync(path.join(CORPUS_DIR, file), 'utf8');
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
/** What the app's socket-down fallback waits between two fetches in the upload flow. */
export const UPLOAD_POLL_MS = 15_000;

export interface DeployScreens {
  /** The file's server (SQLite, both roles). */
  readonly server: TestServer;
  /** The page of the current visitor; replaced by `freshVisitor`. */
  readonly page: Page;
  /** The browser context of the current visitor (its clock, routes, new pages). */
  readonly context: BrowserContext;
  /** A new visitor: no token, nothing stored. */
  freshVisitor(origin?: string): Promise<void>;
  /**
   * Waits in the page itself (a toast that stays 4 s is seen on a slow machine too); a
   * failure quotes what the screen showed instead.
   */
  shows(text: string | RegExp, timeout?: number): Promise<void>;
  /**
   * After Deploy on /upload: the deployment's screen, then the upload flow's trip back to the
   * dashboard, which only a success makes. A failure says what the screen and the API showed.
   */
  followDeployToDashboard(): Promise<void>;
  /** The header's connection badge: 'Live' while the socket is up, 'Offline' while it is down. */
  socketShown(up: boolean): Promise<void>;
  deployButton(): Locator;
  /**
   * Stops the page's clock (installed with the context) once the socket is up. From here the
   * app's timers, like the trip back to the dashboard 3 s after success, wait for the test
   * to let time pass, however slowly this machine answers.
   */
  pauseClock(): Promise<void>;
  /** With the clock paused: lets page time pass in small steps until `text` shows. */
  tickUntilShown(text: string): Promise<void>;
  openUpload(query?: string): Promise<void>;
  /** A new account on `on` (the file's server unless told), by its token. */
  register(email: string, on?: TestServer): Promise<string>;
  signInWith(token: string, on?: TestServer): Promise<void>;
}

/** Starts a server and Chromium before the file's tests and closes them after. */
export function deployScreens(): DeployScreens {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`no ${what} yet: it starts in beforeAll / freshVisitor`);
    return value;
  };

  const screens: DeployScreens = {
    get server() {
      return started(server, 'server');
    },
    get page() {
      return started(page, 'page');
    },
    get context() {
      return started(context, 'browser context');
    },

    async freshVisitor(origin = screens.server.url) {
      await context?.close();
      context = await started(browser, 'browser').newContext({
        viewport: { width: 1280, height: 800 },
      });
      // Waits end on events; the limit only bounds a first run on a cold, busy machine,
      // where one wait may span a whole build.
      context.setDefaultTimeout(60_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      page = await context.newPage();
    },

    async shows(text, timeout = 30_000) {
      const page = screens.page;
      try {
        await page.getByText(text).first().waitFor({ state: 'visible', timeout });
      } catch (err) {
        const screen = await page.locator('body').innerText().catch(String);
        throw new Error(`'${text}' did not show on ${page.url()}; the screen says:\n${screen}`, {
          cause: err,
        });
      }
    },

    async followDeployToDashboard() {
      const page = screens.page;
      await page.waitForURL(/\/deployments\//);
      const id = new URL(page.url()).pathname.split('/').pop();
      try {
        await page.waitForURL((url) => url.pathname === '/dashboard');
      } catch (err) {
        const screen = await page.locator('main').innerText().catch(String);
        const token = (await page.evaluate(() => localStorage.getItem('auth_token'))) ?? undefined;
        const api = await screens.server.api('GET', `/api/deployments/${id}`, { token });
        throw new Error(
          `deployment ${id} never led back to the dashboard.\nAPI: ${JSON.stringify(api.body)}\nScreen:\n${screen}`,
          { cause: err },
        );
      }
    },

    socketShown: (up) =>
      expect
        .poll(
          () =>
            screens.page.getByTitle(up ? 'Connected' : 'Disconnected', { exact: true }).isVisible(),
          { timeout: 30_000 },
        )
        .toBe(true),

    deployButton: () => screens.page.getByRole('button', { name: 'Deploy', exact: true }),

    async pauseClock() {
      await screens.socketShown(true);
      await screens.context.clock.pauseAt(await screens.page.evaluate(() => Date.now() + 500));
    },

    tickUntilShown: (text) =>
      expect
        .poll(
          async () => {
            await screens.context.clock.runFor(50);
            return screens.page.getByText(text).first().isVisible();
          },
          { timeout: 60_000 },
        )
        .toBe(true),

    async openUpload(query = '') {
      await screens.page.goto(`${screens.server.url}/upload${query}`);
      await expect
        .poll(() =>
          screens.page
            .getByRole('heading', { name: 'Paste what your AI assistant gave you' })
            .isVisible(),
        )
        .toBe(true);
    },

    async register(email, on = screens.server) {
      const res = await on.api('POST', '/api/auth/register', {
        body: { email, password: 'a good long password', name: 'Robin Maker' },
      });
      expect(res.status).toBe(201);
      return res.body.token as string;
    },

    async signInWith(token, on = screens.server) {
      await screens.page.goto(on.url);
      await screens.page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    },
  };
  return screens;
}
