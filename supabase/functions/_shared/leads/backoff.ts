/** When the outbox tries a failed delivery again: exponential from 200 ms, with jitter, capped. */

export const FIRST_RETRY_MS = 200;
export const MAX_RETRY_MS = 5 * 60_000;

/**
 * The wait before retry number `attempt` (1 = the first retry): 200 ms, 400 ms, 800 ms… up to
 * five minutes, each stretched by up to half again at random so that many leads failing together
 * (an outage) do not all come back in the same instant.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const step = FIRST_RETRY_MS * 2 ** Math.min(Math.max(attempt - 1, 0), 30);
  return Math.round(Math.min(MAX_RETRY_MS, step * (1 + random() / 2)));
}
