import { describe, expect, it } from 'vitest';
import { loadCorpus, makeZip, sampleInput } from '../../test/builder-corpus';
import { findReactEntry, findStaticPage, isBarrel, rootAtPage } from './entry';
import { build, BuildError } from './index';
import { BuildLog } from './log';
import { extractZip, unwrapSingleFolder } from './zip';

const files = (names: Record<string, string>) =>
  new Map(Object.entries(names).map(([p, t]) => [p, new TextEncoder().encode(t)]));

async function sampleFiles(file: string) {
  const sample = loadCorpus().find((s) => s.file === file)!;
  return unwrapSingleFolder(await extractZip(sampleInput(sample).source as Uint8Array));
}

describe('the page of a static zip', () => {
  it('is the shallowest index.html', () => {
    expect(
      findStaticPage(
        files({ '/a/b/index.html': '', '/docs/index.html': '', '/docs/about.html': '' }),
      ),
    ).toBe('/docs/index.html');
  });
  it('is the only .html file, whatever its name and folder', () => {
    expect(findStaticPage(files({ '/site/pages/landing.html': '', '/x.css': '' }))).toBe(
      '/site/pages/landing.html',
    );
    expect(findStaticPage(files({ '/a.html': '', '/b.html': '' }))).toBeNull();
  });
  it("is not a React project's template (public/index.html beside src/App.jsx)", () => {
    expect(findStaticPage(files({ '/public/index.html': '', '/src/App.jsx': '' }))).toBeNull();
  });
  it('answers at the root, with its folder moved up and other files kept in place', () => {
    const log = new BuildLog();
    const out = rootAtPage(
      files({ '/app/landing.html': 'page', '/app/css/a.css': 'css', '/shared/w.svg': 'svg' }),
      '/app/landing.html',
      log,
    );
    expect([...out.keys()].sort()).toEqual([
      '/css/a.css',
      '/index.html',
      '/landing.html',
      '/shared/w.svg',
    ]);
    expect(log.lines.at(-1)!.message).toContain("app/landing.html at the site's root");
  });
  it('builds kit/app/index.html into a site whose relative links still work', async () => {
    const sample = loadCorpus().find((s) => s.file === '37-nested-kit-app')!;
    const r = await build(sampleInput(sample));
    const paths = r.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['index.html', 'css/site.css', 'app.js']));
    // ../shared/wave.svg from the root resolves to /shared/wave.svg
    expect(new URL('../shared/wave.svg', 'http://site/').pathname).toBe('/shared/wave.svg');
    expect(paths).toContain('shared/wave.svg');
    expect(
      new TextDecoder().decode(r.files.find((f) => f.path === 'index.html')!.content),
    ).toContain('Tide Times for Harbour Point');
  });
});

describe('the entry of a React zip', () => {
  it('is a single component file of any name', async () => {
    const log = new BuildLog();
    expect(findReactEntry(await sampleFiles('38-quiz-component-zip'), log)).toBe('/quiz.tsx');
    expect(log.lines.at(-1)!.message).toBe(
      "Using quiz.tsx as the entry (the zip's only component)",
    );
  });
  it('is, behind a barrel index.js, the component nothing else imports', async () => {
    const all = await sampleFiles('39-barrel-index-zip');
    expect(isBarrel(new TextDecoder().decode(all.get('/index.js')))).toBe(true);
    const log = new BuildLog();
    expect(findReactEntry(all, log)).toBe('/PlantCare.jsx');
    expect(log.lines.at(-1)!.message).toBe(
      'Using PlantCare.jsx as the entry (the component nothing else imports)',
    );
  });
  it('is still App, index or main when the zip has one', () => {
    const log = new BuildLog();
    const entry = findReactEntry(
      files({ '/src/App.jsx': 'export default () => <div/>', '/src/Other.jsx': '' }),
      log,
    );
    expect(entry).toBe('/src/App.jsx');
  });
  it('is not a component file, and a zip without one is refused with what it holds', async () => {
    const zip = makeZip([
      { name: 'readme.md', data: Buffer.from('hi') },
      { name: 'util.js', data: Buffer.from('export const x = 1;') },
    ]);
    const err = await build({ kind: 'zip', source: zip }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildError);
    expect((err as BuildError).message).toMatch(/no \.html page.*Found: readme\.md, util\.js/s);
  });
  it('is, behind a barrel that imports then exports a list, the component nothing else imports', async () => {
    const all = await sampleFiles('61-barrel-import-list-zip');
    expect(isBarrel(new TextDecoder().decode(all.get('/index.js')))).toBe(true);
    const log = new BuildLog();
    expect(findReactEntry(all, log)).toBe('/ReadingList.jsx');
  });
  it('tells a barrel from a module with code of its own', () => {
    expect(isBarrel("export { default as A } from './A';\nexport * from './B';")).toBe(true);
    expect(
      isBarrel("import A from './A';\nimport { B } from './B';\n\nexport {\n  A,\n  B,\n};"),
    ).toBe(true);
    expect(isBarrel("import A from './A';\nconst b = 1;\nexport { A, b };")).toBe(false);
    expect(isBarrel("import A from './A';\nexport default function App() { return <A/>; }")).toBe(
      false,
    );
    expect(isBarrel("export {\n  default as A,\n} from './A';\nexport const B = () => <b/>;")).toBe(
      false,
    );
  });
});
