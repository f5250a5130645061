import { expect, test } from "@playwright/test";
import { crawl, textOf } from "./crawl";

/**
 * /service-area lists each ZIP code under the town it belongs to (issue #44): Clearwater Beach's
 * 33767 under Clearwater Beach, not as Belleair's; and our towns no ZIP code is named after show
 * the ZIP codes near them (Madeira Beach 33708, Trinity 34655), each marked with its own town.
 */
test("each ZIP code is listed under its own town, and our towns without one show their nearest", async ({
  request,
}) => {
  const page = await crawl(request, "/service-area");
  expect(page.status).toBe(200);
  const listed = (town: string) => {
    const section = [...page.document.querySelectorAll("section")].find(
      (candidate) => textOf(candidate.querySelector("h2")) === town,
    );
    return [...(section?.querySelectorAll("li") ?? [])].map((item) => textOf(item));
  };
  expect(listed("Belleair")).toContain("33756 Clearwater");
  expect(listed("Madeira Beach")).toContain("33708 St. Petersburg");
  expect(listed("Hernando Beach")).toContain("34607 Spring Hill");
  expect(listed("Trinity")).toContain("34655 New Port Richey");
  // Nothing is filed as Belleair's own: each code near it is marked with its own town.
  for (const item of listed("Belleair")) expect(item).toMatch(/^\d{5} \S/);
  expect(listed("Clearwater Beach")).toEqual(["33767"]);
  expect(listed("Bay Pines")).toEqual(["33744"]);
  // Every code has one place of its own (the anchor the ZIP check links to).
  const ids = [...page.document.querySelectorAll("li[id^=zip-]")].map((item) => item.id);
  expect(new Set(ids).size).toBe(ids.length);
});
