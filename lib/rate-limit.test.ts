import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";

const TEN_MINUTES = 10 * 60_000;

function limiter(capacity: number, maxKeys?: number) {
  let now = 1_000_000;
  const rate = new RateLimiter({ capacity, windowMs: TEN_MINUTES, maxKeys, now: () => now });
  return { rate, advance: (ms: number) => (now += ms) };
}

describe("RateLimiter", () => {
  it("lets a client make `capacity` requests, then says when to come back", () => {
    const { rate } = limiter(5);
    for (let i = 0; i < 5; i++) expect(rate.take("203.0.113.7")).toEqual({ ok: true });
    // One token refills every 10 min / 5 = 120 s.
    expect(rate.take("203.0.113.7")).toEqual({ ok: false, retryAfterSeconds: 120 });
  });

  it("refills evenly over the window", () => {
    const { rate, advance } = limiter(5);
    for (let i = 0; i < 5; i++) rate.take("a");
    advance(60_000);
    expect(rate.take("a")).toEqual({ ok: false, retryAfterSeconds: 60 });
    advance(60_000);
    expect(rate.take("a")).toEqual({ ok: true });
    advance(TEN_MINUTES * 10);
    for (let i = 0; i < 5; i++) expect(rate.take("a").ok).toBe(true);
    expect(rate.take("a").ok).toBe(false);
  });

  it("keeps clients apart", () => {
    const { rate } = limiter(1);
    expect(rate.take("a").ok).toBe(true);
    expect(rate.take("a").ok).toBe(false);
    expect(rate.take("b").ok).toBe(true);
  });

  it("holds at most maxKeys buckets, dropping the least recently used", () => {
    const { rate } = limiter(1, 100);
    for (let i = 0; i < 10_000; i++) rate.take(`10.0.${i >> 8}.${i & 255}`);
    expect(rate.size).toBe(100);
    // The most recent clients are still limited; the oldest were forgotten.
    expect(rate.take("10.0.39.15").ok).toBe(false);
    expect(rate.take("10.0.0.0").ok).toBe(true);
  });
});
