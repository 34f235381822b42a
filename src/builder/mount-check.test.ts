import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../test/builder-corpus';
import { build, type BuildResult } from './index';

// The build renders the component once in a sandbox: an app that throws while mounting is
// named in the log, and its page's error card learns where.
const page = (r: BuildResult) =>
  new TextDecoder().decode(r.files.find((f) => f.path === 'index.html')!.content);
const checkLines = (r: BuildResult) => r.logs.filter((l) => l.step === 'check');

describe('the mount check', () => {
  it('names the error, the component and the line of an app that throws while mounting', async () => {
    const source = readFileSync(path.join(CORPUS_DIR, '66-order-summary-throws.jsx'), 'utf8');
    const r = await build({ kind: 'code', source });
    const lines = checkLines(r);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('warn');
    expect(lines[0]!.message).toMatch(/^The app stops while starting: TypeError: .*\bmap\b/);
    expect(lines[0]!.message).toContain('in LineItems, App.jsx line 16');
    expect(page(r)).toContain('data-kind="TypeError" data-where="In LineItems, App.jsx line 16"');
  });

  it('says nothing of an app that renders, or one that only needs a browser to render', async () => {
    const fine = await build({
      kind: 'code',
      source: 'export default function App() { return <h1>Fine</h1>; }',
    });
    const browserOnly = await build({
      kind: 'code',
      source:
        'export default function App() { const w = document.body.clientWidth; return <h1>{w}</h1>; }',
    });
    expect(checkLines(fine)).toEqual([]);
    expect(checkLines(browserOnly)).toEqual([]);
    // the card is on every React page, with nothing to add where nothing was found
    expect(page(fine)).toMatch(/<script>[^<]*This page could not start/);
  });

  it('gives up on a render that never ends, within its time bound', async () => {
    const started = Date.now();
    const r = await build({
      kind: 'code',
      source: 'export default function App() { for (;;) {} return <h1>Never</h1>; }',
    });
    expect(checkLines(r)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('names a missing import, the slip assistants make most', async () => {
    const r = await build({
      kind: 'code',
      source:
        'export default function Counter() { const [n, setN] = useState(0); return <button onClick={() => setN(n + 1)}>{n}</button>; }',
    });
    expect(checkLines(r)[0]?.message).toMatch(
      /ReferenceError: .*useState.* \(in Counter, App\.jsx line 1\)/,
    );
  });
});
