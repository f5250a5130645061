import { z } from "zod";

/**
 * The CRM post's signature, as the Standard Webhooks specification signs (standardwebhooks.com;
 * docs/leads.md, "Checking the CRM post's signature"): `webhook-signature` is `v1,` and the base64
 * HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the secret's key. WebCrypto, so the
 * same code signs on Node and Deno.
 */

const SECRET_PREFIX = "whsec_";

/** The specification's advice for a secret's key: 24 to 64 random bytes. */
const KEY_BYTES = { min: 24, max: 64 } as const;

/** The key a `whsec_…` secret encodes, or null when it is not one. */
function secretKey(secret: string): Uint8Array<ArrayBuffer> | null {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : "";
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  return Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
}

/** CRM_WEBHOOK_SECRET: `whsec_` and the base64 of 24 to 64 random bytes, checked at start. */
export const webhookSecretSchema = z.string().refine((secret) => {
  const bytes = secretKey(secret)?.length ?? 0;
  return bytes >= KEY_BYTES.min && bytes <= KEY_BYTES.max;
}, `must be whsec_ and the base64 of ${KEY_BYTES.min} to ${KEY_BYTES.max} random bytes, e.g. whsec_$(openssl rand -base64 32)`);

/** The post's id: one per lead version, so every retry of the same delivery carries the same. */
export const webhookId = (lead: { id: string; version: number }) =>
  `lead_${lead.id}_v${lead.version}`;

/** What a start with a CRM and no CRM_WEBHOOK_SECRET logs (a warning: the posts still go). */
export const UNSIGNED_CRM =
  'CRM_WEBHOOK_SECRET is not set: the CRM posts go unsigned, so the CRM cannot tell they came from this site (docs/leads.md, "Checking the CRM post\'s signature")';

export type WebhookSigner = (id: string, body: string) => Promise<Record<string, string>>;

/** Signs with `secret` (checked by webhookSecretSchema): the three headers of one attempt. */
export function webhookSigner(secret: string, now = () => Date.now()): WebhookSigner {
  const raw = secretKey(secret);
  if (!raw) throw new Error("CRM_WEBHOOK_SECRET is not a whsec_ secret");
  const key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return async (id, body) => {
    // Each attempt is signed when it is sent: receivers refuse a timestamp minutes old.
    const timestamp = String(Math.floor(now() / 1000));
    const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await key, signed));
    const signature = btoa(String.fromCharCode(...mac));
    return {
      "webhook-id": id,
      "webhook-timestamp": timestamp,
      "webhook-signature": `v1,${signature}`,
    };
  };
}
