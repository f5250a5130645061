import { describe, expect, it } from "vitest";
import {
  SIGNATURE_HEADERS,
  SIGNATURE_WINDOW_SECONDS,
  randomNonce,
  secretStrengthError,
  signatureHeaders,
  verifySignature,
  type SignedParts,
} from "./request-signature.ts";

const CURRENT = Buffer.alloc(32, 1).toString("base64");
const PREVIOUS = Buffer.alloc(32, 2).toString("hex");
const NOW = Date.parse("2026-12-01T12:00:00Z");
const PARTS: SignedParts = {
  method: "POST",
  path: "/functions/v1/crm-lead",
  idempotencyKey: "6f1c1f7e-8d0a-4b8e-9a57-2f4f0f6f7a11",
  body: '{"name":"Dana"}',
};

/** The function's view of a request the site signed: its path without the gateway's prefix. */
async function verify(
  signed: Record<string, string>,
  parts: Partial<SignedParts> = {},
  { secrets = [CURRENT, PREVIOUS], now = NOW } = {},
) {
  return verifySignature(
    secrets,
    { ...PARTS, path: "/crm-lead", ...parts },
    new Headers(signed),
    now,
  );
}

describe("signed requests to the lead function", () => {
  it("verify with the secret they were signed with, current or previous", async () => {
    const signed = await signatureHeaders(CURRENT, PARTS, { now: NOW });
    expect(Object.keys(signed).sort()).toEqual(Object.values(SIGNATURE_HEADERS).sort());
    expect(await verify(signed)).toEqual({
      ok: true,
      nonce: signed[SIGNATURE_HEADERS.nonce],
      expiresAt: new Date(NOW + (SIGNATURE_WINDOW_SECONDS + 1) * 1000),
      secretIndex: 0,
    });
    const old = await signatureHeaders(PREVIOUS, PARTS, { now: NOW });
    expect(await verify(old)).toMatchObject({ ok: true, secretIndex: 1 });
    expect(await verify(old, {}, { secrets: [CURRENT] })).toEqual({
      ok: false,
      error: "The signature does not match",
    });
  });

  it("fail when any signed part changes: method, path, key or a single byte of the body", async () => {
    const signed = await signatureHeaders(CURRENT, PARTS, { now: NOW });
    const changes: Array<Partial<SignedParts>> = [
      { method: "PUT" },
      { path: "/other-function" },
      { idempotencyKey: "another-key" },
      { idempotencyKey: null },
      { body: '{"name":"Dana "}' },
    ];
    for (const change of changes) {
      expect(await verify(signed, change), JSON.stringify(change)).toEqual({
        ok: false,
        error: "The signature does not match",
      });
    }
    const otherNonce = { ...signed, [SIGNATURE_HEADERS.nonce]: randomNonce() };
    expect((await verify(otherNonce)).ok).toBe(false);
  });

  it("hold for the window either way of the function's clock, and no longer", async () => {
    const signed = await signatureHeaders(CURRENT, PARTS, { now: NOW });
    const window = SIGNATURE_WINDOW_SECONDS * 1000;
    expect((await verify(signed, {}, { now: NOW + window })).ok).toBe(true);
    expect((await verify(signed, {}, { now: NOW - window })).ok).toBe(true);
    for (const now of [NOW + window + 1000, NOW - window - 1000]) {
      expect(await verify(signed, {}, { now })).toEqual({
        ok: false,
        error: `The signature's timestamp is more than ${SIGNATURE_WINDOW_SECONDS} seconds from the function's clock`,
      });
    }
  });

  it("call a request without the three headers, or with malformed ones, unsigned", async () => {
    const signed = await signatureHeaders(CURRENT, PARTS, { now: NOW });
    const unsigned = { ok: false, error: "The request is not signed" };
    for (const name of Object.values(SIGNATURE_HEADERS)) {
      const without = Object.fromEntries(Object.entries(signed).filter(([key]) => key !== name));
      expect(await verify(without), name).toEqual(unsigned);
    }
    expect(await verify({ ...signed, [SIGNATURE_HEADERS.signature]: "v2=abc" })).toEqual(unsigned);
    expect(await verify({ ...signed, [SIGNATURE_HEADERS.timestamp]: "soon" })).toEqual(unsigned);
    expect(await verify({ ...signed, [SIGNATURE_HEADERS.nonce]: "short" })).toEqual(unsigned);
  });

  it("never share a nonce", async () => {
    const nonces = new Set(Array.from({ length: 100 }, randomNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("take only a secret of at least 32 random bytes, as hex or base64", () => {
    expect(secretStrengthError(CURRENT)).toBeNull();
    expect(secretStrengthError(PREVIOUS)).toBeNull();
    expect(secretStrengthError(Buffer.alloc(32, 3).toString("base64url"))).toBeNull();
    for (const weak of [
      Buffer.alloc(31, 1).toString("base64"),
      "ab".repeat(31),
      "correct horse battery staple, quite long really",
      "",
    ]) {
      expect(secretStrengthError(weak), weak).toMatch(/at least 32 random bytes/);
    }
  });
});
