/**
 * The service cities, in their decided order (docs/decisions.md, "Counts").
 *
 * Coordinates (WGS84, four decimals) are each community's own point as its English Wikipedia
 * article gives it (the infobox coordinates, which that article cites to the US Census Bureau
 * Gazetteer or the USGS GNIS): a city's downtown or the inside of its city limits, an
 * unincorporated community's census-designated place. Every distance a page prints is computed
 * from them (docs/pages.md, "City pages").
 */
export type County = "Pasco" | "Pinellas" | "Hillsborough" | "Hernando";

export type Location = {
  slug: string;
  name: string;
  county: County;
  lat: number;
  lon: number;
};

export const LOCATIONS = [
  { slug: "land-o-lakes", name: "Land O' Lakes", county: "Pasco", lat: 28.2189, lon: -82.4576 },
  { slug: "tampa", name: "Tampa", county: "Hillsborough", lat: 27.9475, lon: -82.4586 },
  { slug: "wesley-chapel", name: "Wesley Chapel", county: "Pasco", lat: 28.1786, lon: -82.3506 },
  { slug: "lutz", name: "Lutz", county: "Hillsborough", lat: 28.1394, lon: -82.4619 },
  { slug: "clearwater", name: "Clearwater", county: "Pinellas", lat: 27.9736, lon: -82.7642 },
  { slug: "st-pete", name: "St. Petersburg", county: "Pinellas", lat: 27.7731, lon: -82.64 },
  { slug: "palm-harbor", name: "Palm Harbor", county: "Pinellas", lat: 28.0839, lon: -82.7539 },
  {
    slug: "tarpon-springs",
    name: "Tarpon Springs",
    county: "Pinellas",
    lat: 28.1461,
    lon: -82.7568,
  },
  { slug: "odessa", name: "Odessa", county: "Pasco", lat: 28.1833, lon: -82.5683 },
  { slug: "trinity", name: "Trinity", county: "Pasco", lat: 28.1778, lon: -82.6711 },
  { slug: "seminole", name: "Seminole", county: "Pinellas", lat: 27.8386, lon: -82.785 },
  {
    slug: "new-port-richey",
    name: "New Port Richey",
    county: "Pasco",
    lat: 28.2489,
    lon: -82.7178,
  },
  { slug: "largo", name: "Largo", county: "Pinellas", lat: 27.9094, lon: -82.7872 },
  { slug: "safety-harbor", name: "Safety Harbor", county: "Pinellas", lat: 28.0047, lon: -82.6953 },
  {
    slug: "thonotosassa",
    name: "Thonotosassa",
    county: "Hillsborough",
    lat: 28.0561,
    lon: -82.2928,
  },
  { slug: "zephyrhills", name: "Zephyrhills", county: "Pasco", lat: 28.2372, lon: -82.1794 },
  { slug: "spring-hill", name: "Spring Hill", county: "Hernando", lat: 28.4789, lon: -82.5478 },
  { slug: "hudson", name: "Hudson", county: "Pasco", lat: 28.3611, lon: -82.6872 },
  { slug: "brooksville", name: "Brooksville", county: "Hernando", lat: 28.5536, lon: -82.3886 },
  {
    slug: "hernando-beach",
    name: "Hernando Beach",
    county: "Hernando",
    lat: 28.4864,
    lon: -82.6578,
  },
  { slug: "madeira-beach", name: "Madeira Beach", county: "Pinellas", lat: 27.7958, lon: -82.7906 },
  { slug: "belleair", name: "Belleair", county: "Pinellas", lat: 27.935, lon: -82.81 },
  {
    slug: "indian-rocks",
    name: "Indian Rocks Beach",
    county: "Pinellas",
    lat: 27.8958,
    lon: -82.8475,
  },
  {
    slug: "apollo-beach",
    name: "Apollo Beach",
    county: "Hillsborough",
    lat: 27.7719,
    lon: -82.4108,
  },
  { slug: "oldsmar", name: "Oldsmar", county: "Pinellas", lat: 28.0342, lon: -82.665 },
  { slug: "dade-city", name: "Dade City", county: "Pasco", lat: 28.3647, lon: -82.1959 },
  { slug: "dunedin", name: "Dunedin", county: "Pinellas", lat: 28.0253, lon: -82.7753 },
  { slug: "pinellas-park", name: "Pinellas Park", county: "Pinellas", lat: 27.8522, lon: -82.7072 },
] as const satisfies readonly Location[];

export type LocationSlug = (typeof LOCATIONS)[number]["slug"];

/**
 * Other names a city's page is asked for by (the menu's "St. Petersburg"), each answered with a 308
 * to the page (next.config.ts, redirects); the sitemap and canonicals name only the slug, and any
 * other path is the not-found page (docs/pages.md, "City pages").
 */
export const LOCATION_ALIASES: Readonly<Record<string, LocationSlug>> = {
  "st-petersburg": "st-pete",
  "indian-rocks-beach": "indian-rocks",
};

/** "28 Tampa Bay cities": computed from the list, never typed. */
export const CITY_COUNT = LOCATIONS.length;
export const SERVICE_AREA_LABEL = `${CITY_COUNT} Tampa Bay cities`;
export const FOOTER_CITY_COUNT = 10;

/** A city page's path: the one place its URL is built. */
export function locationPath(location: Pick<Location, "slug">): string {
  return `/locations/${location.slug}`;
}

export function getLocation(slug: string): Location | undefined {
  return LOCATIONS.find((location) => location.slug === slug);
}

/** The counties the cities lie in, in order of first appearance. */
export const SERVICE_COUNTIES: readonly County[] = [
  ...new Set(LOCATIONS.map((location) => location.county)),
];
/** "Pasco, Hillsborough, Pinellas, and Hernando counties" */
export const SERVICE_COUNTIES_LABEL = `${new Intl.ListFormat("en-US", { type: "conjunction" }).format(SERVICE_COUNTIES)} counties`;
