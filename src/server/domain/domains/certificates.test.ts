import { describe, expect, it } from 'vitest';
import { orderRetryDelayMs } from './certificates';

const MINUTE = 60 * 1000;

describe('certificate order retries', () => {
  it('wait 5 minutes, doubling, at most a day', () => {
    expect([1, 2, 3, 4].map(orderRetryDelayMs)).toEqual([5, 10, 20, 40].map((m) => m * MINUTE));
    expect(orderRetryDelayMs(20)).toBe(24 * 60 * MINUTE);
    expect(orderRetryDelayMs(0)).toBe(5 * MINUTE);
  });
});
