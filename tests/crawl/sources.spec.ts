import { expect, test } from "@playwright/test";
import { LOCATIONS, locationPath } from "@/content/locations";
import { crawl } from "./crawl";

/**
 * Every figure a city page prints in its local text (a distance, a ZIP code) names where it
 * comes from, and the page lists that source, a dataset by name and year with a link to the hub's
 * list of licences and editions, a public page a town question's answer rests on by its publisher
 * (docs/pages.md, "Data and sources"): a figure or an answer added without its source fails here.
 */
/** The datasets a page measures from, each with its licence on the hub; the other sources are public pages, named by publisher. */
const DATASETS = ["zips", "shoreline", "river", "coordinates"];
const HUB = "/locations";
const HUB_SOURCES = `${HUB}#sources`;
const FIGURE = /\b\d+ (?:miles?|mi)\b|\bless than a mile\b|\b\d{5}\b/;

type TextNode = { nodeType: number; textContent: string | null; parentElement: Element | null };

function textNodes(root: Node): TextNode[] {
  const found: TextNode[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) found.push(node as unknown as TextNode);
    node.childNodes.forEach(walk);
  };
  walk(root);
  return found;
}

test("each city page's figures name their sources, and the page lists each source", async ({
  request,
}) => {
  const problems: string[] = [];
  for (const location of LOCATIONS) {
    const path = locationPath(location);
    const page = await crawl(request, path);
    const local = page.document.querySelector("section[aria-labelledby=local-heading]");
    if (!local) throw new Error(`${path} has no local section`);
    const listed = new Set(
      [...local.querySelectorAll("li[id^=source-]")].map((item) => item.id.slice("source-".length)),
    );
    for (const item of local.querySelectorAll("li[id^=source-]")) {
      if (!item.querySelector("a[href^=http]")) problems.push(`${path}: ${item.id} links nowhere`);
    }
    if (!local.querySelector(`a[href="${HUB_SOURCES}"]`))
      problems.push(`${path}: no link to the sources' licences and editions`);
    // A block resting on a source (a figure, a town question's answer) finds it in the list.
    for (const block of local.querySelectorAll("[data-sources]")) {
      for (const id of block.getAttribute("data-sources")?.split(" ") ?? [])
        if (!listed.has(id)) problems.push(`${path}: source ${id} is not listed`);
    }
    let figures = 0;
    for (const node of textNodes(local as unknown as Node)) {
      const text = node.textContent ?? "";
      if (!FIGURE.test(text) || node.parentElement?.closest("li[id^=source-]")) continue;
      figures += 1;
      const ids = node.parentElement?.closest("[data-sources]")?.getAttribute("data-sources");
      if (!ids) problems.push(`${path}: "${text.trim()}" names no source`);
    }
    // ZIP codes at least, and the nearby distances.
    if (figures < 2) problems.push(`${path}: only ${figures} figure(s)`);
  }
  expect(problems).toEqual([]);
});

test("the hub lists every dataset of the city pages with its licence and edition, where their links lead", async ({
  request,
}) => {
  const hub = await crawl(request, HUB);
  const list = hub.document.getElementById("sources");
  const licensed = DATASETS.map((id) => list?.querySelector(`#source-${id}`)).map(
    (item) =>
      item &&
      /\(.+\), \S/.test(item.textContent ?? "") &&
      item.querySelectorAll("a[href^=http]").length >= 2,
  );
  expect(licensed).toEqual(DATASETS.map(() => true));
});
