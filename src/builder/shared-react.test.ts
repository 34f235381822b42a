import { describe, expect, it } from 'vitest';
import { build } from './index';
import { sharedReactBlock } from './shared-react';

const decoder = new TextDecoder();
const moduleOf = (r: Awaited<ReturnType<typeof build>>) => {
  const html = decoder.decode(r.files.find((f) => f.path === 'index.html')!.content);
  const src = /<script type="module"[^>]*src="\.?\/?([^"]+)"/.exec(html)![1]!;
  return r.files.find((f) => f.path === src)!.content;
};
const count = (text: string, marker: string) => text.split(marker).length - 1;
// React's element tag: in react's own code once, and in react-dom's client once
const REACT_MARKER = 'react.transitional.element';

describe('React, minified once and shared by every page', () => {
  it("is the page module's first block, one copy for the artifact, the kit and packages", async () => {
    const block = decoder.decode((await sharedReactBlock()).code);
    const inBlock = count(block, REACT_MARKER);
    expect(inBlock).toBeGreaterThan(0);
    const withPackages = await build({
      kind: 'code',
      source: `import { motion } from 'framer-motion';
import { Button } from '@/components/ui/button';
export default function App() {
  return <motion.div animate={{ opacity: 1 }}><Button>Go</Button></motion.div>;
}`,
    });
    const plain = await build({
      kind: 'code',
      source: 'export default function App() { return <h1>Hello</h1>; }',
    });
    for (const r of [withPackages, plain]) {
      const code = decoder.decode(moduleOf(r));
      expect(code.startsWith(block)).toBe(true);
      // framer-motion and the kit's Radix parts reach React through the block, not a copy
      expect(count(code, REACT_MARKER)).toBe(inBlock);
      expect(r.manifest.packages.react).toMatch(/^19\./);
      expect(r.manifest.packages['react-dom']).toMatch(/^19\./);
    }
    expect(withPackages.manifest.packages['framer-motion']).toBeDefined();
  });

  it('names the module for its whole content, React included', async () => {
    const a = await build({ kind: 'code', source: 'export default () => <p>One</p>;' });
    const b = await build({ kind: 'code', source: 'export default () => <p>Two</p>;' });
    const name = (r: typeof a) => r.files.find((f) => /^assets\/app-.*\.js$/.test(f.path))!;
    expect(name(a).path).not.toBe(name(b).path);
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256').update(name(a).content).digest('hex').slice(0, 10);
    expect(name(a).path).toBe(`assets/app-${digest}.js`);
  });

  it('leaves a code-split bundle whole: its chunks are modules that cannot see the block', async () => {
    const r = await build({
      kind: 'files',
      source: JSON.stringify({
        files: [
          {
            path: 'App.jsx',
            content: `import { lazy, Suspense } from 'react';
const Later = lazy(() => import('./Later.jsx'));
export default function App() { return <Suspense fallback="…"><Later /></Suspense>; }`,
          },
          {
            path: 'Later.jsx',
            content: 'export default function Later() { return <p>Later</p>; }',
          },
        ],
      }),
    });
    const js = r.files.filter((f) => f.path.endsWith('.js')).map((f) => decoder.decode(f.content));
    expect(js.length).toBeGreaterThan(1);
    for (const code of js) expect(code).not.toContain('__sharedReact');
    expect(js.reduce((n, code) => n + count(code, REACT_MARKER), 0)).toBeGreaterThan(0);
  });
});
