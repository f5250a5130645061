import type { City, GeoCircle, LocalBusiness, OfferCatalog, WithContext } from "schema-dts";
import { getLocation, LOCATIONS, locationPath, type Location } from "@/content/locations";
import { SITE } from "@/content/site";
import { serviceCircle } from "@/lib/geo/service-circle";
import { siteUrl } from "@/lib/site-url";

/** The two services of the offer catalog (docs/pages.md, "City pages"); both are described on the home and city pages. */
export const CATALOG_SERVICES = [
  "Residential Window Cleaning",
  "Commercial Window Cleaning",
] as const;

function offerCatalog(areaName: string): OfferCatalog {
  return {
    "@type": "OfferCatalog",
    name: `Window cleaning services in ${areaName}`,
    itemListElement: CATALOG_SERVICES.map((name) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name, areaServed: areaName },
    })),
  };
}

/** A service city as structured data names it, "Tampa, FL". */
export const city = (location: Location): City => ({
  "@type": "City",
  name: `${location.name}, ${SITE.region.code}`,
});

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

/** The business's own address and point: its home city's (content/site.ts), never a served city's. */
function businessPlace() {
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
    geo: { "@type": "GeoCoordinates", latitude: home.lat, longitude: home.lon },
  } satisfies Partial<LocalBusiness>;
}

/** Facts shared by the home and city markup, all read from content/site.ts: one business, one address. */
function businessBase() {
  return {
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
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: SITE.rating.value,
      reviewCount: SITE.rating.count,
      bestRating: 5,
    },
  } satisfies Partial<LocalBusiness>;
}

/** Home page LocalBusiness: the whole service area. */
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
    ...businessBase(),
    description: SITE.description,
    url: siteUrl("/"),
    email: SITE.email,
    image: siteUrl("/opengraph-image"),
    ...businessPlace(),
    areaServed: [radius, ...LOCATIONS.map(city)],
    foundingDate: String(SITE.foundedYear),
    hasOfferCatalog: offerCatalog("Tampa Bay"),
  };
}

/**
 * A city page's LocalBusiness (docs/pages.md, "City pages"): the same business serving the city,
 * never with an office there.
 */
export function cityLocalBusinessJsonLd(
  location: Location,
  description: string,
): WithContext<LocalBusiness> {
  const path = locationPath(location);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    ...businessBase(),
    description,
    url: siteUrl(path),
    image: siteUrl(`${path}/opengraph-image`),
    ...businessPlace(),
    areaServed: city(location),
    hasOfferCatalog: offerCatalog(`${location.name}, ${SITE.region.code}`),
  };
}
