import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, BuildError } from '../index';
import { startNpmRegistry } from '../../../test/npm-registry';
import { createNpmResolver } from './resolver';

// A tiny npm registry on loopback: a few packages, everything else 404.
describe('npm long-tail resolver', () => {
  let registry: Awaited<ReturnType<typeof startNpmRegistry>>;
  beforeAll(async () => {
    registry = await startNpmRegistry([
      {
        name: 'tiny-greeter',
        version: '1.2.3',
        files: {
          'package.json': '{"name":"tiny-greeter","version":"1.2.3","module":"index.js"}',
          'index.js':
            "import { createElement } from 'react';\nexport const Greeter = () => createElement('b', null, 'hello');\n",
        },
      },
      // A package whose own dependency must be fetched and bundled in, and which also imports
      // react (kept for the page's one copy) and a Node built-in (an empty module).
      {
        name: 'tiny-shouter',
        version: '2.0.0',
        files: {
          'package.json':
            '{"name":"tiny-shouter","version":"2.0.0","module":"index.js","dependencies":{"tiny-caps":"^1.1.0","react":"^19"}}',
          'index.js':
            "import { caps } from 'tiny-caps';\nimport path from 'path';\nimport { createElement } from 'react';\nexport const Shout = ({ text }) => createElement('b', null, caps(text) + (path ? '!' : ''));\n",
        },
      },
      // latest is outside the range asked for: the resolver must pick 1.4.0
      ...['1.0.0', '1.4.0', '2.0.0'].map((v) => ({
        name: 'tiny-caps',
        version: v,
        files: {
          'package.json': `{"name":"tiny-caps","version":"${v}","module":"index.js"}`,
          'index.js': `export const caps = (s) => s.toUpperCase() + ' v${v}';\n`,
        },
      })),
    ]);
  });
  afterAll(() => registry.close());

  const appCode = (r: { files: { path: string; content: Uint8Array }[] }) =>
    r.files
      .filter((f) => /^assets\/.*\.js$/.test(f.path))
      .map((f) => new TextDecoder().decode(f.content))
      .join('\n');

  it('fetches, bundles and records a package', async () => {
    const resolvePackage = createNpmResolver({
      registry: registry.url,
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
    const code = appCode(r);
    expect(code).toContain('hello');
    expect(code).not.toMatch(/from\s*"tiny-greeter"/);
  });

  it("bundles a package's own dependencies at the version its range asks for", async () => {
    const resolvePackage = createNpmResolver({
      registry: registry.url,
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
    const code = appCode(r);
    expect(code).toContain(' v1.4.0');
    expect(code).not.toMatch(/from\s*"tiny-caps"/);
    expect(code).not.toMatch(/from\s*"path"/);
  });

  it('names a package that does not exist', async () => {
    const resolvePackage = createNpmResolver({
      registry: registry.url,
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
