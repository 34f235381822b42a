import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../lib/ids';
import type { Encoding, HostedFile } from './hosted-file';
import { serveFile, siteRouter } from './serve';

function hosted(path: string, text: string, contentType: string, immutable = false): HostedFile {
  const identity = Buffer.from(text);
  const bodies: Record<Encoding, Buffer> = {
    identity,
    gzip: gzipSync(identity),
    br: brotliCompressSync(identity),
  };
  return {
    path,
    contentType,
    sha256: sha256Hex(identity),
    immutable,
    encodings: new Set<Encoding>(['br', 'gzip']),
    size: identity.byteLength,
    read: (encoding) => bodies[encoding],
  };
}

const files = new Map<string, HostedFile>(
  [
    hosted('index.html', '<h1>home</h1>', 'text/html; charset=utf-8'),
    hosted('about.html', '<h1>about</h1>', 'text/html; charset=utf-8'),
    hosted('docs/index.html', '<h1>docs</h1>', 'text/html; charset=utf-8'),
    hosted('assets/app.3f9a1c.js', 'console.log(1)', 'text/javascript; charset=utf-8', true),
    hosted('logo.svg', '<svg/>', 'image/svg+xml'),
  ].map((f) => [f.path, f]),
);

let server: Server;
let base: string;
let documents = 0;
/** Every header value the hosting core handed Node, by its type. */
const headerTypes = new Set<string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, headers: Record<string, unknown>) => {
      for (const value of Object.values(headers)) headerTypes.add(typeof value);
      return writeHead(status, headers as Record<string, string>);
    }) as typeof res.writeHead;
    void serveFile(
      req,
      res,
      siteRouter((p) => files.get(p)),
      {
        notFoundPage: '<h1>Nothing here</h1>',
        onDocument: () => documents++,
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// fetch always asks for and decodes compression: ask identity unless a test says otherwise.
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(base + path, { method, headers: { 'accept-encoding': 'identity', ...headers } });

describe('hosting core', () => {
  it('serves / as index.html with HTML caching and security headers', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<h1>home</h1>');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('serves clean URLs and folder indexes', async () => {
    expect(await (await get('/about')).text()).toBe('<h1>about</h1>');
    expect(await (await get('/docs/')).text()).toBe('<h1>docs</h1>');
    expect(await (await get('/docs')).text()).toBe('<h1>docs</h1>');
    expect(await (await get('/about.html?x=1')).text()).toBe('<h1>about</h1>');
  });

  it('falls back to index.html for extension-less client routes', async () => {
    const res = await get('/app/settings/profile');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<h1>home</h1>');
  });

  it('answers a missing file with the friendly 404 page', async () => {
    const res = await get('/missing.png');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('Nothing here');
  });

  it('caches hashed assets forever with the right type', async () => {
    const res = await get('/assets/app.3f9a1c.js');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/logo.svg')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 304 to a matching ETag, per encoding', async () => {
    const first = await get('/about');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get('/about', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await get('/about', { 'if-none-match': '"nope"' });
    expect(other.status).toBe(200);
    const br = await get('/about', { 'accept-encoding': 'br' });
    expect(br.headers.get('etag')).toBe(etag.replace(/"$/, '-br"'));
    const weak = await get('/about', {
      'if-none-match': `W/${br.headers.get('etag')}`,
      'accept-encoding': 'br',
    });
    expect(weak.status).toBe(304);
  });

  it('chooses brotli, then gzip, by Accept-Encoding', async () => {
    const { request } = await import('node:http');
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; length: number }>((resolve, reject) => {
        request(`${base}/about`, { headers: { 'accept-encoding': encoding } }, (res) => {
          let length = 0;
          res.on('data', (c: Buffer) => (length += c.byteLength));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], length }));
        })
          .on('error', reject)
          .end();
      });
    expect((await raw('gzip, deflate, br')).encoding).toBe('br');
    expect((await raw('gzip')).encoding).toBe('gzip');
    expect((await raw('br;q=0, gzip')).encoding).toBe('gzip');
    expect((await raw('identity')).encoding).toBeUndefined();
    const gz = await raw('gzip');
    expect(gz.length).toBe(gzipSync(Buffer.from('<h1>about</h1>')).byteLength);
  });

  it('answers HEAD with headers only, and refuses other methods', async () => {
    const head = await get('/about', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String('<h1>about</h1>'.length));
    expect(await head.text()).toBe('');
    const post = await get('/about', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('hands Node header values as strings only, whatever the answer', async () => {
    // Node's header writer is built for strings: a number (a length) is converted on each
    // answer and cost bare Node itself about 6% of its rate.
    headerTypes.clear();
    await get('/');
    await get('/', { 'accept-encoding': 'br' });
    await get('/assets/app.3f9a1c.js', { 'accept-encoding': 'gzip' });
    await get('/about', { range: 'bytes=0-3' });
    await get('/about', { range: 'bytes=900-' });
    await get('/about', {}, 'HEAD');
    await get('/about', {}, 'POST');
    await get('/missing.png');
    const etag = (await get('/logo.svg')).headers.get('etag')!;
    await get('/logo.svg', { 'if-none-match': etag });
    expect([...headerTypes]).toEqual(['string']);
  });

  it('counts HTML documents only', async () => {
    const before = documents;
    await get('/');
    await get('/logo.svg');
    await get('/assets/app.3f9a1c.js');
    await get('/missing.png');
    await get('/about', {}, 'HEAD');
    expect(documents - before).toBe(1);
  });

  it('never climbs out of the site', async () => {
    const res = await get('/../../etc/passwd');
    expect([200, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('root:');
    expect((await get('/%E0%A4%A')).status).toBe(400);
  });
});
