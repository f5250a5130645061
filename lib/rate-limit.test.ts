import { describe, expect, it } from "vitest";
import { clientKey, RateLimiter } from "./rate-limit";

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

describe("clientKey", () => {
  it("is an IPv4 address itself, whichever way it is written", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.7:51000")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const key = clientKey("2001:db8:0:1::1");
    expect(key).toBe("2001:db8:0:1::/64");
    for (const address of [
      "2001:0db8:0000:0001:ffff:ffff:ffff:ffff",
      "[2001:db8:0:1::2]:443",
      "2001:DB8:0:1:1:2:3:4",
      "2001:db8:0:1::1%eth0",
      "2001:db8:0:1:0:0:0:7",
    ])
      expect(clientKey(address), address).toBe(key);
    expect(clientKey("2001:db8:0:2::1")).not.toBe(key);
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps anything that is no address as it is", () => {
    expect(clientKey("unknown")).toBe("unknown");
    expect(clientKey("client-42")).toBe("client-42");
  });
});
