import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../test/browser';
import { CORPUS_DIR } from '../test/builder-corpus';
import { serveBuild } from '../test/builder-serve';
import { visit } from '../test/page-look';
import { build, type BuildInput } from '../src/builder/index';

// A page that throws while starting shows a small card saying what failed, not a blank page;
// a page that works never shows it.
async function open(browser: Browser, input: BuildInput) {
  const site = await serveBuild((await build(input)).files);
  const page = await visit(browser, site.url);
  return {
    ...page,
    close: async () => {
      await page.close();
      await site.close();
    },
  };
}

/** The card's script tags: the stub adds one at a page's first error, none before. */
const cardFetches = (page: Page) =>
  page
    .locator('script[src*="assets/error-card-"]')
    .evaluateAll((tags) => tags.map((t) => (t as HTMLScriptElement).src));

describe('the error card', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows what failed, in which component and line, when a React app throws while mounting', async () => {
    const source = readFileSync(path.join(CORPUS_DIR, '66-order-summary-throws.jsx'), 'utf8');
    const p = await open(browser, { kind: 'code', source });
    try {
      const card = p.page.getByRole('alert');
      await expect.poll(() => card.isVisible()).toBe(true);
      const text = await card.innerText();
      expect(text).toContain('This page could not start.');
      expect(text).toContain("TypeError: Cannot read properties of undefined (reading 'map')");
      expect(text).toContain('In LineItems, App.jsx line 16');
      // out of the way: a small box of plain grey text, not a screen of red
      const look = await card.evaluate((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return { font: s.fontSize, color: s.color, width: box.width, height: box.height };
      });
      expect(look.font).toBe('14px');
      expect(look.color).toBe('rgb(63, 63, 70)');
      expect(look.width).toBeLessThanOrEqual(512);
      expect(look.height).toBeLessThan(200);
      // the page carried only the stub; the card came once the app had failed
      expect(await cardFetches(p.page)).toHaveLength(1);
    } finally {
      await p.close();
    }
  });

  it('is not downloaded by a React app that starts well', async () => {
    const p = await open(browser, {
      kind: 'code',
      source: 'export default function App() { return <h1 className="p-4">All good</h1>; }',
    });
    try {
      await expect.poll(() => p.page.getByText('All good').isVisible()).toBe(true);
      // the page has fully loaded: anything it was going to fetch at start is fetched
      await p.page.waitForLoadState('load');
      expect(await cardFetches(p.page)).toEqual([]);
      expect(await p.page.getByRole('alert').count()).toBe(0);
    } finally {
      await p.close();
    }
  });

  it('shows on a page of Babel scripts that throws before painting, and never on one that works', async () => {
    const page = (body: string) => `<!doctype html><html><head>
<script src="https://unpkg.com/react@18/umd/react.production.min.js"></script>
<script src="https://unpkg.com/react-dom@18/umd/react-dom.production.min.js"></script>
</head><body style="background:#111"><div id="root"></div>
<script type="text/babel">${body}</script></body></html>`;
    // no registry: React stays on unpkg, which the visit cannot reach, so the scripts throw
    const broken = await open(browser, {
      kind: 'html',
      source: page("ReactDOM.createRoot(document.getElementById('root')).render(<p>Hi</p>);"),
    });
    try {
      const card = broken.page.getByRole('alert');
      await expect.poll(() => card.isVisible()).toBe(true);
      expect(await card.innerText()).toContain('ReferenceError: ReactDOM is not defined');
    } finally {
      await broken.close();
    }
    // an error after the page painted; from a microtask, since the visit's test clock runs
    // timers inside the test and would throw a timer's error here instead of in the page
    const working = await open(browser, {
      kind: 'html',
      source: `<!doctype html><html><body><div id="root"></div>
<script>document.getElementById('root').textContent = 'Painted'; queueMicrotask(() => { throw new Error('later'); });</script></body></html>`,
    });
    try {
      await expect.poll(() => working.page.getByText('Painted').isVisible()).toBe(true);
      expect(working.errors).toEqual(['later']);
      expect(await working.page.getByRole('alert').count()).toBe(0);
    } finally {
      await working.close();
    }
  });
});
