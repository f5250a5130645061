import type { Metadata } from "next";
import { locationPath, type Location } from "@/content/locations";
import { SITE } from "@/content/site";
import { pageMetadata } from "./metadata";

/** Exactly "Window Cleaning {city} FL | {short name}": at most 60 characters, a result's width (docs/pages.md, "City pages"). */
export const locationTitle = (location: Location) =>
  `Window Cleaning ${location.name} ${SITE.region.code} | ${SITE.shortName}`;

/** Names the city and county, and offers both a free quote and a phone call. */
export const locationDescription = (location: Location) =>
  `Streak-free window cleaning in ${location.name}, ${location.county} County: homes, storefronts, screens and hard water stains. Free quote online or call ${SITE.phone.display}.`;

/** Title, description, canonical, Open Graph, Twitter and the geo meta tags of a city page. */
export function locationMetadata(location: Location): Metadata {
  const position = `${location.lat};${location.lon}`;
  return pageMetadata({
    title: locationTitle(location),
    description: locationDescription(location),
    path: locationPath(location),
    absoluteTitle: true,
    other: {
      "geo.region": SITE.region.isoRegion,
      "geo.placename": `${location.name}, ${SITE.region.code}`,
      "geo.position": position,
      ICBM: `${location.lat}, ${location.lon}`,
    },
  });
}
