import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, stopServer, type ChildServer } from '../../test/child-server';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../../test/databases';
import { uploadFile } from '../../test/deploy';
import { apiClient, type ApiCall } from '../../test/server';
import { makeZip } from '../../test/zip';
import { MAX_CODE_CHARS, MAX_SITE_FILES, MAX_UPLOAD_BYTES } from '../shared/limits';

// What a hostile or careless deploy_artifact call or upload costs the server, measured on the
// real server in its own process (its memory is what a call could exhaust). The database
// plays no part in these bounds: SQLite only.

const MB = 1024 * 1024;

/** The process's resident memory now, in bytes (Linux). */
function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/**
 * CPU time the process has used, all its threads (Linux; clock ticks of 10 ms). What a call
 * costs the server, whatever else the machine is doing at the time.
 */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The highest resident memory while `work` runs: the kernel's own peak (VmHWM), reset first,
 * so a spike between two samples is not missed.
 */
async function peakDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ peak: number; value: T }> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const value = await work();
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { peak: Number(kb) * 1024, value };
}

interface Answer {
  status: number;
  body: any;
}

describe('deploy input is bounded before any work', () => {
  let target: TestDatabaseTarget;
  let server: ChildServer;
  let api: ApiCall;
  let token: string;
  beforeAll(async () => {
    target = await createTestDatabaseTarget('sqlite');
    server = await spawnServer({
      DATA_DIR: target.dataDir,
      PORT: String(await freePort()),
      ADMIN_EMAILS: 'bounds@example.com',
      DEPLOY_RATE_LIMIT: '10000',
      DEPLOY_BURST_LIMIT: '10000',
    });
    api = apiClient(server.url);
    const res = await api('POST', '/api/auth/register', {
      body: { email: 'bounds@example.com', password: 'correct horse battery', name: 'Bounds' },
    });
    token = res.body.token;
    // The warm build thread loads the builder once the server answers; a first deploy waits
    // for it, so what the tests below measure is what their input costs, not that load.
    const warm = await send(
      callBody({ files: [{ path: 'index.html', content: '<h1>warm</h1>' }], subdomain: 'warm-up' }),
    );
    expect(warm.status, JSON.stringify(warm.body)).toBe(200);
    expect(warm.body.result?.isError, JSON.stringify(warm.body)).toBeFalsy();
    // React builds start more of the builder (Tailwind, the mount check), in each lane's
    // thread: a small source takes the small lane, one past its 128 KB the other.
    const LARGER_THAN_A_SMALL_BUILD = 130 * 1024;
    const component = 'export default function App() { return <p className="p-4">warm</p>; }';
    // And the largest upload there may be: what the allocator keeps after one is reused by the
    // next, so the property below measures what stays, not the first high water.
    for (const args of [
      { code: component, subdomain: 'warm-up' },
      {
        code: `${component}\n/* ${'x'.repeat(LARGER_THAN_A_SMALL_BUILD)} */`,
        subdomain: 'warm-up',
      },
      {
        files: [
          { path: 'index.html', content: '<h1>big</h1>' },
          {
            path: 'big.bin',
            content: 'A'.repeat(Math.ceil(((MAX_UPLOAD_BYTES - 100) * 4) / 3)),
            encoding: 'base64',
          },
        ],
        subdomain: 'warm-up',
      },
    ]) {
      const built = await send(callBody(args));
      expect(built.body.result?.isError, JSON.stringify(built.body)).toBeFalsy();
    }
  }, 180_000);
  afterAll(async () => {
    await stopServer(server);
    await target?.cleanup();
  });

  let ids = 0;
  const callBody = (args: unknown) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: ++ids,
      method: 'tools/call',
      params: { name: 'deploy_artifact', arguments: args },
    });
  const send = async (body: string): Promise<Answer> => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const mcp = (args: unknown) => send(callBody(args));

  const oneByteFiles = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ path: `f${i}.html`, content: 'x' }));

  it.each([20_000, 200_000])(
    '%i one-byte files: a clear 413 within a second of work, memory grows < 100 MB',
    async (count) => {
      const pid = server.child.pid!;
      const body = callBody({ files: oneByteFiles(count), subdomain: 'flood' });
      const before = rss(pid);
      const cpuBefore = cpuMs(pid);
      const { peak, value: res } = await peakDuring(pid, () => send(body));
      expect(res.status).toBe(413);
      expect(res.body.error.message).toContain(`at most ${MAX_SITE_FILES.toLocaleString('en-US')}`);
      // The server's own time on it: wall time on a shared machine says more about the others.
      expect(cpuMs(pid) - cpuBefore).toBeLessThan(1000);
      expect(peak - before).toBeLessThan(100 * MB);
      // Still serving.
      expect((await api('GET', '/api/health')).status).toBe(200);
    },
    30_000,
  );

  it('a drive-letter path gets a clear 400, not a 500', async () => {
    const res = await mcp({ files: [{ path: 'C:/x.html', content: '<p>x</p>' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('is not a relative file path');
    const logs = server.output.join('');
    expect(logs).not.toContain('an MCP tool failed unexpectedly');
  });

  it('a paste: a body past what the longest paste needs is refused unread (413), a long one 400', async () => {
    const paste = (code: string) =>
      api('POST', '/api/deployments/deploy/code', {
        token,
        body: { subdomain: 'paste-bounds', code },
      });
    // Sent by hand: the declared size alone must be refused, before the body arrives. Only its
    // first bytes are written; the rest would race the server closing the connection.
    const huge = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/api/deployments/deploy/code`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': 4 * MB,
        },
      });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write(`{"subdomain":"paste-bounds","code":"${'x'.repeat(64 * 1024)}`);
    });
    expect(huge).toBe(413);
    const long = await paste('x'.repeat(MAX_CODE_CHARS + 1));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('The code is too long');
  });

  // Every generated input gets an answer in words, 2xx or 4xx, never a 5xx, and memory stays
  // bounded. Valid inputs really deploy (one site, new versions), so the runs are few.
  it('property: any file list or upload gets 2xx or a clear 4xx; memory stays bounded', async () => {
    const pid = server.child.pid!;
    const before = rss(pid);

    const segment = fc.oneof(
      fc.constantFrom('index.html', 'a.css', 'App.jsx', '..', '.', '', 'C:', 'c:x.html', 'é.html'),
      fc.string({ minLength: 0, maxLength: 12 }),
    );
    const path = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')),
      fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('\\')),
      fc.constantFrom('/etc/passwd', 'C:/x.html', './index.html', 'a\u0000.html', 'x'.repeat(600)),
    );
    const content = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('<!doctype html><h1>hi</h1>', 'export default () => <p>hi</p>'),
      fc.base64String({ maxLength: 200 }),
    );
    const file = fc.record(
      {
        path,
        content,
        encoding: fc.constantFrom('utf8', 'base64', 'latin1', undefined),
      },
      { requiredKeys: ['path', 'content'] },
    );
    // Sizes around the limit, as text or base64 (the request itself stays under its own limit).
    const sized = fc
      .record({
        bytes: fc.constantFrom(MAX_UPLOAD_BYTES / 2, MAX_UPLOAD_BYTES - 100, MAX_UPLOAD_BYTES + 1),
        base64: fc.boolean(),
      })
      .map(({ bytes, base64 }) => [
        { path: 'index.html', content: '<h1>big</h1>' },
        base64
          ? { path: 'big.bin', content: 'A'.repeat(Math.ceil((bytes * 4) / 3)), encoding: 'base64' }
          : { path: 'big.txt', content: 'x'.repeat(bytes) },
      ]);
    const files = fc.oneof(
      { weight: 5, arbitrary: fc.array(file, { minLength: 0, maxLength: 6 }) },
      { weight: 1, arbitrary: sized },
      // near and past the count
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: MAX_SITE_FILES - 2, max: MAX_SITE_FILES + 2 })
          .map((n) => [{ path: 'index.html', content: '<h1>many</h1>' }, ...oneByteFiles(n - 1)]),
      },
      // not a list at all
      { weight: 1, arbitrary: fc.constantFrom(null, 'index.html', 42, { path: 'x' }, [null]) },
    );
    const mcpInput = fc.record(
      {
        files,
        code: fc.oneof(fc.string({ maxLength: 50 }), fc.constant('<h1>code</h1>')),
        subdomain: fc.constantFrom('prop-site', 'www', '-bad-', 'x'.repeat(80)),
        title: fc.string({ maxLength: 120 }),
      },
      { requiredKeys: ['files'] },
    );

    await fc.assert(
      fc.asyncProperty(mcpInput, async (args) => {
        const res = await mcp(args);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.error.message).toBe('string');
        else if (res.body.result?.isError) {
          expect(res.body.result.content[0].text).not.toContain('Something went wrong');
        }
      }),
      { numRuns: 40 },
    );

    const entryName = fc.oneof(
      path,
      fc.constantFrom('../evil.html', '/abs.html', 'C:\\x.html', 'dir/', '__MACOSX/x'),
    );
    const zipBytes = fc.oneof(
      fc
        .dictionary(entryName, fc.string({ maxLength: 100 }), { maxKeys: 6 })
        .map((entries) => makeZip({ 'index.html': '<h1>zip</h1>', ...entries })),
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.concat([Buffer.from('PK\x03\x04'), b])),
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      fc
        .integer({ min: 10, max: 200 })
        .map((cut) => makeZip({ 'index.html': '<h1>cut</h1>'.repeat(20) }).subarray(0, cut)),
    );
    const upload = fc.record({
      name: fc.constantFrom('site.zip', 'index.html', 'a.htm', 'x.exe', 'bad\u0001.zip', ''),
      bytes: zipBytes,
      subdomain: fc.constantFrom('prop-up', 'www', ''),
    });
    await fc.assert(
      fc.asyncProperty(upload, async ({ name, bytes, subdomain }) => {
        const res = await uploadFile(server, token, { name, bytes }, subdomain);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.error.message).toBe('string');
      }),
      { numRuns: 40 },
    );

    expect(rss(pid) - before).toBeLessThan(200 * MB);
    expect(server.output.join('')).not.toMatch(/failed unexpectedly|unexpected error/);
  }, 120_000);
});
