// Generated from lib/leads/request-signature.ts by scripts/supabase/sync-shared.ts: edit that file, then run npm run supabase:sync.
/**
 * How the site's server proves to the lead function that a request is its own (supabase/README.md,
 * "Signed requests"): an HMAC-SHA256, keyed with the secret both share (LEAD_SIGNING_SECRET), over
 * the method, the function's path, a timestamp, a nonce, the Idempotency-Key and the body. The
 * function accepts the current and the previous secret, so the secret rotates without downtime.
 * WebCrypto only: this file runs in Node and, copied by scripts/supabase/sync-shared.ts, in Deno.
 */

export const SIGNATURE_HEADERS = {
  timestamp: "X-Signature-Timestamp",
  nonce: "X-Signature-Nonce",
  signature: "X-Signature",
} as const;

/** The scheme's version, first in the signed text and in the signature header ("v1=…"). */
const VERSION = "v1";

/** How far a request's timestamp may be from the function's clock, either way. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** What is signed, besides the timestamp and the nonce. */
export type SignedParts = {
  method: string;
  /** The request's path: the site's `/functions/v1/crm-lead` and the function's `/crm-lead` agree. */
  path: string;
  idempotencyKey: string | null;
  body: string;
};

export type Verification =
  | {
      ok: true;
      nonce: string;
      /** After this the timestamp is out of the window, so the nonce need not be remembered. */
      expiresAt: Date;
      /** Which secret matched: 0 the current, 1 the previous. */
      secretIndex: number;
    }
  | { ok: false; error: string };

const TIMESTAMP = /^[0-9]{1,12}$/;
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;
const SIGNATURE = new RegExp(`^${VERSION}=([A-Za-z0-9_-]{43})$`);

/**
 * Why a secret is too weak to sign with, or null: at least 32 random bytes written as hex or
 * base64 (`openssl rand -base64 32`), so that its length says how much randomness it holds. The
 * HMAC key is the text itself, the same on both sides.
 */
export function secretStrengthError(secret: string): string | null {
  const bytes = /^(?:[0-9a-f]{2})+$/i.test(secret)
    ? secret.length / 2
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(secret)
      ? Math.floor((secret.replace(/=+$/, "").length * 3) / 4)
      : 0;
  return bytes >= 32
    ? null
    : "must be at least 32 random bytes as hex or base64, e.g. `openssl rand -base64 32`";
}

/** The function's own path (`/crm-lead`), whether or not the gateway's `…/functions/v1` is on it. */
function functionPath(path: string): string {
  return path.replace(/^.*?\/functions\/v1(?=\/)/, "");
}

function signedText(parts: SignedParts, timestamp: string, nonce: string): string {
  return [
    VERSION,
    parts.method.toUpperCase(),
    functionPath(parts.path),
    timestamp,
    nonce,
    parts.idempotencyKey ?? "",
    parts.body,
  ].join("\n");
}

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** 16 random bytes, base64url: no two requests share one. */
export function randomNonce(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** The headers that sign `parts` with `secret` at `now` (milliseconds). */
export async function signatureHeaders(
  secret: string,
  parts: SignedParts,
  { now = Date.now(), nonce = randomNonce() }: { now?: number; nonce?: string } = {},
): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(now / 1000));
  const text = new TextEncoder().encode(signedText(parts, timestamp, nonce));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), text));
  return {
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: `${VERSION}=${toBase64Url(mac)}`,
  };
}

/**
 * Checks a request's signature against each of `secrets` in turn (current first), in constant
 * time (WebCrypto's verify). Whether its nonce was seen before is the caller's to check.
 */
export async function verifySignature(
  secrets: readonly string[],
  parts: SignedParts,
  headers: { get(name: string): string | null },
  now = Date.now(),
): Promise<Verification> {
  const timestamp = headers.get(SIGNATURE_HEADERS.timestamp);
  const nonce = headers.get(SIGNATURE_HEADERS.nonce);
  const signature = SIGNATURE.exec(headers.get(SIGNATURE_HEADERS.signature) ?? "")?.[1];
  if (!timestamp || !TIMESTAMP.test(timestamp) || !nonce || !NONCE.test(nonce) || !signature) {
    return { ok: false, error: "The request is not signed" };
  }
  const seconds = Number(timestamp);
  if (Math.abs(now / 1000 - seconds) > SIGNATURE_WINDOW_SECONDS) {
    return {
      ok: false,
      error: `The signature's timestamp is more than ${SIGNATURE_WINDOW_SECONDS} seconds from the function's clock`,
    };
  }
  const text = new TextEncoder().encode(signedText(parts, timestamp, nonce));
  const mac = fromBase64Url(signature);
  for (const [secretIndex, secret] of secrets.entries()) {
    if (await crypto.subtle.verify("HMAC", await hmacKey(secret), mac, text)) {
      const expiresAt = new Date((seconds + SIGNATURE_WINDOW_SECONDS + 1) * 1000);
      return { ok: true, nonce, expiresAt, secretIndex };
    }
  }
  return { ok: false, error: "The signature does not match" };
}
