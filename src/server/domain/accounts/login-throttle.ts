// Repeated failed sign-ins are slowed per (client address, account) and per client address:
// after a few failures inside a window, each further attempt from there must wait, and the
// wait doubles. Nothing is counted per account alone, so failures from an attacker's address
// never keep the owner, signing in from their own address, out of their account.
export interface FailureState {
  failures: number;
  windowStartedAt: number;
  lockedUntil: number | null;
}

export const THROTTLE = {
  /** Failures allowed per (address, account) before waits begin. */
  freeFailuresPerAccount: 5,
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

/** The throttle keys one sign-in attempt counts against. */
export function throttleKeys(ip: string, email: string): { address: string; account: string } {
  return { address: `ip:${ip}`, account: `ip-email:${ip} ${email}` };
}
