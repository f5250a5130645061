import { SITE } from "@/content/site";

/**
 * The answer when the disk refused the inbox a write or a read (docs/leads.md, "When the disk
 * fails"): 503, these words, and how long to wait. No server-only import: the server tests read it.
 */

/**
 * How long the site waits for the lead function's answer (./forward.ts); past it, on the shared
 * store, the visitor is answered the 503 below.
 */
export const DELIVERY_TIMEOUT_MS = 8_000;

/** Long enough for the owner to free space; short enough that the calculator's toast says "1 minute". */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/** docs/leads.md, "Error texts". */
export const STORAGE_UNAVAILABLE = {
  write: `The quote cannot be saved right now: please try again in a minute or call us at ${SITE.phone.display}`,
  read: `The quote cannot be loaded right now: please try again in a minute or call us at ${SITE.phone.display}`,
} as const;
