import { describe, expect, it } from "vitest";
import { LOCATIONS } from "@/content/locations";
import { SITE } from "@/content/site";
import { distanceMiles } from "@/lib/geo/distance";
import { cityLocalBusinessJsonLd, homeLocalBusinessJsonLd } from "./local-business";
import { serviceAreaCentre } from "@/lib/geo/service-circle";
import { siteUrl } from "@/lib/site-url";

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value));

const tampa = LOCATIONS.find((location) => location.slug === SITE.homeCitySlug) ?? LOCATIONS[0];

describe("city LocalBusiness", () => {
  it.each(LOCATIONS.map((location) => [location.name, location] as const))(
    "%s has the fields of a city page's LocalBusiness",
    (_, location) => {
      const data = cityLocalBusinessJsonLd(location, `Window cleaning in ${location.name}`);
      expect(roundTrip(data)).toEqual(data);
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "LocalBusiness",
        name: SITE.brand,
        telephone: SITE.phone.e164,
        priceRange: SITE.priceRange,
        url: expect.stringMatching(new RegExp(`/locations/${location.slug}$`)),
        image: expect.stringMatching(new RegExp(`/locations/${location.slug}/opengraph-image$`)),
        "@id": siteUrl("/#business"),
        // The business's own address and point, wherever it works (issue #44).
        address: {
          "@type": "PostalAddress",
          addressLocality: "Tampa",
          addressRegion: "FL",
          addressCountry: "US",
        },
        geo: { "@type": "GeoCoordinates", latitude: tampa.lat, longitude: tampa.lon },
        areaServed: { "@type": "City", name: `${location.name}, FL` },
        aggregateRating: { ratingValue: SITE.rating.value, reviewCount: SITE.rating.count },
        hasOfferCatalog: {
          itemListElement: [
            { itemOffered: { name: "Residential Window Cleaning" } },
            { itemOffered: { name: "Commercial Window Cleaning" } },
          ],
        },
      });
    },
  );
});

describe("home LocalBusiness", () => {
  const data = homeLocalBusinessJsonLd();

  it("survives a JSON round trip", () => {
    expect(roundTrip(data)).toEqual(data);
  });

  it("lists every city, the service radius, the founding year and the rating from content", () => {
    expect(data).toMatchObject({
      email: SITE.email,
      priceRange: "$$",
      foundingDate: "2020",
      aggregateRating: { ratingValue: 5, reviewCount: 115 },
      address: { addressRegion: "FL", addressCountry: "US" },
    });
    const areas = roundTrip(data).areaServed as {
      "@type": string;
      name?: string;
      geoRadius?: number;
    }[];
    expect(areas.filter((area) => area["@type"] === "City").map((area) => area.name)).toEqual(
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
