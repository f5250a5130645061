import { CAMPAIGN_PARAMETERS } from "@shared/quote/choices";
import type { Attribution } from "@shared/quote/schema";
import { loadSchema } from "./lazy";

/**
 * Where the visit came from (docs/leads.md, "Attribution"), noted when the calculator starts and
 * sent with the quote's create. Kept in session storage, so the landing page's values survive the
 * visitor's moves to other pages of the tab: a page whose URL carries campaign parameters, or that
 * another site linked to, starts a new record; any other page keeps the one there is.
 */

const STORAGE_KEY = "suncoast-shine:visit-attribution";

function stored(): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null");
  } catch {
    return null;
  }
}

/** The referrer when another site sent the visitor; this site's own pages are no source. */
function otherSiteReferrer(): string | undefined {
  try {
    return new URL(document.referrer).origin === location.origin ? undefined : document.referrer;
  } catch {
    return undefined;
  }
}

/** Records this page as the visit's landing page, unless it is a later page of a recorded visit. */
export function noteVisitAttribution(): void {
  const params = new URLSearchParams(location.search);
  const visit: Record<string, string> = {};
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = params.get(name);
    if (value) visit[name] = value;
  }
  const referrer = otherSiteReferrer();
  if (referrer) visit.referrer = referrer;
  if (Object.keys(visit).length === 0 && stored() !== null) return;
  try {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ ...visit, landingPage: location.pathname }),
    );
  } catch {
    // Storage refused (private mode, quota): the lead goes without attribution.
  }
}

/** The create's `attribution`: the recorded values that pass the shared schema's rules, if any. */
export async function attributionToSend(): Promise<{ attribution?: Attribution }> {
  const raw = stored();
  if (typeof raw !== "object" || raw === null) return {};
  const { keptAttribution } = await loadSchema();
  const attribution = keptAttribution(raw);
  return Object.keys(attribution).length > 0 ? { attribution } : {};
}
