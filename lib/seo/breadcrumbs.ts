import type { BreadcrumbList, WithContext } from "schema-dts";
import { siteUrl } from "@/lib/site-url";

export type Crumb = { name: string; path: string };

/** BreadcrumbList from Home down to the page itself; the last crumb is the current page. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: siteUrl(crumb.path),
    })),
  };
}
