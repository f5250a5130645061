import type {
  City,
  GeoCircle,
  LocalBusiness,
  OfferCatalog,
  OpeningHoursSpecification,
  WithContext,
} from "schema-dts";
import { getLocation, LOCATIONS, locationPath, type Location } from "@/content/locations";
import { SITE } from "@/content/site";
import { serviceCircle } from "@/lib/geo/service-circle";
import { siteUrl } from "@/lib/site-url";

/** The two services of the offer catalog (docs/pages.md, "City pages"); both are described on the home and city pages. */
export const CATALOG_SERVICES = [
  "Residential Window Cleaning",
  "Commercial Window Cleaning",
] as const;

export function openingHoursSpecification(): OpeningHoursSpecification[] {
  return SITE.openingHours.map((group) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: [...group.days],
    opens: group.opens,
    closes: group.closes,
  }));
}

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

const city = (location: Location): City => ({
  "@type": "City",
  name: `${location.name}, ${SITE.region.code}`,
});

function homeCity(): Location {
  const location = getLocation(SITE.homeCitySlug);
  if (!location)
    throw new Error(`SITE.homeCitySlug "${SITE.homeCitySlug}" is not in content/locations.ts`);
  return location;
}

/** Facts shared by the home and city markup, all read from content/site.ts. */
function businessBase() {
  return {
    name: SITE.brand,
    telephone: SITE.phone.e164,
    priceRange: SITE.priceRange,
    openingHoursSpecification: openingHoursSpecification(),
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
  const base = homeCity();
  const { centre, radiusMeters } = serviceCircle();
  const radius: GeoCircle = {
    "@type": "GeoCircle",
    geoMidpoint: { "@type": "GeoCoordinates", latitude: centre.lat, longitude: centre.lon },
    geoRadius: radiusMeters,
  };
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": siteUrl("/#business"),
    ...businessBase(),
    description: SITE.description,
    url: siteUrl("/"),
    email: SITE.email,
    image: siteUrl("/opengraph-image"),
    address: postalAddress(base),
    geo: { "@type": "GeoCoordinates", latitude: base.lat, longitude: base.lon },
    areaServed: [radius, ...LOCATIONS.map(city)],
    foundingDate: String(SITE.foundedYear),
    hasOfferCatalog: offerCatalog("Tampa Bay"),
  };
}

/** A city page's LocalBusiness (docs/pages.md, "City pages"). */
export function cityLocalBusinessJsonLd(
  location: Location,
  description: string,
): WithContext<LocalBusiness> {
  const path = locationPath(location);
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": siteUrl(`${path}#business`),
    ...businessBase(),
    description,
    url: siteUrl(path),
    image: siteUrl(`${path}/opengraph-image`),
    address: postalAddress(location),
    geo: { "@type": "GeoCoordinates", latitude: location.lat, longitude: location.lon },
    areaServed: city(location),
    hasOfferCatalog: offerCatalog(`${location.name}, ${SITE.region.code}`),
  };
}

function postalAddress(location: Location) {
  return {
    "@type": "PostalAddress",
    addressLocality: location.name,
    addressRegion: SITE.region.code,
    addressCountry: SITE.region.country,
  } as const;
}
