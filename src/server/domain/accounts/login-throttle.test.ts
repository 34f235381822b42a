import { describe, expect, it } from 'vitest';
import { recordFailure, retryAfterSeconds, THROTTLE } from './login-throttle';

describe('login throttle', () => {
  const t0 = Date.parse('2026-01-01T00:00:00Z');

  it('lets the first failures through, then locks with a doubling wait', () => {
    let state = null;
    for (let i = 0; i < 4; i++) {
      state = recordFailure(state, t0, 5);
      expect(retryAfterSeconds(state, t0)).toBe(0);
    }
    state = recordFailure(state, t0, 5);
    expect(retryAfterSeconds(state, t0)).toBe(THROTTLE.firstLockMs / 1000);
    state = recordFailure(state, t0, 5);
    expect(retryAfterSeconds(state, t0)).toBe((2 * THROTTLE.firstLockMs) / 1000);
  });

  it('never waits longer than the cap, and the lock runs out', () => {
    let state = null;
    for (let i = 0; i < 30; i++) state = recordFailure(state, t0, 5);
    expect(retryAfterSeconds(state, t0)).toBe(THROTTLE.maxLockMs / 1000);
    expect(retryAfterSeconds(state, t0 + THROTTLE.maxLockMs)).toBe(0);
  });

  it('starts a fresh window once the old one has passed', () => {
    let state = null;
    for (let i = 0; i < 5; i++) state = recordFailure(state, t0, 5);
    const later = t0 + THROTTLE.windowMs + 1;
    state = recordFailure(state, later, 5);
    expect(state.failures).toBe(1);
    expect(retryAfterSeconds(state, later)).toBe(0);
  });
});
