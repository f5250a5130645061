import type { WebPage, WithContext } from "schema-dts";
import { siteUrl } from "@/lib/site-url";
import type { Crumb } from "./breadcrumbs";
import { businessId } from "./local-business";

/** A page with no structured data of its own: the page, in the site, published by the one business. */
export function webPageJsonLd(page: Crumb): WithContext<WebPage> {
  const url = siteUrl(page.path);
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": url,
    url,
    name: page.name,
    isPartOf: { "@id": siteUrl("/#website") },
    publisher: { "@id": businessId() },
  };
}
