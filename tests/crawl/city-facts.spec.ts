import { expect, test } from "@playwright/test";
import { locationPath, getLocation } from "@/content/locations";
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
  const expected = {
    lutz: 8,
    "wesley-chapel": 13,
    "land-o-lakes": 14,
    zephyrhills: 22,
    "dade-city": 28,
  };
  for (const [slug, miles] of Object.entries(expected)) {
    const page = await cityPage(request, slug);
    // A town without a shore of its own says its distance once, in its shore paragraph, not in the list.
    const measured = page.document.querySelector("p[data-sources~=river]");
    expect(textOf(measured), slug).toContain(
      `${miles} miles in a straight line from the nearest tidal water`,
    );
    expect(fact(page, "Distance to tidal water"), slug).toEqual([]);
    const sources = textOf(page.document.querySelector("#source-river"));
    expect(sources, slug).toContain("Hillsborough River");
  }
  // A beach town measured to the coast names the coastline, not the river.
  const beach = await cityPage(request, "madeira-beach");
  expect(beach.document.querySelector("#source-river")).toBeNull();
  expect(beach.document.querySelector("#source-shoreline")).not.toBeNull();
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
});

test("counts communities, the unincorporated among them, from the list", async ({ request }) => {
  const home = textOf((await crawl(request, "/")).document.querySelector("#locations"));
  expect(home).toContain("Serving 28 Tampa Bay communities");
  expect(home).toContain("17 cities and towns and 11 unincorporated communities");
});
