import type { County } from "./locations";

/**
 * The counties our service cities sit in. FIPS codes key the us-atlas outlines; `seatSlug` names
 * the county seat among our service cities (all four seats are on the list).
 */
export type CountyInfo = {
  name: County;
  fips: string;
  seatSlug: string;
};

export const COUNTIES = [
  {
    name: "Pasco",
    fips: "12101",
    seatSlug: "dade-city",
  },
  {
    name: "Pinellas",
    fips: "12103",
    seatSlug: "clearwater",
  },
  {
    name: "Hillsborough",
    fips: "12057",
    seatSlug: "tampa",
  },
  {
    name: "Hernando",
    fips: "12053",
    seatSlug: "brooksville",
  },
] as const satisfies readonly CountyInfo[];

export function getCounty(name: County): CountyInfo {
  const county = COUNTIES.find((candidate) => candidate.name === name);
  if (!county) throw new Error(`No county entry for ${name}`);
  return county;
}
