import { createHash } from "node:crypto";

/** A CSP hash source for a script's text: SHA-256 of its UTF-8 bytes, in base64. */
export const scriptHash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The Content-Security-Policy of a production response, given the SHA-256 sources of the inline
 * scripts it may run: each prerendered page gets its own hashes (scripts/build/csp.ts writes them
 * into the build's manifest, proxy.ts serves them); every other response (API routes, build
 * assets, files) gets none, so no script runs there (next.config.ts). docs/security.md.
 *
 * `style-src 'unsafe-inline'`: React writes style attributes, and Next's font loader inlines
 * @font-face; hashes cannot allow style attributes without 'unsafe-hashes'.
 */
export function contentSecurityPolicy(hashes: readonly string[]): string {
  const scriptSrc = hashes.length > 0 ? `'strict-dynamic' ${hashes.join(" ")}` : "'none'";
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}
