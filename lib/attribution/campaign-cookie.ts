/**
 * The campaign that brought a visitor (docs/leads.md, "Attribution"), kept for 90 days in a
 * first-party cookie that proxy.ts sets on a landing request only: one carrying campaign
 * parameters, or sent from another site. A later such landing replaces it; a direct or internal
 * visit leaves it as it is ("last non-direct click"). The lead API reads it with the create.
 */
import { CAMPAIGN_PARAMETERS } from "@shared/quote/choices";
import { keptAttribution, type Attribution } from "@shared/quote/schema";

export const CAMPAIGN_COOKIE = "campaign";
/** How long a landing's campaign is kept: 90 days, the usual window an ad click is credited for. */
export const CAMPAIGN_DAYS = 90;

/**
 * The campaign of a landing request for `url`, sent with `referer`; null when it carries none
 * (a direct visit, or a move from one of `ownHosts`: this site's pages are no source).
 */
export function landingCampaign(
  url: URL,
  referer: string | null,
  ownHosts: readonly string[],
): Attribution | null {
  const campaign: Record<string, string> = {};
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value) campaign[name] = value;
  }
  const from = referer ? URL.parse(referer) : null;
  if (from && !ownHosts.includes(from.host)) campaign.referrer = referer!;
  // Only the values that pass the shared schema's rules: an odd ad URL never costs a lead.
  const kept = keptAttribution(campaign);
  if (Object.keys(kept).length === 0) return null;
  return keptAttribution({ ...kept, landingPage: url.pathname });
}

/** The cookie's value: the campaign as a query string (no character a cookie cannot carry). */
export function campaignCookieValue(campaign: Attribution): string {
  return new URLSearchParams(
    Object.entries(campaign).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
}

/** The campaign a cookie's value holds, its values checked again; undefined for none. */
export function campaignFromCookie(value: string | undefined): Attribution | undefined {
  if (!value) return undefined;
  const kept = keptAttribution(Object.fromEntries(new URLSearchParams(value)));
  return Object.keys(kept).length > 0 ? kept : undefined;
}
