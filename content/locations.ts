/** The service cities, in their decided order (docs/decisions.md, "Counts"). Coordinates are each place's centre (WGS84). */
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
  { slug: "tampa", name: "Tampa", county: "Hillsborough", lat: 27.9506, lon: -82.4572 },
  { slug: "wesley-chapel", name: "Wesley Chapel", county: "Pasco", lat: 28.2397, lon: -82.3279 },
  { slug: "lutz", name: "Lutz", county: "Hillsborough", lat: 28.1511, lon: -82.4615 },
  { slug: "clearwater", name: "Clearwater", county: "Pinellas", lat: 27.9659, lon: -82.8001 },
  { slug: "st-pete", name: "St. Petersburg", county: "Pinellas", lat: 27.7676, lon: -82.6403 },
  { slug: "palm-harbor", name: "Palm Harbor", county: "Pinellas", lat: 28.0781, lon: -82.7637 },
  {
    slug: "tarpon-springs",
    name: "Tarpon Springs",
    county: "Pinellas",
    lat: 28.1461,
    lon: -82.7568,
  },
  { slug: "odessa", name: "Odessa", county: "Pasco", lat: 28.1939, lon: -82.5912 },
  { slug: "trinity", name: "Trinity", county: "Pasco", lat: 28.1806, lon: -82.6818 },
  { slug: "seminole", name: "Seminole", county: "Pinellas", lat: 27.8397, lon: -82.7912 },
  {
    slug: "new-port-richey",
    name: "New Port Richey",
    county: "Pasco",
    lat: 28.2442,
    lon: -82.7193,
  },
  { slug: "largo", name: "Largo", county: "Pinellas", lat: 27.9095, lon: -82.7873 },
  { slug: "safety-harbor", name: "Safety Harbor", county: "Pinellas", lat: 27.9908, lon: -82.6932 },
  {
    slug: "thonotosassa",
    name: "Thonotosassa",
    county: "Hillsborough",
    lat: 28.0614,
    lon: -82.3023,
  },
  { slug: "zephyrhills", name: "Zephyrhills", county: "Pasco", lat: 28.2336, lon: -82.1812 },
  { slug: "spring-hill", name: "Spring Hill", county: "Hernando", lat: 28.4769, lon: -82.5254 },
  { slug: "hudson", name: "Hudson", county: "Pasco", lat: 28.3645, lon: -82.6934 },
  { slug: "brooksville", name: "Brooksville", county: "Hernando", lat: 28.5553, lon: -82.3879 },
  {
    slug: "hernando-beach",
    name: "Hernando Beach",
    county: "Hernando",
    lat: 28.4769,
    lon: -82.6598,
  },
  { slug: "madeira-beach", name: "Madeira Beach", county: "Pinellas", lat: 27.7981, lon: -82.7971 },
  { slug: "belleair", name: "Belleair", county: "Pinellas", lat: 27.9358, lon: -82.8062 },
  {
    slug: "indian-rocks",
    name: "Indian Rocks Beach",
    county: "Pinellas",
    lat: 27.8753,
    lon: -82.8512,
  },
  {
    slug: "apollo-beach",
    name: "Apollo Beach",
    county: "Hillsborough",
    lat: 27.7731,
    lon: -82.4076,
  },
  { slug: "oldsmar", name: "Oldsmar", county: "Pinellas", lat: 28.0342, lon: -82.6651 },
  { slug: "dade-city", name: "Dade City", county: "Pasco", lat: 28.3647, lon: -82.1959 },
  { slug: "dunedin", name: "Dunedin", county: "Pinellas", lat: 28.0197, lon: -82.7718 },
  { slug: "pinellas-park", name: "Pinellas Park", county: "Pinellas", lat: 27.8428, lon: -82.6995 },
] as const satisfies readonly Location[];

export type LocationSlug = (typeof LOCATIONS)[number]["slug"];

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
