import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployCode,
  fetchSite,
  htmlArtifact,
  uniqueSubdomain,
  waitForDeployment,
} from '../../../test/deploy';
import { registerUser, startTestServer, type TestServer } from '../../../test/server';

const INLINE = "document.documentElement.dataset.early = 'yes';";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script>
<script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

describe('security headers', () => {
  let webDir: string;
  let server: TestServer;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1);');
    server = await startTestServer('sqlite', {}, { webDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const csp = (headers: Headers) =>
    new Map(
      (headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it("guards the app's pages, not the hosted sites: CSP with the inline script's hash, no framing", async () => {
    const page = await fetch(`${server.url}/dashboard`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const policy = csp(page.headers);
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(policy.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    // Plain HTTP: asking the browser to upgrade would break every asset.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('strict-transport-security')).toBeNull();

    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');

    // An artifact may be framed and run its own scripts: its host gets none of this.
    const ann = await registerUser(server);
    const subdomain = uniqueSubdomain('framed');
    const site = await deployCode(server, ann.token, subdomain, htmlArtifact('framed'));
    await waitForDeployment(server, ann.token, site.body.deployment.id);
    const hosted = await fetchSite(server.port, subdomain);
    expect(hosted.status).toBe(200);
    expect(hosted.headers['x-frame-options']).toBeUndefined();
    expect(String(hosted.headers['content-security-policy'] ?? '')).not.toContain(
      'frame-ancestors',
    );
  });

  it('sends them on API answers, errors included', async () => {
    for (const res of [
      await server.api('GET', '/api/health'),
      await server.api('GET', '/api/no-such-route'),
      await server.api('GET', '/api/auth/me'),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('asks for HTTPS only when the app is served over it', async () => {
    const https = await startTestServer('sqlite', { APP_ORIGIN: 'https://app.example.test' });
    try {
      const res = await https.api('GET', '/api/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(csp(res.headers).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await https.close();
    }
  });
});
