import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, BuildError } from '../index';
import { createNpmResolver } from './resolver';

function tarEntry(name: string, body: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write(Buffer.byteLength(body).toString(8).padStart(11, '0') + '\0', 124);
  header.write('0', 156);
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const b of header) sum += b;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body);
  return Buffer.concat([header, data]);
}

// A tiny npm registry on loopback: one package, everything else 404.
describe('npm long-tail resolver', () => {
  let server: http.Server;
  let registry = '';
  const tgzOf = (files: Record<string, string>) =>
    gzipSync(
      Buffer.concat([
        ...Object.entries(files).map(([name, body]) => tarEntry(`package/${name}`, body)),
        Buffer.alloc(1024),
      ]),
    );
  // A package whose own dependency must be fetched and bundled in, and which also imports
  // react (kept for the page's one copy) and a Node built-in (an empty module).
  const shouter = tgzOf({
    'package.json':
      '{"name":"tiny-shouter","version":"2.0.0","module":"index.js","dependencies":{"tiny-caps":"^1.1.0","react":"^19"}}',
    'index.js':
      "import { caps } from 'tiny-caps';\nimport path from 'path';\nimport { createElement } from 'react';\nexport const Shout = ({ text }) => createElement('b', null, caps(text) + (path ? '!' : ''));\n",
  });
  const caps = (v: string) =>
    tgzOf({
      'package.json': `{"name":"tiny-caps","version":"${v}","module":"index.js"}`,
      'index.js': `export const caps = (s) => s.toUpperCase() + ' v${v}';\n`,
    });
  const tgz = gzipSync(
    Buffer.concat([
      tarEntry(
        'package/package.json',
        '{"name":"tiny-greeter","version":"1.2.3","module":"index.js"}',
      ),
      tarEntry(
        'package/index.js',
        "import { createElement } from 'react';\nexport const Greeter = () => createElement('b', null, 'hello');\n",
      ),
      Buffer.alloc(1024),
    ]),
  );
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/tiny-greeter') {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            'dist-tags': { latest: '1.2.3' },
            versions: { '1.2.3': { dist: { tarball: `${registry}/t.tgz` } } },
          }),
        );
      } else if (req.url === '/t.tgz') res.end(tgz);
      else if (req.url === '/tiny-shouter') {
        res.end(
          JSON.stringify({
            'dist-tags': { latest: '2.0.0' },
            versions: { '2.0.0': { dist: { tarball: `${registry}/shouter.tgz` } } },
          }),
        );
      } else if (req.url === '/tiny-caps') {
        // latest is outside the range asked for: the resolver must pick 1.4.0
        res.end(
          JSON.stringify({
            'dist-tags': { latest: '2.0.0' },
            versions: Object.fromEntries(
              ['1.0.0', '1.4.0', '2.0.0'].map((v) => [
                v,
                { dist: { tarball: `${registry}/caps-${v}.tgz` } },
              ]),
            ),
          }),
        );
      } else if (req.url === '/shouter.tgz') res.end(shouter);
      else if (req.url?.startsWith('/caps-')) res.end(caps(req.url.slice(6, -4)));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('fetches, bundles and records a package, keeping react external', async () => {
    const resolvePackage = createNpmResolver({
      registry,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'npm-')),
    });
    const r = await build(
      {
        kind: 'code',
        source:
          "import { Greeter } from 'tiny-greeter';\nexport default function App() { return <Greeter/> }",
      },
      { resolvePackage },
    );
    expect(r.manifest.packages['tiny-greeter']).toBe('1.2.3');
    const pkg = r.files.find((f) => f.path.includes('tiny-greeter'))!;
    expect(new TextDecoder().decode(pkg.content)).toMatch(/from\s*"react"/);
  });

  it("bundles a package's own dependencies at the version its range asks for", async () => {
    const resolvePackage = createNpmResolver({
      registry,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'npm-')),
    });
    const r = await build(
      {
        kind: 'code',
        source:
          "import { Shout } from 'tiny-shouter';\nexport default function App() { return <Shout text='hi'/> }",
      },
      { resolvePackage },
    );
    expect(r.manifest.packages['tiny-shouter']).toBe('2.0.0');
    const code = new TextDecoder().decode(
      r.files.find((f) => f.path.includes('tiny-shouter'))!.content,
    );
    expect(code).toContain(' v1.4.0');
    expect(code).not.toMatch(/from\s*"tiny-caps"/);
    expect(code).not.toMatch(/from\s*"path"/);
    expect(code).toMatch(/from\s*"react"/);
  });

  it('names a package that does not exist', async () => {
    const resolvePackage = createNpmResolver({
      registry,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'npm-')),
    });
    const err = await build(
      {
        kind: 'code',
        source: "import W from 'totally-made-up-widget-lib';\nexport default () => <W/>;",
      },
      { resolvePackage },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildError);
    expect((err as BuildError).message).toContain(
      '"totally-made-up-widget-lib" does not exist on npm',
    );
  });
});
