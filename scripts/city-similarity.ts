/**
 * How alike the built city pages read, and which blocks of <main> carry the shared word 5-grams
 * (docs/pages.md, "City pages"): `npx tsx scripts/city-similarity.ts [--pairs N]` after a build.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseHTML } from "linkedom";
import { LOCATIONS, locationPath } from "@/content/locations";
import { MAX_CITY_PAGE_SIMILARITY, pairScores, shingles, textOf } from "@/lib/seo/similarity";
import { builtFolder } from "./build/build-folder";
import { prerenderedHtmlFiles, routeOf } from "./build/dist";

const { values } = parseArgs({ options: { pairs: { type: "string", default: "5" } } });

const DIST_DIR = builtFolder();
const files = new Map(
  prerenderedHtmlFiles(DIST_DIR).map((file) => [routeOf(DIST_DIR, file), file]),
);
const pages = LOCATIONS.map((location) => {
  const file = files.get(locationPath(location));
  if (!file) throw new Error(`${DIST_DIR} has no ${locationPath(location)}: build first`);
  const main = parseHTML(readFileSync(file, "utf8")).document.querySelector("main");
  if (!main) throw new Error(`${file} has no <main>`);
  return { name: location.name, main, text: textOf(main) };
});

const scores = pairScores(pages);
console.log(`Bound ${MAX_CITY_PAGE_SIMILARITY}; the most alike pairs over all of <main>:`);
for (const { pair, score } of scores.slice(0, Number(values.pairs)))
  console.log(`  ${score.toFixed(3)}  ${pair}`);
const atLeast = (bound: number) => scores.filter(({ score }) => score >= bound).length;
console.log(
  `Of ${scores.length} pairs, ${[0.4, 0.35, 0.3].map((bound) => `${atLeast(bound)} read ${bound} or more`).join(", ")}.`,
);

/** A block of <main>: a top-level section, named by its id, label or first heading. */
const blockName = (element: Element) =>
  element.id ||
  element.getAttribute("aria-label") ||
  textOf(element.querySelector("h1, h2")).slice(0, 40) ||
  element.tagName.toLowerCase();

const worst = scores[0];
if (worst) {
  const [a, b] = worst.pair.split(" / ").map((name) => pages.find((page) => page.name === name));
  if (!a || !b) throw new Error(`no pages for ${worst.pair}`);
  const other = shingles(b.text);
  const shared = [...shingles(a.text)].filter((gram) => other.has(gram));
  const blocks = [...a.main.children].map((element) => ({
    name: blockName(element),
    grams: shingles(textOf(element)),
  }));
  console.log(`\n${shared.length} 5-grams shared by ${worst.pair}, by block of ${a.name}'s page:`);
  for (const block of blocks) {
    const count = shared.filter((gram) => block.grams.has(gram)).length;
    console.log(
      `  ${String(count).padStart(4)}  of ${String(block.grams.size).padStart(4)}  ${block.name}`,
    );
  }
  const inBlocks = shared.filter((gram) => !blocks.some((block) => block.grams.has(gram))).length;
  console.log(`  ${String(inBlocks).padStart(4)}  across two blocks`);
}
