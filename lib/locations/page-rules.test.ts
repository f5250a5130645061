import { describe, expect, it } from "vitest";
import { getLocation, type Location } from "@/content/locations";
import { pageViolations, placesNamed, ruleViolations, sentences } from "./page-rules";

function city(slug: string): Location {
  const found = getLocation(slug);
  if (!found) throw new Error(`no location ${slug}`);
  return found;
}

/** What the rules find wrong in `text` on the page of the city `slug`. */
const violationsIn = (slug: string, text: string) => ruleViolations(city(slug), text);

const names = (sentence: string) => placesNamed(sentence).map((location) => location.name);

describe("sentences and the places they name", () => {
  it("ends a sentence at a full stop, but not at St. or an initial", () => {
    expect(
      sentences(
        "Oldsmar takes its name from Ransom E. Olds. It lies north of St. Petersburg. Really?",
      ),
    ).toEqual([
      "Oldsmar takes its name from Ransom E. Olds.",
      "It lies north of St. Petersburg.",
      "Really?",
    ]);
  });

  it("reads bays, harbors, lakes and roads named after a city as something else", () => {
    expect(names("Tampa Bay, Old Tampa Bay, Clearwater Harbor and Lake Seminole")).toEqual([]);
    expect(names("along Trinity Boulevard and Tampa Road")).toEqual([]);
    expect(names("downtown Tampa, St. Petersburg and Palm Harbor")).toEqual([
      "Tampa",
      "St. Petersburg",
      "Palm Harbor",
    ]);
  });
});

describe("the county rule", () => {
  it("rejects a place named under a county it is not in (issue #32's Apollo Beach and Lutz)", () => {
    expect(
      violationsIn(
        "apollo-beach",
        "We work all over Hillsborough County except Lithia (33547), Plant City (33567) and Wimauma (33598), including nearby Tampa and St. Petersburg.",
      ),
    ).toEqual([
      expect.stringContaining("St. Petersburg (Pinellas County) is named under Hillsborough"),
    ]);
    expect(
      violationsIn(
        "lutz",
        "We work all over Hillsborough County except Lithia (33547), Plant City (33567) and Wimauma (33598), including nearby Land O' Lakes and Odessa.",
      ),
    ).toHaveLength(2);
  });

  it("accepts a place across the line only with its own county", () => {
    const lutz = city("lutz");
    expect(
      ruleViolations(
        lutz,
        "We work all over Hillsborough County except Lithia (33547), Plant City (33567) and Wimauma (33598), including nearby Tampa and, across the line, Land O' Lakes in Pasco County.",
      ),
    ).toEqual([]);
    expect(
      ruleViolations(
        lutz,
        "We work all over Hillsborough County except Lithia (33547), Plant City (33567) and Wimauma (33598), including nearby Tampa and, across the line, Land O' Lakes in Pinellas County.",
      ),
    ).toEqual([expect.stringContaining("Land O' Lakes is named in Pinellas County")]);
  });
});

describe("the Gulf rule", () => {
  it("sets only a Gulf-front city on the Gulf coast", () => {
    expect(violationsIn("belleair", "Setting On the Gulf coast by Clearwater Harbor")).toEqual([
      expect.stringContaining("Belleair is set on the Gulf"),
    ]);
    expect(violationsIn("new-port-richey", "Setting On the Gulf coast")).toHaveLength(1);
    expect(violationsIn("clearwater", "Setting On the Gulf coast by Clearwater Harbor")).toEqual(
      [],
    );
    expect(violationsIn("hudson", "Hudson is a coastal community on the Gulf shore.")).toEqual([]);
  });

  it("sets on the Gulf only the place a sentence is about, its first", () => {
    expect(violationsIn("largo", "The nearest Gulf-coast city we serve is Belleair.")).toEqual([
      expect.stringContaining("Belleair is set on the Gulf"),
    ]);
    expect(
      violationsIn(
        "largo",
        "The nearest Gulf-coast city we serve is Indian Rocks Beach, 4 miles away in a straight line.",
      ),
    ).toEqual([]);
  });

  it("lets the Gulf be named where nothing is set on it", () => {
    const seminole = city("seminole");
    expect(ruleViolations(seminole, "Seminole is a short drive from the Gulf beaches.")).toEqual(
      [],
    );
    expect(
      ruleViolations(seminole, "Pinellas County has the Gulf of Mexico along its west side."),
    ).toEqual([]);
  });
});

describe("the water rule", () => {
  it("claims salt on the glass only where the city's shore records it", () => {
    expect(
      violationsIn("oldsmar", "Oldsmar meets Old Tampa Bay, and the bay is salt water."),
    ).toEqual([expect.stringContaining("salt is claimed for Oldsmar")]);
    expect(
      violationsIn("oldsmar", "Bay-facing windows get little of the salt spray of the beaches."),
    ).toEqual([]);
    expect(violationsIn("st-pete", "Along Tampa Bay, the breeze also carries salt.")).toEqual([]);
  });

  it("claims hard water only where private wells are recorded", () => {
    const sentence = "The groundwater rises through limestone and is hard.";
    expect(violationsIn("largo", sentence)).toEqual([
      expect.stringContaining("hard water is claimed for Largo"),
    ]);
    expect(violationsIn("odessa", sentence)).toEqual([]);
  });
});

describe("the distance rule", () => {
  it("checks every printed distance and direction against the coordinates", () => {
    const wesleyChapel = city("wesley-chapel");
    // Issue #32: the old coordinate put downtown Tampa 21 miles away; it is about 17.
    expect(
      ruleViolations(wesleyChapel, "Downtown Tampa 21 miles south in a straight line"),
    ).toEqual([expect.stringContaining("printed 21 miles, computed 17")]);
    expect(
      ruleViolations(wesleyChapel, "Downtown Tampa 17 miles south in a straight line"),
    ).toEqual([]);
    expect(
      ruleViolations(wesleyChapel, "Downtown Tampa 17 miles north in a straight line"),
    ).toEqual([expect.stringContaining("printed north of Wesley Chapel, computed south")]);
    expect(violationsIn("dunedin", "In a straight line: Palm Harbor · 4 mi north")).toEqual([]);
  });

  it("refuses a distance it cannot tie to exactly one place", () => {
    expect(
      violationsIn("largo", "Clearwater and Seminole are 5 miles away in a straight line."),
    ).toEqual([expect.stringContaining("1 distance(s) printed for 2 other place(s)")]);
  });
});

describe("issue #44: a county-wide claim holds for every ZIP code of the county", () => {
  it("refuses 'all over Pasco County' while Lacoochee and Trilby are not served", () => {
    // Today's Dade City text, with Lacoochee and Trilby just north of it.
    const today = "We work all over Pasco County, including nearby Zephyrhills.";
    expect(violationsIn("dade-city", today)).toEqual([
      expect.stringContaining("33537 (Lacoochee) is not served"),
      expect.stringContaining("33593 (Trilby) is not served"),
    ]);
    expect(
      violationsIn(
        "dade-city",
        "We work all over Pasco County except Lacoochee (33537) and Trilby (33593), including nearby Zephyrhills.",
      ),
    ).toEqual([]);
  });

  it("lets Pinellas, where every ZIP code is served, be claimed whole", () => {
    expect(
      violationsIn("largo", "We work all over Pinellas County, including nearby Seminole."),
    ).toEqual([]);
  });
});

describe("issue #44: a town in two counties says so", () => {
  it("asks Odessa's page to name Hillsborough County and ZIP code 33556, Lutz's Pasco and 33559", () => {
    expect(pageViolations(city("odessa"), ["Window cleaning in Odessa, Pasco County"])).toEqual([
      expect.stringContaining("33556 lie in Hillsborough County"),
    ]);
    expect(
      pageViolations(city("odessa"), [
        "Over the county line ZIP code 33556 is in Hillsborough County",
      ]),
    ).toEqual([]);
    expect(pageViolations(city("lutz"), ["Window cleaning in Lutz, Hillsborough County"])).toEqual([
      expect.stringContaining("33559 lie in Pasco County"),
    ]);
    expect(pageViolations(city("largo"), ["Window cleaning in Largo, Pinellas County"])).toEqual(
      [],
    );
  });
});

describe("issue #44: inland only beyond a measured distance from tidal water", () => {
  it("refuses Seminole's 'Inland', 0.2 miles from tidal Long Bayou, and allows Dade City's", () => {
    expect(violationsIn("seminole", "Setting Inland")).toEqual([
      expect.stringContaining("Seminole is called inland, but it is 0.2 miles from tidal water"),
    ]);
    expect(violationsIn("dade-city", "Setting Inland")).toEqual([]);
  });

  it("checks a printed distance to tidal water against the measurement", () => {
    expect(
      violationsIn("dade-city", "Inland, 28 miles in a straight line from the nearest tidal water"),
    ).toEqual([]);
    expect(
      violationsIn("dade-city", "Inland, 7 miles in a straight line from the nearest tidal water"),
    ).toEqual([expect.stringContaining("printed 7 miles from Dade City, measured 28 miles")]);
  });
});

describe("issue #44: a distance says it is a straight line", () => {
  it("refuses today's 'Downtown Tampa 16 miles northeast' on the St. Petersburg page", () => {
    expect(violationsIn("st-pete", "Downtown Tampa 16 miles northeast")).toEqual([
      expect.stringContaining("does not say it is a straight line"),
    ]);
    expect(violationsIn("st-pete", "Downtown Tampa 16 miles northeast in a straight line")).toEqual(
      [],
    );
  });
});
