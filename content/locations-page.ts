import { COMMUNITY_KINDS_LABEL } from "@/content/location-places";
import { SERVICE_AREA_LABEL, SERVICE_COUNTIES_LABEL } from "@/content/locations";
import { SITE } from "@/content/site";

/** The /locations hub's own words (docs/pages.md, "Locations"); its list and map are computed. */
export const LOCATIONS_PAGE = {
  /** Its name in every city page's breadcrumb trail. */
  crumb: "Locations",
  title: "Window Cleaning Locations in Tampa Bay",
  eyebrow: "Service areas",
  heading: `Serving ${SERVICE_AREA_LABEL}`,
  /** Also the home page's locations section's introduction: the same list, the same words. */
  intro: `From the Gulf beaches to the inland suburbs of ${SERVICE_COUNTIES_LABEL}: ${COMMUNITY_KINDS_LABEL}. Find yours for local details.`,
  metaDescription: `Every community where ${SITE.shortName} cleans windows, on a map and by county: ${COMMUNITY_KINDS_LABEL} in ${SERVICE_COUNTIES_LABEL}.`,
} as const;
