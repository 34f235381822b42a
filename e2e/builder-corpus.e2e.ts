import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../test/browser';
import { loadCorpus, sampleInput } from '../test/builder-corpus';
import { serveBuild } from '../test/builder-serve';
import { build, BuildError, type PackageResolver } from '../src/builder/index';

const offlineNpm: PackageResolver = async (name) => {
  throw new BuildError(`The package "${name}" does not exist on npm.`);
};

describe('built artifacts in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const sample of loadCorpus().filter((s) => s.expect === 'renders')) {
    it(`${sample.file} shows "${sample.text}"`, async () => {
      const result = await build(sampleInput(sample), { resolvePackage: offlineNpm });
      const site = await serveBuild(result.files);
      const page = await browser.newPage();
      const errors: string[] = [];
      try {
        // offline, like CI: only the site's own origin answers
        await page.route('**/*', (route) =>
          route.request().url().startsWith(site.url) ? route.continue() : route.abort(),
        );
        page.on('pageerror', (err) => errors.push(err.message));
        await page.goto(site.url, { waitUntil: 'load' });
        await page.waitForTimeout(1000);
        if (sample.needsInternet) return;
        expect(errors).toEqual([]);
        await expect
          .poll(() => page.getByText(sample.text!).first().isVisible(), { timeout: 5000 })
          .toBe(true);
      } finally {
        await page.close();
        await site.close();
      }
    });
  }
});
