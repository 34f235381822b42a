import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { compressText } from '../src/builder/compress';
import type { BuiltFile } from '../src/builder/index';

// Visiting a built site the way the build bench measures it: served with brotli, opened cold in
// Chromium over a modest mobile link.

/** A served file: the bytes a browser asking for brotli receives. */
export interface SiteFile {
  contentType: string;
  body: Buffer;
}

/** Serves built files with brotli, counting requests and bytes per visit. */
export async function serveSite(files: Map<string, SiteFile>) {
  let requests = 0;
  let bytes = 0;
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\//, '') || 'index.html';
    const file = files.get(p);
    requests++;
    if (!file) return void res.writeHead(404).end();
    bytes += file.body.byteLength;
    res
      .writeHead(200, {
        'content-type': file.contentType,
        'content-encoding': 'br',
        'cache-control': 'no-store',
      })
      .end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    take: () => {
      const seen = { requests, bytes };
      requests = 0;
      bytes = 0;
      return seen;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Milliseconds from navigation to the sample's text on screen, in a fresh (cold) context;
 * NaN when it never shows.
 */
export async function firstRender(browser: Browser, url: string, text: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // a modest mobile link, so round trips and bytes count as they do for visitors
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: (10 * 1024 * 1024) / 8,
      uploadThroughput: (5 * 1024 * 1024) / 8,
    });
    const started = Date.now();
    // a build that failed (the old builder on a sample it could not build) serves nothing
    const opened = await page.goto(url, { waitUntil: 'commit' }).then(
      (res) => res?.ok() ?? false,
      () => false,
    );
    if (!opened) return NaN;
    const shown = await page
      .getByText(text)
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    return shown ? Date.now() - started : NaN;
  } finally {
    await context.close();
  }
}

/**
 * A build's files as visitors get them once the site is live a few seconds: a `fast` build's
 * variants are compressed again at `best` in the background (pipeline/recompression.ts).
 */
export function toSite(files: BuiltFile[]): Map<string, SiteFile> {
  return new Map(files.map((f) => [f.path, { contentType: f.contentType, body: servedBody(f) }]));
}

const served = new WeakMap<BuiltFile, Buffer>();

/**
 * The bytes of a built file a browser asking for brotli gets once the site is live. Kept per
 * file: brotli at its best level is slow, and a bench asks for one file's bytes more than once.
 */
export function servedBody(f: BuiltFile): Buffer {
  let body = served.get(f);
  if (!body) {
    body = Buffer.from(f.br ? compressText(f.content, 'best').br : f.content);
    served.set(f, body);
  }
  return body;
}
