import postcss from 'postcss';
import { afterAll, describe, expect, it } from 'vitest';
import { createBuilder } from './index';
import { dropUnusedKeyframes, dropUnusedVariables } from './unused-css';

const decode = (b: Uint8Array) => new TextDecoder().decode(b);

/** The custom properties a stylesheet declares, in order. */
function declared(css: string): string[] {
  const out: string[] = [];
  postcss.parse(css).walkDecls((d) => {
    if (d.prop.startsWith('--')) out.push(d.prop);
  });
  return out;
}

function prune(ours: string, theirs = '', pageCode = ''): string {
  const root = postcss.parse(ours + theirs);
  dropUnusedVariables(root, ours.length, pageCode);
  return root.toString();
}

describe('unused custom properties', () => {
  it('drops what nothing reads, and the rules it leaves empty', () => {
    const out = prune(
      '*,:before{--tw-rotate:0;--tw-blur: ;--tw-scroll-snap-strictness:proximity}' +
        '::backdrop{--tw-blur: }' +
        '.rotate-2{--tw-rotate:2deg;transform:rotate(var(--tw-rotate))}',
    );
    expect(declared(out)).toEqual(['--tw-rotate', '--tw-rotate']);
    expect(out).not.toContain('::backdrop');
  });

  it('follows chains: a property read only by a dropped one goes too, one read by a kept one stays', () => {
    const out = prune(':root{--a:1px;--b:var(--a);--c:2px;--d:var(--c)}.x{width:var(--b)}');
    expect(declared(out)).toEqual(['--a', '--b']);
  });

  it("keeps what the page's code names, and every property of the artifact's own CSS", () => {
    const out = prune(
      ':root{--chart-1:12 76% 61%;--chart-2:173 58% 39%;--radius:.5rem}',
      ':root{--brand:#f60;--unread:1}',
      `<Bar fill="hsl(var(--chart-1))" />`,
    );
    expect(declared(out)).toEqual(['--chart-1', '--brand', '--unread']);
  });

  it("keeps what the artifact's own CSS reads from ours", () => {
    const out = prune(
      ':root{--primary:222 47% 11%;--ring:0 0% 0%}',
      '.cta{color:hsl(var(--primary))}',
    );
    expect(declared(out)).toEqual(['--primary']);
  });
});

describe('unused keyframes', () => {
  const keyframes = (css: string) => [...css.matchAll(/@keyframes\s+([\w-]+)/g)].map((m) => m[1]);
  function pruneFrames(ours: string, theirs = '', pageCode = ''): string {
    const root = postcss.parse(ours + theirs);
    dropUnusedKeyframes(root, ours.length, pageCode);
    return root.toString();
  }
  const BASE =
    '@keyframes enter{0%{opacity:0}}@keyframes exit{to{opacity:0}}@keyframes spin{to{transform:rotate(1turn)}}';

  it('drops what no animation plays, keeps what one does', () => {
    expect(
      keyframes(pruneFrames(`${BASE}.animate-spin{animation:spin 1s linear infinite}`)),
    ).toEqual(['spin']);
    expect(keyframes(pruneFrames(`${BASE}.a{animation-name:exit,enter}`))).toEqual([
      'enter',
      'exit',
    ]);
  });

  it("keeps what the page's code names as a word, and the artifact's own", () => {
    const out = pruneFrames(
      BASE,
      '@keyframes pulse-soft{50%{opacity:.5}}',
      `style={{ animation: 'exit 1s' }} className="justify-center"`,
    );
    // "center" holds "enter", but not as a word
    expect(keyframes(out)).toEqual(['exit', 'pulse-soft']);
  });
});

describe('a React page keeps the properties its styles read', () => {
  const builder = createBuilder();
  afterAll(() => builder.dispose());

  it('Tailwind defaults only for the utilities used, kit colours only where read', async () => {
    const r = await builder.build({
      kind: 'code',
      source: `export default function App() {
  return <div className="rotate-3 bg-primary text-primary-foreground p-4" style={{ borderColor: 'hsl(var(--chart-2))' }}>hi</div>;
}`,
    });
    const css = r.files
      .filter((f) => f.path.endsWith('.css'))
      .map((f) => decode(f.content))
      .join('\n');
    const props = new Set(declared(css));
    for (const kept of [
      '--tw-rotate',
      '--tw-translate-x',
      '--primary',
      '--primary-foreground',
      '--chart-2',
    ])
      expect(props, kept).toContain(kept);
    for (const gone of [
      '--tw-scroll-snap-strictness',
      '--tw-contain-size',
      '--tw-backdrop-blur',
      '--chart-5',
    ])
      expect(props, gone).not.toContain(gone);
  });
});
