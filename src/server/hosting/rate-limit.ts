/** A token bucket per key: `burst` requests at once, refilled at `perSecond`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** True when the request may go ahead. */
  take(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
