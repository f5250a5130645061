import type { Thing, WithContext } from "schema-dts";
import { LOCATIONS_PAGE } from "@/content/locations-page";
import { LOCATIONS_LINK } from "@/content/navigation";
import { breadcrumbJsonLd, type Crumb } from "@/lib/seo/breadcrumbs";
import { webPageJsonLd } from "@/lib/seo/web-page";
import { JsonLd } from "./JsonLd";

/** The first crumb of every trail. */
export const HOME_CRUMB: Crumb = { name: "Home", path: "/" };

/** The /locations hub: its own crumb, and every city page's middle one. */
export const LOCATIONS_CRUMB: Crumb = { name: LOCATIONS_PAGE.crumb, path: LOCATIONS_LINK.href };

/**
 * A page's structured data (its own, or else a WebPage published by the business), then its
 * BreadcrumbList: Home, then `trail` down to the page itself (each page's structured data:
 * docs/pages.md).
 */
export function PageJsonLd({
  data,
  trail,
}: {
  data?: WithContext<Thing>;
  trail: readonly Crumb[];
}) {
  const breadcrumbs = breadcrumbJsonLd([HOME_CRUMB, ...trail]);
  const own = trail.at(-1);
  const page = data ?? (own ? webPageJsonLd(own) : undefined);
  return <JsonLd data={page ? [page, breadcrumbs] : breadcrumbs} />;
}
