import type { City, GeoCircle, LocalBusiness, OfferCatalog, Place, WithContext } from "schema-dts";
import { isUnincorporated, placeArticleUrl } from "@/content/location-places";
import { getLocation, LOCATIONS, type Location } from "@/content/locations";
import { SITE } from "@/content/site";
import { serviceCircle } from "@/lib/geo/service-circle";
import { siteUrl } from "@/lib/site-url";

/** The two services of the offer catalog (docs/pages.md, "City pages"); both are described on the home and city pages. */
export const CATALOG_SERVICES = [
  "Residential Window Cleaning",
  "Commercial Window Cleaning",
] as const;

export function offerCatalog(areaName: string): OfferCatalog {
  return {
    "@type": "OfferCatalog",
    name: `Window cleaning services in ${areaName}`,
    itemListElement: CATALOG_SERVICES.map((name) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name, areaServed: areaName },
    })),
  };
}

const townName = (location: Location) => `${location.name}, ${SITE.region.code}`;

/** A service city as structured data names it, "Tampa, FL". */
export const city = (location: Location): City => ({ "@type": "City", name: townName(location) });

/** A city page's area served: a City, or a Place known by its article for an unincorporated community. */
export const servedPlace = (location: Location): City | Place =>
  isUnincorporated(location)
    ? { "@type": "Place", name: townName(location), sameAs: placeArticleUrl(location) }
    : city(location);

/** The one business entity every page's structured data names (docs/pages.md, "Structured data"). */
export const businessId = () => siteUrl("/#business");

/** The business by reference, for a page that names it without describing it (author, provider, publisher). */
export function businessReference() {
  return {
    "@type": "LocalBusiness",
    "@id": businessId(),
    name: SITE.brand,
    url: siteUrl("/"),
  } as const satisfies LocalBusiness;
}

/**
 * The business's own address: its home city's (content/site.ts), never a served city's. No `geo`:
 * the business has no point of its own in content, and its city's centre is not where it is.
 */
function businessAddress() {
  const home = getLocation(SITE.homeCitySlug);
  if (!home)
    throw new Error(`SITE.homeCitySlug "${SITE.homeCitySlug}" is not in content/locations.ts`);
  return {
    address: {
      "@type": "PostalAddress",
      addressLocality: home.name,
      addressRegion: SITE.region.code,
      addressCountry: SITE.region.country,
    },
  } satisfies Partial<LocalBusiness>;
}

/**
 * The business, described once under its @id, on the home page: the whole service area, all read
 * from content/site.ts. Every other page names it by reference. No aggregateRating: a business
 * rating itself on its own site is self-serving (docs/pages.md, "Structured data").
 */
export function homeLocalBusinessJsonLd(): WithContext<LocalBusiness> {
  const { centre, radiusMeters } = serviceCircle();
  const radius: GeoCircle = {
    "@type": "GeoCircle",
    geoMidpoint: { "@type": "GeoCoordinates", latitude: centre.lat, longitude: centre.lon },
    geoRadius: radiusMeters,
  };
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": businessId(),
    name: SITE.brand,
    telephone: SITE.phone.e164,
    priceRange: SITE.priceRange,
    openingHoursSpecification: SITE.openingHours.map((group) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [...group.days],
      opens: group.opens,
      closes: group.closes,
    })),
    description: SITE.description,
    url: siteUrl("/"),
    email: SITE.email,
    image: siteUrl("/opengraph-image"),
    ...businessAddress(),
    areaServed: [radius, ...LOCATIONS.map(servedPlace)],
    foundingDate: String(SITE.foundedYear),
    hasOfferCatalog: offerCatalog("Tampa Bay"),
  };
}
