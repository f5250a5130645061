/**
 * Which HTTP answers are final (docs/leads.md, "Which answers are final"), for every call over HTTP
 * that may be retried: the CRM webhook's outbox and the site's calls to the lead function.
 */

/** What became of one send: done, or why not, whether it may succeed later and after what wait. */
export type Attempt =
  { ok: true } | { ok: false; retryable: boolean; error: string; retryAfterMs?: number | null };

/** The longest wait a Retry-After is honoured for; a longer one is treated as this. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Whether the same request may succeed later: 408 (timeout), 429 (too many), a 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * A Retry-After header (seconds, or an HTTP date) as milliseconds from `now`; null when absent or
 * unreadable. Capped at MAX_RETRY_AFTER_MS, so a typo on the other side cannot park a row for days.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  const text = header?.trim() ?? "";
  const wait = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isNaN(wait) ? null : Math.min(Math.max(wait, 0), MAX_RETRY_AFTER_MS);
}
