import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../test/browser';
import { loadCorpus, sampleInput } from '../test/builder-corpus';
import { serveBuild } from '../test/builder-serve';
import {
  BuildError,
  createBuilder,
  type BuiltFile,
  type PackageResolver,
} from '../src/builder/index';

const offlineNpm: PackageResolver = async (name) => {
  throw new BuildError(`The package "${name}" does not exist on npm.`);
};

/**
 * Serves a build and lists every path asked for, the browser's own (favicon) included, which
 * the page's request events do not show.
 */
async function serveCounting(files: BuiltFile[]) {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\//, '') || 'index.html';
    asked.push(p);
    const file = byPath.get(p);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.contentType }).end(Buffer.from(file.content));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// What a visitor's browser fetches for a single-file React artifact: the page, the runtime,
// one stylesheet and one module. Anything more is a round trip before the first render.
describe('a single-file React artifact in Chromium', () => {
  let browser: Browser;
  const builder = createBuilder();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await builder.dispose();
  });

  // Built offline and expected to run without an error: a sample that needs the npm registry,
  // or that throws on purpose to show its error card, is the corpus test's to check.
  const samples = loadCorpus().filter(
    (s) =>
      s.expect === 'renders' &&
      (s.kind === 'jsx' || s.kind === 'tsx') &&
      !s.needsNpm &&
      !s.pageError,
  );
  for (const sample of samples) {
    it(`${sample.file}: at most 4 requests, and it renders`, async () => {
      const result = await builder.build(sampleInput(sample), { resolvePackage: offlineNpm });
      const site = await serveCounting(result.files);
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.goto(site.url, { waitUntil: 'networkidle' });
        // a sample whose text shows once something is opened names what to click
        const open = (sample as { open?: string }).open;
        if (open) await page.locator(open).first().click();
        await expect
          .poll(() => page.getByText(sample.text!).first().isVisible(), { timeout: 5000 })
          .toBe(true);
        // 04's avatar points at an image the artifact never shipped: not one of the page's own
        const own = site.asked.filter((p) => !/\.(jpe?g|png|webp)$/.test(p));
        expect(own.length, own.join('\n')).toBeLessThanOrEqual(4);
        expect(own).not.toContain('favicon.ico');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await site.close();
      }
    });
  }

  it('draws a default <Button> filled, and opens a <Dialog> centred over a backdrop', async () => {
    const result = await builder.build({
      kind: 'code',
      source: `import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Send } from 'lucide-react';
export default function App() {
  const [open, setOpen] = useState(false);
  return <main className="p-8">
    <Button onClick={() => setOpen(true)}><Send />Send invite</Button>
    <Dialog open={open} onOpenChange={setOpen}><DialogContent><DialogTitle>Invite sent</DialogTitle></DialogContent></Dialog>
  </main>;
}`,
    });
    const site = await serveBuild(result.files);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(site.url);
      const button = page.getByRole('button', { name: 'Send invite' });
      await button.waitFor();
      const look = await button.evaluate((b) => {
        const style = getComputedStyle(b);
        const icon = b.querySelector('svg')!.getBoundingClientRect();
        const label = b.getBoundingClientRect();
        return {
          background: style.backgroundColor,
          display: style.display,
          // icon beside the label, not above it
          iconInside: icon.top >= label.top && icon.bottom <= label.bottom,
        };
      });
      expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(look.display).toBe('inline-flex');
      expect(look.iconInside).toBe(true);

      await button.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect
        .poll(async () => {
          const box = (await dialog.boundingBox())!;
          return Math.abs(box.x + box.width / 2 - 640) < 2 && box.y > 0 && box.y + box.height < 800;
        })
        .toBe(true);
      const backdrop = await page.evaluate(() => {
        const el = document.elementFromPoint(5, 5)!;
        return {
          position: getComputedStyle(el).position,
          bg: getComputedStyle(el).backgroundColor,
        };
      });
      expect(backdrop.position).toBe('fixed');
      expect(backdrop.bg).not.toBe('rgba(0, 0, 0, 0)');
    } finally {
      await page.close();
      await site.close();
    }
  });
});
