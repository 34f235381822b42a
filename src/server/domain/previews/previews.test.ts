import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Deployment } from '../../../shared/deployment';
import type { Site } from '../../../shared/site';
import { describeEachDatabase } from '../../../../test/databases';
import { deployCode, uniqueSubdomain, waitForDeployment } from '../../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../../test/server';
import { waitUntil } from '../../../../test/wait';

// Link previews through HTTP: a successful deployment gets a 1200×630 PNG served from its
// site, and its pages the social tags that point at it, unless the artifact has its own.

const CHROMIUM = '/usr/bin/chromium';

function getBytes(port: number, host: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** The colour of one pixel of a decoded PNG, as [r, g, b]. */
function pixel(png: PNG, x: number, y: number): number[] {
  const i = (y * png.width + x) * 4;
  return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
}

describeEachDatabase('link previews', (dialect) => {
  let cards: TestServer;
  let token: string;
  beforeAll(async () => {
    cards = await startTestServer(dialect, { LINK_PREVIEWS: 'true', PREVIEW_CHROMIUM: 'off' });
  });
  afterAll(() => cards?.close());
  beforeEach(async () => {
    token = (await registerUser(cards)).token;
  });

  async function deploy(server: TestServer, subdomain: string, code: string) {
    const res = await deployCode(server, token, subdomain, code);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const done = await waitForDeployment(server, token, res.body.deployment.id);
    return { siteId: res.body.site.id as string, deployment: done };
  }

  /** The site as the API shows it once its preview is made. */
  function siteWithPreview(server: TestServer, siteId: string): Promise<Site> {
    return waitUntil(
      async () => {
        const res = await server.api<{ site: Site }>('GET', `/api/sites/${siteId}`, { token });
        return res.body.site.previewUrl ? res.body.site : null;
      },
      { what: `the preview of site ${siteId}` },
    );
  }

  async function fetchPreview(server: TestServer, previewUrl: string) {
    const url = new URL(previewUrl);
    const port = Number(new URL(server.url).port);
    const answer = await getBytes(port, url.host, `${url.pathname}${url.search}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(String(answer.headers['cache-control'])).toContain('immutable');
    const png = PNG.sync.read(answer.body);
    expect([png.width, png.height]).toEqual([1200, 630]);
    return png;
  }

  it('gives a new deployment a generated card, served from the site, and social tags', async () => {
    const subdomain = uniqueSubdomain('lp-card');
    const html =
      '<!doctype html><html><head><title>Tide tables</title><meta name="theme-color" content="#0f766e">' +
      '<meta name="description" content="When the sea comes in"></head><body><h1>Tides</h1></body></html>';
    const { siteId, deployment } = await deploy(cards, subdomain, html);
    expect(deployment.status).toBe('SUCCESS');

    const site = await siteWithPreview(cards, siteId);
    const port = new URL(cards.url).port;
    expect(site.previewUrl).toMatch(
      new RegExp(`^http://${subdomain}\\.localhost:${port}/__preview\\.png\\?v=[0-9a-f]{16}$`),
    );
    const png = await fetchPreview(cards, site.previewUrl!);
    // the card is painted in the page's theme colour (a gradient from it, darker at the end)
    expect(pixel(png, 2, 2)).toEqual([0x0f, 0x76, 0x6e]);

    const shown = await cards.api<{ deployment: Deployment }>(
      'GET',
      `/api/deployments/${deployment.id}`,
      { token },
    );
    expect(shown.body.deployment.previewUrl).toContain('/__preview.png?v=');

    const page = await getBytes(Number(port), `${subdomain}.localhost:${port}`, '/');
    const text = page.body.toString('utf8');
    expect(text).toContain(`<meta property="og:image" content="${site.previewUrl}">`);
    expect(text).toContain('<meta property="og:title" content="Tide tables">');
    expect(text).toContain('<meta property="og:description" content="When the sea comes in">');
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("keeps an artifact's own og:image and adds only what it lacks", async () => {
    const subdomain = uniqueSubdomain('lp-own');
    const html =
      '<!doctype html><html><head><title>Own card</title>' +
      '<meta property="og:image" content="https://example.com/mine.png"></head><body>x</body></html>';
    const { siteId } = await deploy(cards, subdomain, html);
    await siteWithPreview(cards, siteId);
    const port = Number(new URL(cards.url).port);
    const text = (await getBytes(port, `${subdomain}.localhost:${port}`, '/')).body.toString();
    expect(text.match(/property="og:image"/g)).toHaveLength(1);
    expect(text).toContain('content="https://example.com/mine.png"');
    expect(text).not.toContain('/__preview.png');
    expect(text).toContain('<meta property="og:title" content="Own card">');
  });

  it('gives a failed build no preview', async () => {
    const subdomain = uniqueSubdomain('lp-failed');
    const res = await deployCode(
      cards,
      token,
      subdomain,
      'export default function A() { return <div> }',
    );
    expect(res.status).toBe(201);
    const failed = await waitForDeployment(cards, token, res.body.deployment.id);
    expect(failed.status).toBe('FAILED');
    // a good deployment after it: once its preview lands, the failed one still has none
    const ok = await deploy(cards, subdomain, '<!doctype html><title>Fine</title><p>fine</p>');
    await siteWithPreview(cards, ok.siteId);
    const history = await cards.api<{ deployments: Deployment[] }>(
      'GET',
      `/api/sites/${ok.siteId}/deployments`,
      { token },
    );
    const byId = new Map(history.body.deployments.map((d) => [d.id, d]));
    expect(byId.get(failed.id)?.previewUrl).toBeNull();
    expect(byId.get(ok.deployment.id)?.previewUrl).toContain('/__preview.png');
  });

  it('takes a screenshot of the page where Chromium is installed', async (ctx) => {
    if (!existsSync(CHROMIUM)) {
      ctx.skip(`no Chromium at ${CHROMIUM}: screenshots cannot be taken on this machine`);
      return;
    }
    const shots = await startTestServer(dialect, {
      LINK_PREVIEWS: 'true',
      PREVIEW_CHROMIUM: CHROMIUM,
    });
    try {
      token = (await registerUser(shots)).token;
      const subdomain = uniqueSubdomain('lp-shot');
      // A page whose look no card would have: a red band over the top half, green below.
      const html =
        '<!doctype html><html><head><title>Bands</title><style>body{margin:0}' +
        '.a{height:315px;background:#dc2626}.b{height:315px;background:#16a34a}</style></head>' +
        '<body><div class="a"></div><div class="b"></div></body></html>';
      const { siteId } = await deploy(shots, subdomain, html);
      const site = await siteWithPreview(shots, siteId);
      const png = await fetchPreview(shots, site.previewUrl!);
      expect(pixel(png, 600, 100)).toEqual([0xdc, 0x26, 0x26]);
      expect(pixel(png, 600, 500)).toEqual([0x16, 0xa3, 0x4a]);
    } finally {
      await shots.close();
    }
  }, 60_000);
  it('falls back to the card when the page never finishes loading, its browser killed', async (ctx) => {
    if (!existsSync(CHROMIUM)) {
      ctx.skip(`no Chromium at ${CHROMIUM}: screenshots cannot be taken on this machine`);
      return;
    }
    const shots = await startTestServer(dialect, {
      LINK_PREVIEWS: 'true',
      PREVIEW_CHROMIUM: CHROMIUM,
      PREVIEW_TIMEOUT_MS: '1000',
    });
    try {
      token = (await registerUser(shots)).token;
      const subdomain = uniqueSubdomain('lp-stuck');
      // a script that never returns: the page never loads, the deadline passes
      const html =
        '<!doctype html><html><head><title>Stuck</title><meta name="theme-color" content="#b45309">' +
        '</head><body><script>for(;;){}</script></body></html>';
      const { siteId } = await deploy(shots, subdomain, html);
      const site = await siteWithPreview(shots, siteId);
      const png = await fetchPreview(shots, site.previewUrl!);
      expect(pixel(png, 2, 2)).toEqual([0xb4, 0x53, 0x09]);
      expect(shots.logs.some((l) => l.includes('the link preview screenshot failed'))).toBe(true);
    } finally {
      await shots.close();
    }
  }, 60_000);
});
