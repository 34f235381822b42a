import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, makeZip } from '../../test/builder-corpus';
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
    // every React page can show the card, with nothing to add where nothing was found: its
    // stub is inline, and the card is a file of the site, fetched at the first error
    const card = fine.files.find((f) => /^assets\/error-card-\w+\.js$/.test(f.path))!;
    expect(new TextDecoder().decode(card.content)).toContain('This page could not start');
    expect(page(fine)).toContain(`<script>`);
    expect(page(fine)).toContain(`"./${card.path}"`);
    expect(page(fine)).not.toContain('This page could not start');
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

describe("a static site's error card", () => {
  it('is fetched from the site root by a page in a folder, and shipped once for all pages', async () => {
    const paints = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
    const r = await build({
      kind: 'zip',
      source: makeZip([
        { name: 'index.html', data: Buffer.from(paints) },
        { name: 'guide/index.html', data: Buffer.from(paints) },
        { name: 'about.html', data: Buffer.from('<!doctype html><p>Plain text</p>') },
      ]),
      fileName: 'site.zip',
    });
    const text = (p: string) =>
      new TextDecoder().decode(r.files.find((f) => f.path === p)!.content);
    const cards = r.files.filter((f) => /^assets\/error-card-\w+\.js$/.test(f.path));
    expect(cards).toHaveLength(1);
    expect(text('index.html')).toContain(`"./${cards[0]!.path}"`);
    expect(text('guide/index.html')).toContain(`"../${cards[0]!.path}"`);
    // a page that paints without script needs no card
    expect(text('about.html')).not.toContain('error-card');
  });
});
