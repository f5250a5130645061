import { describe, expect, it } from "vitest";
import { getLocation, type Location } from "@/content/locations";
import { placesNamed, ruleViolations, sentences } from "./page-rules";

function city(slug: string): Location {
  const found = getLocation(slug);
  if (!found) throw new Error(`no location ${slug}`);
  return found;
}

/** What the rules find wrong in `text` on the page of the city `slug`. */
const violationsIn = (slug: string, text: string) => ruleViolations(city(slug), text);

const names = (sentence: string) => placesNamed(sentence).map((m) => m.location.name);

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
        "We work all over Hillsborough County, including nearby Tampa and St. Petersburg.",
      ),
    ).toEqual([
      expect.stringContaining("St. Petersburg (Pinellas County) is named under Hillsborough"),
    ]);
    expect(
      violationsIn(
        "lutz",
        "We work all over Hillsborough County, including nearby Land O' Lakes and Odessa.",
      ),
    ).toHaveLength(2);
  });

  it("accepts a place across the line only with its own county", () => {
    const lutz = city("lutz");
    expect(
      ruleViolations(
        lutz,
        "We work all over Hillsborough County, including nearby Tampa and, across the line, Land O' Lakes in Pasco County.",
      ),
    ).toEqual([]);
    expect(
      ruleViolations(
        lutz,
        "We work all over Hillsborough County, including nearby Tampa and, across the line, Land O' Lakes in Pinellas County.",
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

  it("calls only a Gulf-front city the nearest Gulf-coast city", () => {
    expect(
      violationsIn(
        "largo",
        "Salt spray is less of a problem in Largo than on the beaches; the nearest Gulf-coast city we serve, Belleair, is 2 miles away.",
      ),
    ).toEqual([expect.stringContaining("Belleair is called a Gulf-coast city")]);
    expect(
      violationsIn(
        "largo",
        "Setting Inland; the nearest Gulf-coast city we serve is Indian Rocks Beach, 4 miles away",
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
    expect(violationsIn("tampa", "Along Hillsborough Bay, the breeze also carries salt.")).toEqual(
      [],
    );
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
    expect(ruleViolations(wesleyChapel, "Downtown Tampa 21 miles south")).toEqual([
      expect.stringContaining("printed 21 miles, computed 17"),
    ]);
    expect(ruleViolations(wesleyChapel, "Downtown Tampa 17 miles south")).toEqual([]);
    expect(ruleViolations(wesleyChapel, "Downtown Tampa 17 miles north")).toEqual([
      expect.stringContaining("printed north of Wesley Chapel, computed south"),
    ]);
    expect(violationsIn("dunedin", "Palm Harbor · 4 mi north")).toEqual([]);
  });

  it("refuses a distance it cannot tie to exactly one place", () => {
    expect(violationsIn("largo", "Clearwater and Seminole are 5 miles away.")).toEqual([
      expect.stringContaining("1 distance(s) printed for 2 other place(s)"),
    ]);
  });
});
