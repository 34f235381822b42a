import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scannableContent } from './tailwind-content';

const METHOD_CALL = /\.[A-Za-z_$][\w$]*\(/;

const classLike = fc.stringMatching(/^[a-z0-9:[\]().#%/_-]{1,60}$/);
const filler = fc.stringMatching(/^[<>(){}a-z;=]{0,3000}$/);

describe('scannableContent', () => {
  it('leaves content without very long runs or method calls exactly as it is', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[^\s"'`]{0,999}$/), { maxLength: 20 }), (runs) => {
        const content = runs.join(' ');
        fc.pre(!METHOD_CALL.test(content));
        expect(scannableContent(content)).toBe(content);
      }),
    );
  });

  it("reads no called method's name, and every class beside it", () => {
    expect(scannableContent(`rows.filter((r) => r.ok).map(f); cn("filter blur-sm")`)).toBe(
      `rows.((r) => r.ok).(f); cn("filter blur-sm")`,
    );
  });

  it('keeps every class-sized token of a long run whole on some line', () => {
    fc.assert(
      fc.property(filler, classLike, filler, (before, token, after) => {
        const content = `x ${before}${token}${after} y`;
        fc.pre(!METHOD_CALL.test(content));
        const lines = scannableContent(content).split('\n');
        expect(lines.some((line) => line.includes(token))).toBe(true);
      }),
    );
  });

  it('breaks a long run into lines no longer than a window', () => {
    const lines = scannableContent('<div>'.repeat(100_000)).split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(256);
  });
});
