import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";

/** One page of each type the site serves, for checks made on every type (docs/security.md). */
export const ONE_PAGE_PER_TYPE = {
  home: "/",
  "locations hub": "/locations",
  city: `/locations/${LOCATIONS[0]!.slug}`,
  plan: `/${PLANS[0]!.slug}`,
  "blog index": "/blog",
  article: "/blog/how-often-clean-windows-tampa-bay",
  // Without a link's fragment it shows "we couldn't find this quote"; the headers are the same.
  "saved quote": "/my-quote",
  "service area": "/service-area",
  // The hosted Observatory refuses to scan a 404; its tests still grade the headers.
  "404": "/no-such-page/here",
};

/** The prerendered route that serves a page type: the 404 is Next's `/_not-found`. */
export const prerenderedRoute = (type: keyof typeof ONE_PAGE_PER_TYPE) =>
  type === "404" ? "/_not-found" : ONE_PAGE_PER_TYPE[type];
