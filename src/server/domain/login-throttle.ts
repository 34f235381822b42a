// Repeated failed sign-ins are slowed per email and per client address: after a few
// failures inside a window, each further attempt must wait, and the wait doubles.
export interface FailureState {
  failures: number;
  windowStartedAt: number;
  lockedUntil: number | null;
}

export const THROTTLE = {
  /** Failures allowed per email before waits begin. */
  freeFailuresPerEmail: 5,
  /** Per client address it is higher: many people may share one address (offices, NAT). */
  freeFailuresPerAddress: 20,
  windowMs: 15 * 60 * 1000,
  firstLockMs: 30 * 1000,
  maxLockMs: 15 * 60 * 1000,
} as const;

/** Seconds the caller must still wait, or 0. */
export function retryAfterSeconds(state: FailureState | null, now: number): number {
  if (!state?.lockedUntil || state.lockedUntil <= now) return 0;
  return Math.ceil((state.lockedUntil - now) / 1000);
}

/** The state after one more failed attempt. */
export function recordFailure(
  state: FailureState | null,
  now: number,
  freeFailures: number,
): FailureState {
  const fresh = !state || now - state.windowStartedAt > THROTTLE.windowMs;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStartedAt = fresh ? now : state.windowStartedAt;
  const over = failures - freeFailures;
  const lockedUntil =
    over >= 0 ? now + Math.min(THROTTLE.maxLockMs, THROTTLE.firstLockMs * 2 ** over) : null;
  return { failures, windowStartedAt, lockedUntil };
}
