import type { WebPage, WithContext } from "schema-dts";
import { locationPath, type Location } from "@/content/locations";
import { SITE } from "@/content/site";
import { businessReference, offerCatalog, servedPlace } from "./local-business";
import { webPageJsonLd } from "./web-page";

/**
 * A city page's own structured data (docs/pages.md, "Structured data"): the page, whose main
 * entity is window cleaning in that town, provided by the business named by its @id (never a
 * second description of it, nor an address or a point in the town).
 */
export function cityPageJsonLd(location: Location, description: string): WithContext<WebPage> {
  const town = `${location.name}, ${SITE.region.code}`;
  return {
    ...webPageJsonLd({ name: `Window cleaning in ${town}`, path: locationPath(location) }),
    description,
    mainEntity: {
      "@type": "Service",
      name: `Window cleaning in ${town}`,
      serviceType: "Window cleaning",
      provider: businessReference(),
      areaServed: servedPlace(location),
      hasOfferCatalog: offerCatalog(town),
    },
  };
}
