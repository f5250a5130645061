import { parseSavedQuote, type QuoteKey, type SavedQuote } from "@/lib/quote/saved-quote";
import type { VisitWindow } from "@/lib/quote/visit-window";
import { noteLeadVersion } from "@/components/quote/lead-version";
import type { SelectionChange } from "./selection";

/**
 * The saved-quote page's two calls (docs/leads.md): GET and PATCH /api/quote/{id}, the token as
 * `Authorization: Bearer`. The id is in the path and the token in a header; the link's fragment
 * itself is never sent anywhere.
 */

export type Loaded =
  | { status: "found"; quote: SavedQuote }
  /** Unknown id or wrong token: the API does not say which. */
  | { status: "not_found" }
  /** `message`: the server's own words when it answered (a 503 says why and when to retry); null when no answer came. */
  | { status: "failed"; message: string | null };

export type Saved =
  | { status: "saved"; quote: SavedQuote }
  /** Another page changed what this change is about since this page saw the quote: not applied. */
  | { status: "conflict"; quote: SavedQuote; message: string }
  | { status: "expired"; message: string }
  | { status: "refused"; message: string }
  | { status: "failed" };

/** One field at a time: a PATCH never carries what this page shows but the visitor left alone. */
export type QuoteChange =
  /** `totalPrice`: the total the page shows with the change, kept beside the server's for comparison. */
  (SelectionChange & { totalPrice: number }) | { visitWindow: VisitWindow };

type Answer = { status: number; quote: SavedQuote | null; error: string | null };

/**
 * The version (ETag) of each lead as this page last saw it: its changes are made on it, so the
 * server refuses one whose field another page changed since (docs/leads.md, If-Match).
 */
const seenVersions = new Map<string, string>();

async function call(key: QuoteKey, init: RequestInit): Promise<Answer | null> {
  try {
    const seen = init.method === "PATCH" ? seenVersions.get(key.id) : undefined;
    const response = await fetch(`/api/quote/${encodeURIComponent(key.id)}`, {
      ...init,
      cache: "no-store",
      referrerPolicy: "no-referrer",
      headers: {
        ...init.headers,
        authorization: `Bearer ${key.token}`,
        ...(seen ? { "if-match": seen } : {}),
      },
    });
    const version = response.headers.get("etag");
    if (version) seenVersions.set(key.id, version);
    // This tab has seen it: the calculator's next change here is made on it (lead-version.ts).
    noteLeadVersion(key.id, version);
    const body: unknown = await response.json().catch(() => null);
    const record = typeof body === "object" && body !== null ? { ...body } : {};
    const error = "error" in record && typeof record.error === "string" ? record.error : null;
    const quote = "quote" in record ? parseSavedQuote(record.quote) : null;
    return { status: response.status, quote, error };
  } catch {
    return null;
  }
}

/** The quote a link's key opens; a link without one (incomplete, or mangled) is not found. */
export async function loadSavedQuote(key: QuoteKey | null): Promise<Loaded> {
  if (!key) return { status: "not_found" };
  const answer = await call(key, { method: "GET" });
  if (answer?.status === 200 && answer.quote) return { status: "found", quote: answer.quote };
  if (answer?.status === 404) return { status: "not_found" };
  return { status: "failed", message: answer?.error ?? null };
}

export async function saveQuoteChange(key: QuoteKey, change: QuoteChange): Promise<Saved> {
  const answer = await call(key, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(change),
  });
  if (answer?.status === 200 && answer.quote) return { status: "saved", quote: answer.quote };
  if (answer?.status === 412 && answer.quote && answer.error) {
    return { status: "conflict", quote: answer.quote, message: answer.error };
  }
  if (answer?.status === 410 && answer.error) return { status: "expired", message: answer.error };
  if (answer?.status === 400 && answer.error) return { status: "refused", message: answer.error };
  return { status: "failed" };
}
