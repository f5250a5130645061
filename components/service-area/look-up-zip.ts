import { parseZipAnswer, type ZipAnswer } from "@/lib/service-area/zip-code";

export type ZipLookup =
  | { status: "found"; answer: ZipAnswer }
  /** No such ZIP code (the API's 404). */
  | { status: "unknown"; zip: string }
  /** No answer: offline, too many requests, a server error. */
  | { status: "failed" };

/**
 * Asks the server about a ZIP code (the data stays there); null when the question was called off
 * because the visitor typed on. The browser's cache answers a ZIP code asked before.
 */
export async function lookUpZip(zip: string, signal: AbortSignal): Promise<ZipLookup | null> {
  try {
    const response = await fetch(`/api/service-area?zip=${encodeURIComponent(zip)}`, { signal });
    // Read whatever the answer (an unread body keeps the request open until it is collected).
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 404) return { status: "unknown", zip };
    const answer = response.ok ? parseZipAnswer(body) : null;
    return answer ? { status: "found", answer } : { status: "failed" };
  } catch {
    return signal.aborted ? null : { status: "failed" };
  }
}
