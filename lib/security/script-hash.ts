import { createHash } from "node:crypto";

/** A CSP hash source for a script's text: SHA-256 of its UTF-8 bytes, in base64 (docs/security.md). */
export const scriptHash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
