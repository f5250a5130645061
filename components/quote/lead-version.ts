/**
 * The version (the ETag of the answers) of the lead this tab last saw, kept in the tab's session
 * storage beside the calculator's progress: a change the visitor makes here is sent as made on it
 * (If-Match), so the server refuses it when another page changed the same thing meanwhile
 * (docs/calculator.md, "One quote, one lead").
 */

const KEY = "suncoast-shine:lead-version";

/** Notes the ETag an answer about lead `id` carried. */
export function noteLeadVersion(id: string, etag: string | null): void {
  if (!etag) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ id, etag }));
  } catch {
    // Storage off or full: changes then go without If-Match, as from a page of before.
  }
}

/** The ETag this tab last saw of lead `id`, or null. */
export function seenLeadVersion(id: string): string | null {
  try {
    const seen: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
    if (typeof seen !== "object" || seen === null) return null;
    const { id: seenId, etag } = { id: null, etag: null, ...seen };
    return seenId === id && typeof etag === "string" ? etag : null;
  } catch {
    return null;
  }
}
