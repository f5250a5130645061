import type { County } from "./locations";

/**
 * The counties our service cities sit in. FIPS codes key the us-atlas outlines; `seatSlug` names
 * the county seat among our service cities (all four seats are on the list).
 */
export type CountyInfo = {
  name: County;
  fips: string;
  seatSlug: string;
  /** True sentences about where the county lies, in alternative wordings for the city copy. */
  lay: readonly [string, ...string[]];
};

export const COUNTIES = [
  {
    name: "Pasco",
    fips: "12101",
    seatSlug: "dade-city",
    lay: [
      "Pasco County runs from the Gulf of Mexico on its west side to rolling, more rural country in the east.",
      "Pasco stretches east from a low Gulf shoreline to hills and pastureland near its eastern edge.",
    ],
  },
  {
    name: "Pinellas",
    fips: "12103",
    seatSlug: "clearwater",
    lay: [
      "Pinellas County is a peninsula, with the Gulf of Mexico along its west side and Tampa Bay along its east.",
      "Almost nowhere in Pinellas is more than a few miles from the water: the county is a peninsula between the Gulf and the bay.",
      "Pinellas is the built-up peninsula that separates Tampa Bay from the Gulf of Mexico.",
    ],
  },
  {
    name: "Hillsborough",
    fips: "12057",
    seatSlug: "tampa",
    lay: [
      "Hillsborough County wraps around the head of Tampa Bay and reaches east into farm country.",
      "Hillsborough spans the upper and eastern shores of Tampa Bay, with farmland further east.",
    ],
  },
  {
    name: "Hernando",
    fips: "12053",
    seatSlug: "brooksville",
    lay: [
      "Hernando County lies just north of Pasco, with Gulf shoreline to the west and higher, hilly ground around Brooksville.",
      "Hernando, the northern edge of the Tampa Bay area, reaches from the Gulf of Mexico east to the hills around Brooksville.",
    ],
  },
] as const satisfies readonly CountyInfo[];

export function getCounty(name: County): CountyInfo {
  const county = COUNTIES.find((candidate) => candidate.name === name);
  if (!county) throw new Error(`No county entry for ${name}`);
  return county;
}
