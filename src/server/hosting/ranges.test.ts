import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestedRange } from './ranges';

describe('Range header', () => {
  it('reads the three forms of a single byte range', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    // Past the end is cut to the end; a suffix longer than the file is the whole file.
    expect(requestedRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('calls a range that starts past the end unsatisfiable', () => {
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('sends the whole file for what it does not serve', () => {
    for (const header of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-2', 'bytes=-', 'bytes=a-b', '']) {
      expect(requestedRange(header, 1000)).toBeNull();
    }
    expect(requestedRange(undefined, 1000)).toBeNull();
  });

  it('never names a byte outside the file', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.option(fc.nat(20_000)),
        fc.option(fc.nat(20_000)),
        (size, first, last) => {
          const range = requestedRange(`bytes=${first ?? ''}-${last ?? ''}`, size);
          if (range === null || range === 'unsatisfiable') return;
          expect(range.start).toBeGreaterThanOrEqual(0);
          expect(range.start).toBeLessThanOrEqual(range.end);
          expect(range.end).toBeLessThan(size);
        },
      ),
    );
  });
});
