import { SITE } from "@/content/site";
import { STORE_DEADLINE_MS } from "@shared/leads/store-contract";

/**
 * The answer when the disk refused the inbox a write or a read (docs/leads.md, "When the disk
 * fails"): 503, these words, and how long to wait. No server-only import: the server tests read it.
 */

/**
 * How long the site waits for one answer of the lead function (./forward.ts): the function's own
 * deadline, by which an operation has committed or been rolled back, and 3 s for the network and
 * a worker's cold start. On the shared store, a create with an Idempotency-Key or a read that gets
 * no answer in time is sent once more (./shared-store.ts) before the visitor is answered the 503
 * below.
 */
export const DELIVERY_TIMEOUT_MS = STORE_DEADLINE_MS + 3_000;

/** Long enough for the owner to free space; short enough that the calculator's toast says "1 minute". */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/** docs/leads.md, "Error texts". */
export const STORAGE_UNAVAILABLE = {
  write: `The quote cannot be saved right now: please try again in a minute or call us at ${SITE.phone.display}`,
  read: `The quote cannot be loaded right now: please try again in a minute or call us at ${SITE.phone.display}`,
} as const;
