import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A token the server hands out and later trusts: its contents in the clear (base64url JSON), then
 * an HMAC-SHA256 over them with the server's secret (LEADS_TOKEN_SECRET). Only this server can
 * make one; any change to a single character of either part makes `openSigned` refuse it.
 */

const mac = (secret: Buffer, body: string) => createHmac("sha256", secret).update(body).digest();

export function signToken(secret: Buffer, contents: unknown): string {
  const body = Buffer.from(JSON.stringify(contents)).toString("base64url");
  return `${body}.${mac(secret, body).toString("base64url")}`;
}

/** The contents of a token this server signed, or null for anything else. */
export function openSigned(secret: Buffer, token: string): unknown {
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0) return null;
  // Compared as text, not decoded: base64url has spare bits in its last character, and a token
  // differing there is still a different token. In constant time, so the answer's timing says
  // nothing about how much of it was right.
  const expected = Buffer.from(mac(secret, body).toString("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}
