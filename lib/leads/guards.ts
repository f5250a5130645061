import "server-only";
import { createHash } from "node:crypto";
import { PEER_ADDRESS_HEADER } from "@/lib/peer-address";
import { clientKey } from "@/lib/rate-limit";
import { siteUrl } from "@/lib/site-url";
import { HttpError } from "./http";

/**
 * Same origin only: a browser says `Sec-Fetch-Site: same-origin` on the site's own fetches; one
 * that does not send it must send an Origin that is the site's. The site's origin is its public
 * URL (NEXT_PUBLIC_SITE_URL) or the host the request was sent to, so `next start` on any address
 * works too. Forms posted from other sites, and scripts without an Origin, get 403.
 */
export function assertSameOrigin(request: Request, trustProxyHops: number): void {
  if (request.headers.get("sec-fetch-site") === "same-origin") return;
  const origin = request.headers.get("origin");
  if (origin && ownOrigins(request, trustProxyHops).has(origin)) return;
  throw new HttpError(403, "Cross-origin requests are not allowed");
}

function ownOrigins(request: Request, trustProxyHops: number): Set<string> {
  const origins = new Set([new URL(siteUrl()).origin]);
  const forwardedHost = trustProxyHops > 0 ? firstValue(request, "x-forwarded-host") : null;
  const forwardedProto = trustProxyHops > 0 ? firstValue(request, "x-forwarded-proto") : null;
  const host = forwardedHost ?? request.headers.get("host");
  const scheme = forwardedProto ?? new URL(request.url).protocol.replace(":", "");
  // A Host header that is no host names no origin.
  const own = host && /^(https?)$/.test(scheme) ? URL.parse(`${scheme}://${host}`) : null;
  if (own) origins.add(own.origin);
  return origins;
}

function firstValue(request: Request, header: string): string | null {
  return request.headers.get(header)?.split(",")[0]?.trim() || null;
}

/**
 * The client as the rate limits count it (clientKey: an IPv6 address by its /64): its address is
 * the TCP peer, unless TRUST_PROXY says how many proxies in front append to X-Forwarded-For; then
 * the address the outermost trusted one saw. Every limit of the site, on either store, takes it.
 */
export function clientAddress(request: Request, trustProxyHops: number): string {
  if (trustProxyHops > 0) {
    const hops = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const address = hops[hops.length - trustProxyHops];
    if (address) return clientKey(address);
  }
  return clientKey(request.headers.get(PEER_ADDRESS_HEADER) ?? "unknown");
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The client's Idempotency-Key (a UUID v4), lower-cased; null when it sent none. */
export function idempotencyKey(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  const normalised = key.trim().toLowerCase();
  if (!UUID_V4.test(normalised)) throw new HttpError(400, "Idempotency-Key must be a UUID v4");
  return normalised;
}

/**
 * A fingerprint of a validated request, its object keys sorted so that their order does not
 * count: the same key with a different request is refused.
 */
export function requestHash(value: unknown): string {
  const json = JSON.stringify(value, (_, item: unknown) =>
    typeof item === "object" && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
  return createHash("sha256").update(json).digest("hex");
}
