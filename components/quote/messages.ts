import { SITE } from "@/content/site";

/** docs/calculator.md, "Toasts", word for word. */
export const MESSAGES = {
  success: "Quote request submitted successfully!",
  /** A change sent after the lead was created (a correction after Back): the same lead, updated. */
  updated: "Your quote request was updated.",
  /** Another tab or page changed the same thing first (412): shown with the quote as it stands. */
  notApplied:
    "Your change was not applied: your quote was changed in another window. It now shows what we have.",
  failure: "Failed to submit. Please try again or call us directly.",
} as const;

/** "30 seconds", "1 minute", "4 minutes": a wait, rounded up to whole minutes past the first one. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** "Failed to submit. Please try again[ in {wait}] or call us directly": the failure, up to the number. */
function failureWords(retryAfterSeconds: number | null): string {
  const when = retryAfterSeconds ? ` in ${waitText(retryAfterSeconds)}` : "";
  return `Failed to submit. Please try again${when} or call us directly`;
}

/**
 * The failure toast (docs/calculator.md, "Toasts"). When the server said how long to wait (a 429
 * with Retry-After), the spec's words say when, and give the number to call meanwhile.
 */
export function failureMessage(retryAfterSeconds: number | null = null): string {
  if (!retryAfterSeconds) return MESSAGES.failure;
  return `${failureWords(retryAfterSeconds)} at ${SITE.phone.display}.`;
}

/**
 * The same failure on the page, under the button (StatusNote.tsx): always followed by " at
 * {phone}.", the number as a link, since the toast may not have loaded.
 */
export function failureNote(retryAfterSeconds: number | null = null): string {
  return failureWords(retryAfterSeconds);
}

/** Seconds to wait from a Retry-After header (RFC 9110: whole seconds, or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  const value = header?.trim() ?? "";
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date is always in GMT; anything else Date.parse would guess at is not one.
  const at = value.endsWith(" GMT") ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Where the result's updates stand, on the result (StatusNote.tsx; docs/calculator.md, "Updates after the contact step"). */
export const UPDATE_NOTES = {
  waiting: "Not saved yet: we cannot reach our server. We keep trying while this page is open.",
  saved: "Saved. Your quote is up to date.",
  /** Followed by " at {phone}." */
  refused: "We could not save your last choice. Please call us directly",
  conflict:
    "Your last choice was not applied: your quote was changed in another window. It now shows what we have.",
} as const;
