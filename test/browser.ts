import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { HEADLESS_CHROMIUM_ARGS } from '../src/server/lib/headless-chromium';

// Debian's Chromium, never a downloaded one: the tests run the browser the machine keeps up
// to date, started as the product starts it for link previews.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_CHROMIUM_ARGS });
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../e2e/screenshots');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

/**
 * Saves the screen as it is, in light and dark, at desktop and phone widths, so people can
 * look at every screen after a run. Restores the page's own viewport and theme afterwards.
 */
export async function screenshotScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  // A sticky header lands mid-page in a full-page shot of a scrolled page.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => document.documentElement.classList.toggle('dark', dark),
        theme === 'dark',
      );
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${size}-${theme}.png`),
        fullPage: true,
        // Colour transitions would otherwise catch buttons half-way into the new theme.
        animations: 'disabled',
      });
    }
  }
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), wasDark);
  if (original) await page.setViewportSize(original);
}
