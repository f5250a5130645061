import { LOCATIONS, SERVICE_COUNTIES, type County, type Location } from "@/content/locations";

export type CountyGroup = { county: County; locations: Location[] };

/** The service cities grouped by county (counties in content order), alphabetical within each. */
export function locationsByCounty(locations: readonly Location[] = LOCATIONS): CountyGroup[] {
  const counties = [...new Set(locations.map((location) => location.county))];
  const order = (county: County) => SERVICE_COUNTIES.indexOf(county);
  return counties
    .sort((a, b) => order(a) - order(b))
    .map((county) => ({
      county,
      locations: locations
        .filter((location) => location.county === county)
        .sort((a, b) => a.name.localeCompare(b.name, "en-US")),
    }));
}
