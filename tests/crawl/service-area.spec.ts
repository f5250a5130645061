import { expect, test } from "@playwright/test";
import { LOCATIONS } from "@/content/locations";
import { crawl, textOf } from "./crawl";

/**
 * /service-area lists each ZIP code under the town the Postal Service names (issue #55,
 * content/zip-corrections.ts): 33767 under Clearwater, 33708 and 33738 under Madeira Beach, 33756
 * under Belleair, 34655 under Trinity; a town of ours no ZIP code is named after shows the codes
 * near it, each marked with its own town (issue #44).
 */
test("each ZIP code is listed under its postal town, and our towns without one show their nearest", async ({
  request,
}) => {
  const page = await crawl(request, "/service-area");
  expect(page.status).toBe(200);
  const listed = (town: string) => {
    const section = [...page.document.querySelectorAll("section")].find(
      (candidate) => textOf(candidate.querySelector("h2")) === town,
    );
    return section ? [...section.querySelectorAll("li")].map((item) => textOf(item)) : undefined;
  };
  expect(listed("Madeira Beach")).toEqual(["33708", "33738"]);
  expect(listed("Belleair")).toEqual(["33756"]);
  expect(listed("Trinity")).toEqual(["34655"]);
  expect(listed("Clearwater")).toContain("33767");
  expect(listed("Clearwater Beach")).toBeUndefined();
  expect(listed("Bay Pines VA campus")).toEqual(["33744"]);
  expect(listed("Hernando Beach")).toContain("34607 Spring Hill");
  // The corrections name their source where the data is credited.
  expect(textOf(page.document.querySelector("main"))).toContain(
    "corrected after US Postal Service ZIP Code Lookup",
  );
  // Every code has one place of its own (the anchor the ZIP check links to).
  const ids = [...page.document.querySelectorAll("li[id^=zip-]")].map((item) => item.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test("/service-area links to the /locations hub and lists no community's page itself", async ({
  request,
}) => {
  const main = (await crawl(request, "/service-area")).document.querySelector("main");
  const hub = [...(main?.querySelectorAll('a[href="/locations"]') ?? [])];
  expect(hub.map((a) => textOf(a))).toEqual([
    `all ${LOCATIONS.length} Tampa Bay communities, by county`,
  ]);
  // One list of the communities, the hub's: the ZIP codes' towns are not a second one.
  expect(main?.querySelectorAll('a[href^="/locations/"]')).toHaveLength(0);
});
