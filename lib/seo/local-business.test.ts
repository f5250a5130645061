import { describe, expect, it } from "vitest";
import { LOCATIONS } from "@/content/locations";
import { SITE } from "@/content/site";
import { distanceMiles } from "@/lib/geo/distance";
import { cityPageJsonLd } from "./city-page";
import { homeLocalBusinessJsonLd } from "./local-business";
import { serviceAreaCentre } from "@/lib/geo/service-circle";
import { siteUrl } from "@/lib/site-url";

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("city page", () => {
  it.each(LOCATIONS.map((location) => [location.name, location] as const))(
    "%s is its own WebPage and Service, provided by the business by reference",
    (_, location) => {
      const data = cityPageJsonLd(location, `Window cleaning in ${location.name}`);
      expect(roundTrip(data)).toEqual(data);
      const url = siteUrl(`/locations/${location.slug}`);
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "WebPage",
        "@id": url,
        url,
        description: `Window cleaning in ${location.name}`,
        mainEntity: {
          "@type": "Service",
          provider: { "@type": "LocalBusiness", "@id": siteUrl("/#business"), name: SITE.brand },
          areaServed: { name: `${location.name}, FL` },
          hasOfferCatalog: {
            itemListElement: [
              { itemOffered: { name: "Residential Window Cleaning" } },
              { itemOffered: { name: "Commercial Window Cleaning" } },
            ],
          },
        },
      });
      // The business is described once, on the home page: here it is only named.
      expect(Object.keys(roundTrip(data).mainEntity.provider).sort()).toEqual([
        "@id",
        "@type",
        "name",
        "url",
      ]);
    },
  );

  it("names an unincorporated community as a Place known by its article, a town as a City", () => {
    const areas = LOCATIONS.map((location) => cityPageJsonLd(location, "").mainEntity);
    const places = areas.map((service) => roundTrip(service).areaServed);
    expect(places.filter((place) => place["@type"] === "Place")).toHaveLength(11);
    expect(places.find((place) => place.name === "Land O' Lakes, FL")).toEqual({
      "@type": "Place",
      name: "Land O' Lakes, FL",
      sameAs: "https://en.wikipedia.org/wiki/Land_O'_Lakes,_Florida",
    });
    expect(places.find((place) => place.name === "Tampa, FL")).toEqual({
      "@type": "City",
      name: "Tampa, FL",
    });
  });
});

describe("home LocalBusiness", () => {
  const data = homeLocalBusinessJsonLd();

  it("survives a JSON round trip", () => {
    expect(roundTrip(data)).toEqual(data);
  });

  it("lists every city, the service radius and the founding year from content, and no rating or point", () => {
    expect(data).toMatchObject({
      email: SITE.email,
      priceRange: "$$",
      foundingDate: "2020",
      address: { addressLocality: "Tampa", addressRegion: "FL", addressCountry: "US" },
    });
    // A rating of itself is self-serving markup; the business has no point of its own (issue #55).
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("geo");
    const areas = roundTrip(data).areaServed as {
      "@type": string;
      name?: string;
      geoRadius?: number;
    }[];
    expect(areas.filter((area) => area["@type"] !== "GeoCircle").map((area) => area.name)).toEqual(
      LOCATIONS.map((location) => `${location.name}, FL`),
    );
    expect(areas.find((area) => area["@type"] === "GeoCircle")?.geoRadius).toBe(50_000);
  });

  it("centres the service circle among the cities", () => {
    const centre = serviceAreaCentre();
    const farthest = Math.max(...LOCATIONS.map((location) => distanceMiles(centre, location)));
    expect(farthest).toBeLessThan(40);
  });
});

describe("opening hours", () => {
  it("are Mon–Fri 08:00–18:00 and Sat 09:00–15:00", () => {
    expect(homeLocalBusinessJsonLd()).toMatchObject({
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "08:00",
          closes: "18:00",
        },
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Saturday"],
          opens: "09:00",
          closes: "15:00",
        },
      ],
    });
  });
});
