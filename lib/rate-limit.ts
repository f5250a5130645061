/**
 * Token buckets, one per key (a client's IP): each holds `capacity` tokens, refilled evenly over
 * `windowMs`, and every request takes one. Memory stays bounded: past `maxKeys` buckets the least
 * recently used one is dropped (it would refill to full soon anyway).
 */
export type RateLimitOptions = {
  capacity: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
};

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

type Bucket = { tokens: number; at: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(private readonly options: RateLimitOptions) {
    this.perMs = options.capacity / options.windowMs;
  }

  take(key: string): RateDecision {
    const now = (this.options.now ?? Date.now)();
    const { capacity, maxKeys = 10_000 } = this.options;
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    // Re-inserting moves the key to the end: the Map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= maxKeys) break;
      this.buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.ceil((1 - bucket.tokens) / this.perMs / 1000) };
  }

  get size(): number {
    return this.buckets.size;
  }
}
