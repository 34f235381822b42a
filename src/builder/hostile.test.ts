import { describe, expect, it } from 'vitest';
import { build, BuildError } from './index';

// Pastes an attacker sent, generated at sizes where the builder as it was took minutes (its
// Tailwind class scan and its HTML tag patterns were quadratic). Each must end, built or
// refused with a message a person can act on, well within the test's timeout.
const SIZE = 400_000;

async function outcome(source: string): Promise<string> {
  try {
    const r = await build({ kind: 'code', source });
    return `built ${r.manifest.detected}`;
  } catch (err) {
    if (!(err instanceof BuildError)) throw err;
    return `refused: ${err.message}`;
  }
}

describe('hostile pastes end in time', () => {
  it('thousands of nested parentheses in a component', async () => {
    const open = '('.repeat(SIZE / 2);
    const code = `export default function App() { return ${open}1${')'.repeat(SIZE / 2)} }`;
    expect(await outcome(code)).toBe('built react-jsx');
  }, 30_000);

  it('deeply nested JSX', async () => {
    const depth = SIZE / 11;
    const code = `export default () => ${'<div>'.repeat(depth)}${'</div>'.repeat(depth)};`;
    expect(await outcome(code)).toBe('built react-jsx');
  }, 30_000);

  it('a page of repeated <div> on the Tailwind Play CDN', async () => {
    const page = `<script src="https://cdn.tailwindcss.com"></script>${'<div>'.repeat(SIZE / 5)}`;
    expect(await outcome(page)).toBe('built html');
  }, 30_000);

  it('a page of repeated `<script ` is refused with a clear message', async () => {
    expect(await outcome('<script '.repeat(SIZE / 8))).toMatch(
      /^refused: index\.html has too many tags that are never closed/,
    );
  }, 30_000);

  it('repeated unclosed <style> and <link tags are refused', async () => {
    expect(await outcome(`<style>${'<style>'.repeat(SIZE / 7)}`)).toMatch(/never closed/);
    expect(await outcome(`<div>${'<link '.repeat(SIZE / 6)}`)).toMatch(/never closed/);
  }, 30_000);

  it('still builds a page with a few scripts that write script tags', async () => {
    const writer = `<script>document.write('<script src="a.js"><\\/script>')</script>`;
    const page = `<!doctype html><html><body>${'<p>text</p>'.repeat(5000)}${writer.repeat(20)}</body></html>`;
    expect(await outcome(page)).toBe('built html');
  }, 30_000);

  it('a long class attribute and a long unbroken line', async () => {
    const classes = Array.from({ length: 20_000 }, (_, i) => `p-${i % 12}`).join(' ');
    const code = `export default () => <div className="${classes} ${'x'.repeat(SIZE / 2)}">x</div>;`;
    expect(await outcome(code)).toBe('built react-jsx');
  }, 30_000);
});
