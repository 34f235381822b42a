/**
 * A token bucket per key: `burst` tokens at once, refilled at `perSecond`. A request costs
 * one token unless it says otherwise (an upload may cost its bytes).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** True when the request may go ahead; its cost is then taken. */
  take(key: string, now = Date.now(), cost = 1): boolean {
    const bucket = this.refilled(key, now);
    if (bucket.tokens < cost) return false;
    bucket.tokens -= cost;
    return true;
  }

  /** Milliseconds until `cost` tokens are there (0 when they are now). */
  waitMs(key: string, cost = 1, now = Date.now()): number {
    const bucket = this.refilled(key, now);
    return Math.max(0, ((cost - bucket.tokens) / this.perSecond) * 1000);
  }

  private refilled(key: string, now: number) {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.buckets.delete(this.buckets.keys().next().value!);
    return bucket;
  }
}
