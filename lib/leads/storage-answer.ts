import { SITE } from "@/content/site";
import { STORE_DEADLINE_MS } from "@shared/leads/store-contract";

/**
 * The 503 when the store cannot be reached (docs/leads.md, "Error texts"). No server-only import:
 * the server tests read it. DELIVERY_TIMEOUT_MS: how long the site waits for one answer of the
 * lead function (./forward.ts), its own deadline, by which an operation has committed or been
 * rolled back, and 3 s for the network and a worker's cold start.
 */
export const DELIVERY_TIMEOUT_MS = STORE_DEADLINE_MS + 3_000;

/** Long enough for the owner to free space; short enough that the calculator's toast says "1 minute". */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/** docs/leads.md, "Error texts". */
export const STORAGE_UNAVAILABLE = {
  write: `The quote cannot be saved right now: please try again in a minute or call us at ${SITE.phone.display}`,
  read: `The quote cannot be loaded right now: please try again in a minute or call us at ${SITE.phone.display}`,
} as const;
