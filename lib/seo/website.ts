import type { WebSite, WithContext } from "schema-dts";
import { SITE } from "@/content/site";
import { siteUrl } from "@/lib/site-url";
import { businessId } from "./local-business";

export function websiteJsonLd(): WithContext<WebSite> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": siteUrl("/#website"),
    name: SITE.brand,
    alternateName: SITE.shortName,
    url: siteUrl("/"),
    description: SITE.description,
    inLanguage: "en-US",
    publisher: { "@id": businessId() },
  };
}
