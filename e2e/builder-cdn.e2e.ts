import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../test/browser';
import { loadCorpus, sampleInput, type Sample } from '../test/builder-corpus';
import { serveBuild } from '../test/builder-serve';
import { build, createNpmResolver, DEFAULT_NPM_CACHE_DIR } from '../src/builder/index';

// Pages that loaded their libraries, styles and fonts from CDNs, built with the real npm
// registry (the one outside service this machine reaches): in Chromium they must work with
// every third-party host unreachable, and must not even try one.
const resolvePackage = createNpmResolver({
  registry: process.env.NPM_REGISTRY ?? 'https://registry.npmjs.org',
  cacheDir: DEFAULT_NPM_CACHE_DIR,
});

// every page and every zip (static sites, and React zips whose entry must be found)
const isPageSample = (s: Sample) =>
  s.expect === 'renders' && (s.kind === 'html' || s.kind === 'zip');

/** What each sample must show beyond its text, checked in the page. */
const LOOKS: Record<string, (page: Page) => Promise<void>> = {
  '34-city-stats-cdn-libraries.html': async (page) => {
    // Leaflet's marker image comes from its own CSS folder, Chart.js drew, d3 made bars
    await expect
      .poll(() =>
        page.evaluate(() => {
          const img = document.querySelector<HTMLImageElement>('.leaflet-marker-icon');
          return img ? img.complete && img.naturalWidth > 0 : false;
        }),
      )
      .toBe(true);
    expect(await page.locator('#bars rect').count()).toBe(4);
    expect(await page.getByText('Amsterdam: 3115 thousand trips').isVisible()).toBe(true);
  },
  '35-launch-page-tailwind-play.html': async (page) => {
    const cta = page.getByRole('button', { name: 'Join the waitlist' });
    expect(await cta.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(79, 70, 229)',
    );
    await page.fill('#email', 'sam@example.com');
    await cta.click();
    const message = page.locator('#message');
    await expect.poll(() => message.isVisible()).toBe(true);
    // bg-emerald-100 appears only in the script's text
    expect(await message.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(209, 250, 229)',
    );
  },
  '36-bakery-google-fonts-import.html': async (page) => {
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(async () => {
      const faces = [
        'italic 400 20px Lora',
        '700 20px Lora',
        '48px Pacifico',
        '600 16px "Open Sans"',
      ];
      await Promise.all(faces.map((f) => document.fonts.load(f)));
      return faces.filter((f) => document.fonts.check(f));
    });
    expect(loaded).toHaveLength(4);
  },
  '33-recipes-babel-src': async (page) => {
    await page.getByRole('button', { name: 'Sheet-Pan Fajitas' }).click();
    await expect.poll(() => page.getByText('Ready in 30 minutes').isVisible()).toBe(true);
  },
  '40-tip-splitter-esm-cdn.html': async (page) => {
    // one React for react-dom and the page: state updates re-render
    expect(await page.getByText('Dinner on Friday, 17 May').isVisible()).toBe(true);
    await page.locator('input[type=number]').last().fill('4');
    await expect.poll(() => page.locator('#each').textContent()).toBe('€24.15 each');
    await page.getByRole('button', { name: 'Settle up' }).click();
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0);
  },
  '41-knot-three-importmap.html': async (page) => {
    await expect
      .poll(() => page.locator('#info').textContent())
      .toMatch(/^Knot \(2, 3\) with \d+ triangles$/);
    expect(await page.locator('canvas').count()).toBe(1);
  },
  '60-ball-drop-matter-cdnjs.html': async (page) => {
    // Matter.js ran: balls were dropped and drawn
    expect(await page.locator('#readout').textContent()).toBe('Balls in play: 5');
    await page.getByRole('button', { name: 'Drop 5 balls' }).click();
    await expect.poll(() => page.locator('#readout').textContent()).toBe('Balls in play: 10');
  },
  '61-barrel-import-list-zip': async (page) => {
    // the app (ReadingList), not one of the barrel's other exports
    await page.getByRole('button', { name: 'Read 20 pages' }).first().click();
    await expect.poll(() => page.getByText('480 pages read this season').isVisible()).toBe(true);
  },
  '62-guestbook-firebase-gstatic.html': async (page) => {
    // the module ran with Firebase's SDK served by the site
    await expect
      .poll(() => page.locator('#status').textContent())
      .toBe('Firebase app "[DEFAULT]" ready for project guestbook-demo (notes, auth on).');
    await page.fill('#note', 'Hello from the test');
    await page.getByRole('button', { name: 'Sign' }).click();
    await expect.poll(() => page.getByText('You: Hello from the test').isVisible()).toBe(true);
  },
  '63-cafe-map-leaflet-cluster.html': async (page) => {
    // the plugin ran, and its stylesheets (from cdnjs, made local) are the page's
    expect(
      await page.evaluate(
        () =>
          typeof (window as never as { L: { markerClusterGroup?: unknown } }).L.markerClusterGroup,
      ),
    ).toBe('function');
    const rules = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].map((r) => (r as CSSStyleRule).selectorText ?? ''),
      ),
    );
    expect(rules).toContain('.marker-cluster-small');
    expect(await page.locator('path.leaflet-interactive').count()).toBeGreaterThan(0);
  },
  '64-focus-timer-play-babel.html': async (page) => {
    // classes written only in the Babel script are styled
    const title = page.getByRole('heading', { name: 'Focus Timer' });
    expect(await title.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('800');
    await page.getByRole('button', { name: 'Short break' }).click();
    const chip = page.getByRole('button', { name: 'Short break' });
    await expect
      .poll(() => chip.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(16, 185, 129)');
  },
  '38-quiz-component-zip': async (page) => {
    await page.getByRole('button', { name: 'Jupiter' }).click();
    expect(await page.getByText('What gas do plants take in?').isVisible()).toBe(true);
  },
  '39-barrel-index-zip': async (page) => {
    // the app (PlantCare), not the barrel's last export (a lone WaterBadge)
    expect(await page.getByRole('button', { name: 'Watered' }).count()).toBe(3);
    await page.getByRole('button', { name: 'Watered' }).first().click();
    await expect.poll(() => page.getByText('Water in 7 days').isVisible()).toBe(true);
  },
  '37-nested-kit-app': async (page) => {
    expect(await page.locator('#tides tbody tr').count()).toBe(4);
    expect(
      await page.locator('header img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
  },
};

describe('pages built from CDN links, in Chromium with every other host blocked', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows Material Icons from a Google Fonts link as icons, not words', async () => {
    const result = await build(
      {
        kind: 'html',
        source: `<!doctype html><html><head><title>Icons</title>
<link href="https://fonts.googleapis.com/icon?family=Material+Icons" rel="stylesheet">
</head><body><h1>Icons</h1><span id="icon" class="material-icons">shopping_cart</span></body></html>`,
      },
      { resolvePackage },
    );
    const site = await serveBuild(result.files);
    const page = await browser.newPage();
    try {
      await page.route('**/*', (route) =>
        route.request().url().startsWith(site.url) ? route.continue() : route.abort(),
      );
      await page.goto(site.url, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      // the ligature draws one 24px glyph where the word would be ~120px of text
      const width = await page.locator('#icon').evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeLessThan(30);
    } finally {
      await page.close();
      await site.close();
    }
  });

  for (const sample of loadCorpus().filter(isPageSample)) {
    it(`${sample.file} shows "${sample.text}" and asks no third party for anything`, async () => {
      const result = await build(sampleInput(sample), { resolvePackage });
      const site = await serveBuild(result.files);
      const page = await browser.newPage();
      const thirdParty: string[] = [];
      const errors: string[] = [];
      try {
        await page.route('**/*', (route) => {
          const url = route.request().url();
          if (url.startsWith(site.url) || url.startsWith('data:')) return route.continue();
          thirdParty.push(url);
          return route.abort();
        });
        page.on('pageerror', (err) => errors.push(err.message));
        await page.goto(site.url, { waitUntil: 'load' });
        await expect
          .poll(() => page.getByText(sample.text!).first().isVisible(), { timeout: 10_000 })
          .toBe(true);
        await LOOKS[sample.file]?.(page);
        // every image the page shows (library images included) arrived
        const broken = await page.evaluate(() =>
          [...document.images]
            .filter((img) => img.complete && img.naturalWidth === 0)
            .map((img) => img.src),
        );
        expect(broken).toEqual([]);
        expect(errors).toEqual([]);
        expect(thirdParty).toEqual([]);
      } finally {
        await page.close();
        await site.close();
      }
    });
  }
});
