import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { chromium, type Browser, type Route } from 'playwright-core';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../../../shared/link-previews';
import { HEADLESS_CHROMIUM_ARGS } from '../../lib/headless-chromium';

// A screenshot of a site as a visitor's browser draws it: headless Chromium opens the site's
// address, and every request it makes is answered by this node's own hosting (as the status
// canary fetches) or refused. The page reaches no network but its own site, and whatever it
// does, the browser is killed at the deadline.

export interface ScreenshotSettings {
  /** The Chromium binary; null or missing on disk: no screenshots. */
  chromium: string | null;
  timeoutMs: number;
  /** This node's hosting listener. */
  port: () => number;
}

/** Whether this machine can take screenshots with these settings. */
export function canScreenshot(settings: ScreenshotSettings): boolean {
  return settings.chromium !== null && existsSync(settings.chromium);
}

/** Fetches one request of the page from this node's hosting, under the site's host name. */
function fromHosting(
  port: number,
  host: string,
  path: string,
  method: string,
  timeoutMs: number,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        // "preview" in the agent: hosting counts no page view for it (hosting/views.ts)
        headers: { host, 'user-agent': 'link-preview (headless)' },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            // the body is handed over whole and decoded: its length and coding are ours now
            if (value === undefined || ['content-length', 'transfer-encoding'].includes(name)) {
              continue;
            }
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: res.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * A 1200×630 PNG of the page at `http://{host}/`, `host` being a site host this node serves.
 * Rejects on any failure or past the deadline; the browser is gone either way.
 */
export async function screenshotSite(settings: ScreenshotSettings, host: string): Promise<Buffer> {
  if (!settings.chromium) throw new Error('screenshots are turned off');
  const started = chromium.launch({
    executablePath: settings.chromium,
    args: HEADLESS_CHROMIUM_ARGS,
    timeout: settings.timeoutMs,
  });
  let browser: Browser | null = null;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no screenshot within ${settings.timeoutMs} ms`)),
      settings.timeoutMs,
    );
  });
  try {
    const work = (async () => {
      browser = await started;
      const context = await browser.newContext({
        viewport: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT },
        serviceWorkers: 'block',
        colorScheme: 'light',
      });
      await context.route('**/*', async (route: Route) => {
        const url = new URL(route.request().url());
        if (url.protocol !== 'http:' || url.host !== host) return route.abort('blockedbyclient');
        try {
          const answer = await fromHosting(
            settings.port(),
            host,
            `${url.pathname}${url.search}`,
            route.request().method(),
            settings.timeoutMs,
          );
          await route.fulfill(answer);
        } catch {
          await route.abort('failed').catch(() => undefined);
        }
      });
      const page = await context.newPage();
      await page.goto(`http://${host}/`, { waitUntil: 'load', timeout: settings.timeoutMs });
      // Web fonts and a React first render land after load: wait for both, then two frames.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      });
      return page.screenshot({ type: 'png', animations: 'disabled', timeout: settings.timeoutMs });
    })();
    // past the deadline the work fails as its browser goes: nobody waits for it any more
    work.catch(() => undefined);
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    // a browser still starting at the deadline is closed as soon as it is up
    if (browser) await (browser as Browser).close().catch(() => undefined);
    else void started.then((b) => b.close()).catch(() => undefined);
  }
}
