import { expect, test } from "@playwright/test";
import { getLocation, LOCATIONS, locationPath } from "@/content/locations";
import { SITE } from "@/content/site";
import { crawl, sitemapUrls } from "./crawl";

/**
 * The business is one entity with one address (docs/decisions.md, "Location pages"): no page's
 * structured data may give it, or anything else, a postal address other than the business's own
 * (content/site.ts) or any map point (it has none of its own), the home page alone describes it,
 * nothing rates it, and every page that names the business names it by its `@id`.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every object of a JSON-LD tree, with the key it hangs from. */
function* nodes(value: Json, key = ""): Generator<{ key: string; node: Record<string, Json> }> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item, key);
  } else if (value !== null && typeof value === "object") {
    yield { key, node: value };
    for (const [childKey, child] of Object.entries(value)) yield* nodes(child, childKey);
  }
}

const home = getLocation(SITE.homeCitySlug);
if (!home) throw new Error(`SITE.homeCitySlug "${SITE.homeCitySlug}" is not a city`);
const OWN_ADDRESS = {
  "@type": "PostalAddress",
  addressLocality: home.name,
  addressRegion: SITE.region.code,
  addressCountry: SITE.region.country,
};
/** What a page that names the business without describing it says of it. */
const REFERENCE_KEYS = ["@id", "@type", "name", "url"];

const BUSINESS_TYPES = new Set(["LocalBusiness", "Organization", "ProfessionalService"]);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

test("every page gives the business its own address and point, and names it by one @id", async ({
  request,
}) => {
  const urls = await sitemapUrls(request);
  const paths = [...urls.map((url) => new URL(url).pathname), "/my-quote", "/locations/not-a-city"];
  const businessId = new URL("/#business", urls[0]).href;
  const problems: string[] = [];
  const describedOn: string[] = [];
  for (const path of paths) {
    const page = await crawl(request, path);
    let namesBusiness = false;
    for (const { key, node } of nodes(page.jsonLd as Json)) {
      const type = node["@type"];
      // A point is an address only where it says where something is; the centre of a service
      // circle (areaServed's geoMidpoint) says where the business works.
      if (type === "GeoCoordinates" && key !== "geoMidpoint")
        problems.push(`${path}: ${key} ${JSON.stringify(node)}`);
      if (type === "PostalAddress" && !same(node, OWN_ADDRESS))
        problems.push(`${path}: ${key} ${JSON.stringify(node)}`);
      if (typeof node.address === "string") problems.push(`${path}: address "${node.address}"`);
      if (("latitude" in node || "longitude" in node) && type !== "GeoCoordinates")
        problems.push(`${path}: a point in a ${String(type)}`);
      if (typeof type === "string" && BUSINESS_TYPES.has(type) && node["@id"] !== businessId)
        problems.push(`${path}: a ${type} with @id ${String(node["@id"])}`);
      if (node["@id"] === businessId) namesBusiness = true;
      if (node["@id"] === businessId && Object.keys(node).some((k) => !REFERENCE_KEYS.includes(k)))
        describedOn.push(path);
      if ("aggregateRating" in node || type === "AggregateRating")
        problems.push(`${path}: a rating in ${String(type)}`);
    }
    // The not-found and saved-quote pages are never indexed and carry no structured data.
    if (page.jsonLd.length > 0 && !namesBusiness) problems.push(`${path}: names no business`);
  }
  expect(problems).toEqual([]);
  expect(describedOn).toEqual(["/"]);
  // Every city page is among them.
  expect(paths).toEqual(expect.arrayContaining(LOCATIONS.map(locationPath)));
});
