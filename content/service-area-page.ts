import { SITE } from "@/content/site";

/** The /service-area page's own words (docs/pages.md, "Service area"); its figures are computed. */
export const SERVICE_AREA_PAGE = {
  title: "ZIP codes we serve",
  eyebrow: "Service area",
  metaDescription: `Every ZIP code where ${SITE.shortName} cleans windows, listed under its Tampa Bay service city. Not listed? Call ${SITE.phone.display}: we may still come.`,
} as const;
