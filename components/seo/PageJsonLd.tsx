import type { Thing, WithContext } from "schema-dts";
import { breadcrumbJsonLd, type Crumb } from "@/lib/seo/breadcrumbs";
import { webPageJsonLd } from "@/lib/seo/web-page";
import { JsonLd } from "./JsonLd";

/** The first crumb of every trail. */
export const HOME_CRUMB: Crumb = { name: "Home", path: "/" };

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
