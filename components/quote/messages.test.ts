import { describe, expect, it } from "vitest";
import { SITE } from "@/content/site";
import { MESSAGES, failureMessage, failureNote, retryAfterSeconds } from "./messages";

describe("the failure toast", () => {
  it("is the spec's text when the server gave no time to wait", () => {
    expect(failureMessage(null)).toBe("Failed to submit. Please try again or call us directly.");
    expect(failureMessage(0)).toBe(MESSAGES.failure);
  });

  it("says when to try again, and the number to call, when it did", () => {
    const phone = SITE.phone.display;
    expect(failureMessage(1)).toBe(
      `Failed to submit. Please try again in 1 second or call us directly at ${phone}.`,
    );
    expect(failureMessage(45)).toContain("try again in 45 seconds or call");
    expect(failureMessage(60)).toContain("try again in 1 minute or call");
    expect(failureMessage(61)).toContain("try again in 2 minutes or call");
    expect(failureMessage(120)).toContain("try again in 2 minutes or call");
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2026-11-23T15:00:00Z");

  it("reads whole seconds and HTTP dates", () => {
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds(" 7 ", now)).toBe(7);
    expect(retryAfterSeconds("Mon, 23 Nov 2026 15:01:30 GMT", now)).toBe(90);
    expect(retryAfterSeconds("Mon, 23 Nov 2026 14:00:00 GMT", now)).toBe(0);
  });

  it("ignores what is missing or not a wait", () => {
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds("", now)).toBeNull();
    expect(retryAfterSeconds("soon", now)).toBeNull();
    expect(retryAfterSeconds("-5", now)).toBeNull();
    expect(retryAfterSeconds("1.5", now)).toBeNull();
  });
});

describe("the failure on the page", () => {
  it("is the toast's words, up to the number it always ends on", () => {
    expect(`${failureNote(null)}.`).toBe(MESSAGES.failure);
    expect(`${failureNote(90)} at ${SITE.phone.display}.`).toBe(failureMessage(90));
  });
});
