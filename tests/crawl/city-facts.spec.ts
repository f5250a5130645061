import { expect, test } from "@playwright/test";
import { LOCATIONS, locationPath, getLocation } from "@/content/locations";
import { REVIEWS } from "@/content/reviews";
import { milesToTidalWater, tidalDistanceText } from "@/lib/geo/tidal-water";
import { localProofOf } from "@/lib/locations/local-proof";
import { crawl, textOf, type CrawledPage } from "./crawl";

/**
 * What issue #55 found wrong on the served pages: the towns north and east of Tampa measured to the
 * bay instead of the tidal Hillsborough River, Odessa set in two counties, Land O' Lakes in
 * "central" Pasco, and a count of "cities" that are partly unincorporated communities.
 */
const cityPage = (request: Parameters<typeof crawl>[0], slug: string) => {
  const location = getLocation(slug);
  if (!location) throw new Error(`no city ${slug}`);
  return crawl(request, locationPath(location));
};

const fact = (page: CrawledPage, label: string) =>
  [...page.document.querySelectorAll("dl > div")]
    .filter((row) => textOf(row.querySelector("dt")) === label)
    .map((row) => textOf(row.querySelector("dd")));

test("measures the inland towns to the tidal Hillsborough River", async ({ request }) => {
  // The figures are lib/geo/tidal-water.ts's (its unit test pins them to the issue's); the page
  // must print the measured one.
  for (const slug of ["lutz", "wesley-chapel", "land-o-lakes", "zephyrhills", "dade-city"]) {
    const page = await cityPage(request, slug);
    // A town without a shore of its own says its distance once, in its shore paragraph, not in the list.
    const miles = tidalDistanceText(milesToTidalWater(getLocation(slug)!));
    const measured = page.document.querySelector("p[data-sources~=river]");
    expect(textOf(measured), slug).toContain(
      `${miles} in a straight line from the nearest tidal water`,
    );
    expect(fact(page, "Distance to tidal water"), slug).toEqual([]);
    const sources = textOf(page.document.querySelector("#source-river"));
    expect(sources, slug).toContain("Hillsborough River");
  }
  // A Gulf town measured to the coast names the coastline, not the river.
  const gulf = await cityPage(request, "clearwater");
  expect(gulf.document.querySelector("#source-river")).toBeNull();
  expect(gulf.document.querySelector("#source-shoreline")).not.toBeNull();
});

test("sets Odessa and Land O' Lakes in Pasco as the county and census name them", async ({
  request,
}) => {
  const odessa = await cityPage(request, "odessa");
  expect(textOf(odessa.document.querySelector("#local-heading"))).toBe(
    "Window cleaning in Odessa, Pasco County",
  );
  expect(fact(odessa, "Over the county line")).toEqual([
    "ZIP code 33556 reaches into Keystone, in Hillsborough County",
  ]);
  const landOLakes = await cityPage(request, "land-o-lakes");
  expect(textOf(landOLakes.document.querySelector("main"))).toContain("south-central Pasco County");
  // The served heading, read as a visitor reads it: the apostrophe's reference and React's text
  // joins split no word.
  expect(textOf(landOLakes.document.querySelector("h1"))).toBe("Serving Land O' Lakes, FL");
});

test("counts communities, the unincorporated among them, from the list", async ({ request }) => {
  const home = textOf((await crawl(request, "/")).document.querySelector("#locations"));
  expect(home).toContain("Serving 28 Tampa Bay communities");
  expect(home).toContain("17 cities and towns and 11 unincorporated communities");
});

test("a town's page shows the owner's local proof only where there is some, and never a sample review", async ({
  request,
}) => {
  for (const location of LOCATIONS) {
    const page = await cityPage(request, location.slug);
    const main = textOf(page.document.querySelector("main"));
    for (const sample of REVIEWS) expect(main, location.slug).not.toContain(sample.text);
    const section = page.document.querySelector('section[aria-labelledby="local-proof-heading"]');
    const entries = localProofOf(location.slug);
    expect(section?.querySelectorAll("li").length ?? 0, location.slug).toBe(entries.length);
  }
});
