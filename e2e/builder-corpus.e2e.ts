import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR } from '../test/browser';
import { loadCorpus, sampleInput, type Sample } from '../test/builder-corpus';
import { serveBuild } from '../test/builder-serve';
import { dialogsOutsideViewport, openWith, screenshot, VIEWPORT, visit } from '../test/page-look';
import { comparePng, isOneColour } from '../test/pixel-compare';
import { referenceBuild, sampleFiles } from '../test/reference-build';
import { referenceCdn } from '../test/reference-cdn';
import { classesWithoutRules } from '../test/tailwind-check';
import { build, createNpmResolver, DEFAULT_NPM_CACHE_DIR } from '../src/builder/index';

// The build may reach the npm registry (as deployments do, for CDN libraries and the long
// tail); the pages may not reach anything but their own site.
const resolvePackage = createNpmResolver({
  registry: process.env.NPM_REGISTRY ?? 'https://registry.npmjs.org',
  cacheDir: DEFAULT_NPM_CACHE_DIR,
});

/**
 * Both renders are deterministic (paused clock, seeded Math.random, same Chromium), so even a
 * button a few pixels narrower shows; this leaves room for a stray anti-aliased pixel only.
 */
const MAX_PIXEL_DIFF = 0.0001;
const SHOTS = path.join(SCREENSHOT_DIR, 'corpus');

/** Pages whose classes are Tailwind's: every React artifact, and HTML that loads Tailwind. */
async function usesTailwind(sample: Sample): Promise<boolean> {
  const files = await sampleFiles(sample);
  const pages = [...files].filter(([f]) => f.endsWith('.html'));
  return pages.length === 0 || pages.some(([, content]) => /tailwind/i.test(`${content}`));
}

/** Browsers ask every site for /favicon.ico; a 404 there is logged on every visit. */
async function favicon(siteUrl: string): Promise<string> {
  const res = await fetch(new URL('/favicon.ico', siteUrl));
  return `${res.status} ${res.headers.get('content-type') ?? ''}`;
}

describe('built artifacts in Chromium look as they did in the assistant', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  // The checks below must be able to fail: each is shown a page that is wrong in its way.
  it('the checks catch an unstyled class, a dialog off-screen, a blank page, a shifted one', async () => {
    const css = '.flex { display: flex } .own-card { padding: 4px }';
    const site = await serveBuild([
      { path: 'a.css', content: Buffer.from(css), contentType: 'text/css' },
      {
        path: 'index.html',
        contentType: 'text/html',
        content: Buffer.from(`<!doctype html><link rel="stylesheet" href="/a.css">
<div class="flex px-4 own-card"><span class="lucide">Styled?</span></div>
<div style="display:none" class="mt-8">hidden, so not judged</div>
<div role="dialog" style="position:fixed;left:40px;top:700px;width:200px;height:300px">Off-screen</div>
<div role="dialog" style="position:fixed;left:40px;top:40px;width:200px;height:100px">In view</div>`),
      },
      {
        path: 'blank.html',
        contentType: 'text/html',
        content: Buffer.from(
          '<!doctype html><div style="height:1200px"></div><p>Below the fold</p>',
        ),
      },
    ]);
    try {
      const page = await visit(browser, site.url);
      try {
        expect(await classesWithoutRules(page.page)).toEqual(['px-4']);
        const outside = await dialogsOutsideViewport(page.page);
        expect(outside).toHaveLength(1);
        expect(outside[0]).toContain('Off-screen');
        const shot = await screenshot(page.page);
        expect(isOneColour(shot)).toBe(false);
        expect(comparePng(shot, shot).ratio).toBe(0);
        await page.page.evaluate(() =>
          document.body.insertAdjacentHTML('afterbegin', '<div style="height:40px"></div>'),
        );
        expect(comparePng(await screenshot(page.page), shot).ratio).toBeGreaterThan(MAX_PIXEL_DIFF);
      } finally {
        await page.close();
      }
      const blank = await visit(browser, `${site.url}blank.html`);
      try {
        const shot = await screenshot(blank.page);
        expect(isOneColour(shot, VIEWPORT.height)).toBe(true);
        expect(isOneColour(shot)).toBe(false);
      } finally {
        await blank.close();
      }
    } finally {
      await site.close();
    }
  });

  for (const sample of loadCorpus().filter((s) => s.expect === 'renders')) {
    it(`${sample.file} shows "${sample.text}" as the reference does`, async () => {
      const name = sample.file.replace(/\.\w+$/, '');
      const result = await build(sampleInput(sample), { resolvePackage });
      const site = await serveBuild(result.files);
      const built = await visit(browser, site.url);
      try {
        if (sample.open) await openWith(built.page, sample.open);
        if (sample.pageError)
          expect
            .soft(built.errors.join('\n'), 'the error the sample throws')
            .toContain(sample.pageError);
        else expect.soft(built.errors, 'page errors').toEqual([]);
        const textShown = await expect
          .poll(() => built.page.getByText(sample.text!).first().isVisible(), { timeout: 5000 })
          .toBe(true)
          .then(
            () => true,
            () => false,
          );
        expect.soft(textShown, `"${sample.text}" is visible`).toBe(true);
        expect.soft(await favicon(site.url), '/favicon.ico').toMatch(/^200 image\//);
        if (await usesTailwind(sample)) {
          expect
            .soft(
              await classesWithoutRules(built.page),
              'Tailwind classes on visible elements with no rule in the page CSS',
            )
            .toEqual([]);
        }
        expect
          .soft(await dialogsOutsideViewport(built.page), 'open dialogs outside the viewport')
          .toEqual([]);
        let shot = await screenshot(built.page);
        writeFileSync(path.join(SHOTS, `${name}-built.png`), shot);
        expect
          .soft(isOneColour(shot, VIEWPORT.height), 'the first screen is one flat colour (blank)')
          .toBe(false);
        if (sample.noPixelCompare) return;

        const reference = await referenceBuild(sample);
        const referenceSite = await serveBuild(reference.files);
        try {
          const referenceShot = async (): Promise<Buffer> => {
            const ref = await visit(
              browser,
              referenceSite.url + reference.page,
              referenceCdn(reference.files),
            );
            try {
              if (sample.open) await openWith(ref.page, sample.open);
              // a broken reference would make the comparison meaningless
              expect(ref.errors, 'page errors in the reference render').toEqual([]);
              return await screenshot(ref.page);
            } finally {
              await ref.close();
            }
          };
          let refShot = await referenceShot();
          writeFileSync(path.join(SHOTS, `${name}-reference.png`), refShot);
          let cmp = comparePng(shot, refShot);
          const limit = sample.maxPixelDiff ?? MAX_PIXEL_DIFF;
          if (cmp.ratio > limit) {
            // Settling follows the page's own clock, but some of its work runs in real time
            // (a chart measures its box before it draws); on a loaded machine one render in
            // many is caught before that work is done. A difference the builder causes is there
            // on every visit, so it is judged on a second pair of visits, and the log says
            // which render changed between the two.
            const again = await visit(browser, site.url);
            let shotAgain: Buffer;
            try {
              if (sample.open) await openWith(again.page, sample.open);
              shotAgain = await screenshot(again.page);
            } finally {
              await again.close();
            }
            const refAgain = await referenceShot();
            const changed = [
              comparePng(shotAgain, shot).ratio > limit && 'the built page',
              comparePng(refAgain, refShot).ratio > limit && 'the reference',
            ].filter(Boolean);
            console.info(
              `${sample.file}: ${(cmp.ratio * 100).toFixed(2)}% differed on the first visits; ` +
                `looked again (changed between visits: ${changed.join(' and ') || 'neither'})`,
            );
            [shot, refShot] = [shotAgain, refAgain];
            writeFileSync(path.join(SHOTS, `${name}-built.png`), shot);
            writeFileSync(path.join(SHOTS, `${name}-reference.png`), refShot);
            cmp = comparePng(shot, refShot);
          }
          writeFileSync(path.join(SHOTS, `${name}-diff.png`), cmp.diff);
          const missing = built.notFound.length ? `; 404 on ${built.notFound.join(', ')}` : '';
          console.info(
            `${sample.file}: ${(cmp.ratio * 100).toFixed(2)}% of pixels differ${missing}`,
          );
          expect
            .soft(
              cmp.ratio,
              `pixels differing from the reference (${sample.file}, ${cmp.sizes}; see e2e/screenshots/corpus/${name}-diff.png)`,
            )
            .toBeLessThanOrEqual(limit);
        } finally {
          await referenceSite.close();
        }
      } finally {
        await built.close();
        await site.close();
      }
    });
  }
});
