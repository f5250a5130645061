import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, isRetryableStatus, retryAfterMs } from "./final-answers.ts";

describe("which answers are final", () => {
  it("retries 408, 429 and every 5xx; any other 4xx is final", () => {
    expect([408, 429, 500, 502, 503, 504, 599].map(isRetryableStatus)).toEqual(Array(7).fill(true));
    expect([400, 401, 403, 404, 409, 410, 413, 415, 422].map(isRetryableStatus)).toEqual(
      Array(9).fill(false),
    );
  });

  it("reads Retry-After as seconds or as an HTTP date, capped, and ignores nonsense", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(retryAfterMs("7", now)).toBe(7_000);
    expect(retryAfterMs("Wed, 25 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Wed, 25 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("999999", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
