import { PRIVACY_LINK } from "@/content/navigation";
import { SITE } from "@/content/site";

/**
 * The /privacy page's own words (docs/pages.md, "Privacy"); how long each thing is kept is read
 * from the code that keeps it (components/privacy/PrivacyNotice.tsx).
 */
export const PRIVACY_PAGE = {
  path: PRIVACY_LINK.href,
  title: "Privacy notice",
  eyebrow: "Your details",
  metaDescription: `What ${SITE.shortName} collects when you ask for a quote, why, who receives it, how long it is kept, and how to have it erased.`,
  /** When the notice last changed in substance; shown on the page. */
  updated: "2026-12-07",
} as const;
