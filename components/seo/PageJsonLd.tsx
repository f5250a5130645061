import type { Thing, WithContext } from "schema-dts";
import { breadcrumbJsonLd, type Crumb } from "@/lib/seo/breadcrumbs";
import { JsonLd } from "./JsonLd";

/** The first crumb of every trail. */
export const HOME_CRUMB: Crumb = { name: "Home", path: "/" };

/**
 * A page's structured data, when it has its own, then its BreadcrumbList: Home, then `trail` down
 * to the page itself (each page's structured data: docs/pages.md).
 */
export function PageJsonLd({
  data,
  trail,
}: {
  data?: WithContext<Thing>;
  trail: readonly Crumb[];
}) {
  const breadcrumbs = breadcrumbJsonLd([HOME_CRUMB, ...trail]);
  return <JsonLd data={data ? [data, breadcrumbs] : breadcrumbs} />;
}
