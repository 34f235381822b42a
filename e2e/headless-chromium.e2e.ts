import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from '../test/browser';

/** The command lines of this process's child processes (the browser Playwright started). */
function childCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // the parent's pid is the 4th field, after the command name in parentheses
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      // the process ended while being read
    }
  }
  return lines;
}

// Link previews and the browser tests start Chromium with HEADLESS_CHROMIUM_ARGS
// (src/server/lib/headless-chromium.ts). Its --disable-features replaces Playwright's own list,
// so it must carry every name of it; and it turns off the address bar's popup pages.
describe('headless Chromium as the product starts it', () => {
  it("keeps every feature Playwright turns off, and opens no pages of the browser's own UI", async () => {
    const before = new Set(childCommandLines().map((args) => args.join(' ')));
    const browser = await launchBrowser();
    try {
      const started = childCommandLines().find(
        (args) => !before.has(args.join(' ')) && args.some((a) => a.includes('chromium')),
      );
      expect(started, 'the browser process').toBeDefined();
      const lists = started!
        .filter((a) => a.startsWith('--disable-features='))
        .map((a) => a.slice('--disable-features='.length).split(','));
      expect(lists.length, "Playwright's list and ours").toBeGreaterThan(1);
      // Chromium applies the last one only
      const applied = lists.at(-1)!;
      const dropped = lists
        .slice(0, -1)
        .flat()
        .filter((feature) => !applied.includes(feature));
      expect(dropped, 'features Playwright turns off that ours would turn back on').toEqual([]);

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('data:text/html,<p>hello</p>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.filter((t) => t.type !== 'page').map((t) => t.url)).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
