import type { County } from "./locations";

/**
 * The counties our service cities sit in. FIPS codes key the us-atlas outlines; `seatSlug` names
 * the county seat among our service cities (all four seats are on the list).
 */
export type CountyInfo = {
  name: County;
  fips: string;
  seatSlug: string;
  /** One true sentence about where the county lies; used in city copy. */
  lay: string;
};

export const COUNTIES = [
  {
    name: "Pasco",
    fips: "12101",
    seatSlug: "dade-city",
    lay: "Pasco County runs from the Gulf of Mexico on its west side to rolling, more rural country in the east",
  },
  {
    name: "Pinellas",
    fips: "12103",
    seatSlug: "clearwater",
    lay: "Pinellas County is a peninsula, with the Gulf of Mexico along its west side and Tampa Bay along its east",
  },
  {
    name: "Hillsborough",
    fips: "12057",
    seatSlug: "tampa",
    lay: "Hillsborough County wraps around the head of Tampa Bay and reaches east into farm country",
  },
  {
    name: "Hernando",
    fips: "12053",
    seatSlug: "brooksville",
    lay: "Hernando County lies just north of Pasco, with Gulf shoreline to the west and higher, hilly ground around Brooksville",
  },
] as const satisfies readonly CountyInfo[];

export function getCounty(name: County): CountyInfo {
  const county = COUNTIES.find((candidate) => candidate.name === name);
  if (!county) throw new Error(`No county entry for ${name}`);
  return county;
}
