import { isIPv4, isIPv6 } from "node:net";

/**
 * The client as every rate limit counts it (docs/leads.md, "Bot traps and limits"): an IPv4
 * address, or an IPv6 address's /64; brackets and a port are dropped.
 */
export function clientKey(address: string): string {
  const trimmed = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  const host = bracketed?.[1] ?? trimmed.replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1");
  if (isIPv4(host)) return host;
  const v6 = host.replace(/%.*$/, "");
  if (!isIPv6(v6)) return trimmed;
  const groups = ipv6Groups(v6);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  // The URL parser writes it canonically: lower case, a dotted IPv4 tail as two hex groups.
  const [head = "", tail] = new URL(`http://[${address}]`).hostname.slice(1, -1).split("::");
  const read = (part = "") => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const before = read(head);
  const after = read(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * Token buckets, one per key (a client: clientKey): each holds `capacity` tokens, refilled evenly over
 * `windowMs`, and every request takes one. Memory stays bounded: past `maxKeys` buckets the least
 * recently used one is dropped (it would refill to full soon anyway).
 */
export type RateLimitOptions = {
  capacity: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
};

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

type Bucket = { tokens: number; at: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(private readonly options: RateLimitOptions) {
    this.perMs = options.capacity / options.windowMs;
  }

  take(key: string): RateDecision {
    const now = (this.options.now ?? Date.now)();
    const { capacity, maxKeys = 10_000 } = this.options;
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    // Re-inserting moves the key to the end: the Map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= maxKeys) break;
      this.buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.ceil((1 - bucket.tokens) / this.perMs / 1000) };
  }

  get size(): number {
    return this.buckets.size;
  }
}
