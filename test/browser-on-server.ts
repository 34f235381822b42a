import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestServer, type TestServer } from './server';

export interface BrowserOnServer {
  server: TestServer;
  browser: Browser;
  /** A desktop-sized context that may use the clipboard on the server's origin. */
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh server (SQLite) and a browser page on a desktop viewport, closed together. */
export async function openBrowserOnServer(): Promise<BrowserOnServer> {
  const server = await startTestServer('sqlite');
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  return {
    server,
    browser,
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
      await server.close();
    },
  };
}
