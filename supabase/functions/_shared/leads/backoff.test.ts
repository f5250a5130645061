import { describe, expect, it } from "vitest";
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelay } from "./backoff.ts";

describe("retryDelay", () => {
  it("starts at 200 ms and doubles, with up to half again of jitter", () => {
    expect(retryDelay(1, () => 0)).toBe(FIRST_RETRY_MS);
    expect(retryDelay(2, () => 0)).toBe(400);
    expect(retryDelay(3, () => 0)).toBe(800);
    expect(retryDelay(1, () => 0.999)).toBe(300);
    const spread = new Set(Array.from({ length: 50 }, () => retryDelay(4)));
    expect(spread.size).toBeGreaterThan(10);
    for (const delay of spread) expect(delay).toBeGreaterThanOrEqual(1600);
  });

  it("is capped, however many attempts", () => {
    expect(retryDelay(20, () => 0.999)).toBe(MAX_RETRY_MS);
    expect(retryDelay(10_000, () => 0)).toBe(MAX_RETRY_MS);
  });

  it("keeps retrying for about 24 hours in a few hundred attempts", () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 24 * 3_600_000) elapsed += retryDelay(++attempts, () => 0.5);
    expect(attempts).toBeGreaterThan(200);
    expect(attempts).toBeLessThan(400);
  });
});
