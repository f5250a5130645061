import { expect, test } from "@playwright/test";
import { getLocation, LOCATIONS, locationPath } from "@/content/locations";
import { LOCATIONS_LINK } from "@/content/navigation";
import {
  COUNTY_QUESTIONS,
  countyQuestionId,
  QUESTION_SOURCES,
  type QuestionSourceId,
  SHORT_OF_THREE,
} from "@/content/town-questions";
import { crawl, textOf } from "./crawl";

/** The questions a city page answers, as a crawler reads them (docs/pages.md, "Town questions"). */

const questionsOf = async (request: Parameters<typeof crawl>[0], slug: string) => {
  const location = getLocation(slug);
  if (!location) throw new Error(`no city ${slug}`);
  const page = await crawl(request, locationPath(location));
  const section = page.document.querySelector("section[aria-labelledby=questions-heading]");
  return [...(section?.querySelectorAll("h4") ?? [])].map((heading) => ({
    question: textOf(heading),
    answer: textOf(heading.nextElementSibling),
    links: [...(heading.nextElementSibling?.querySelectorAll("a") ?? [])].map((a) =>
      a.getAttribute("href"),
    ),
  }));
};

const isQuestionSource = (id: string): id is QuestionSourceId => id in QUESTION_SOURCES;

test("each city page answers at least three questions or content/ says why not, and each answer links the pages it rests on, listed in its Sources", async ({
  request,
}, testInfo) => {
  const counts: string[] = [];
  const short: string[] = [];
  const problems: string[] = [];
  for (const location of LOCATIONS) {
    const path = locationPath(location);
    const page = await crawl(request, path);
    const blocks = [
      ...page.document.querySelectorAll("section[aria-labelledby=questions-heading] h4"),
    ].map((heading) => heading.parentElement);
    counts.push(`${location.slug} ${blocks.length}`);
    if (blocks.length < 3) short.push(location.slug);
    for (const block of blocks) {
      const question = textOf(block?.querySelector("h4") ?? null);
      const links = [...(block?.querySelectorAll("p a") ?? [])].map((a) => a.getAttribute("href"));
      for (const id of (block?.getAttribute("data-sources") ?? "")
        .split(" ")
        .filter(isQuestionSource)) {
        const { url } = QUESTION_SOURCES[id];
        if (!links.includes(url)) problems.push(`${path}: "${question}" does not link ${url}`);
        const listed = page.document.querySelector(`li#source-${id} a`)?.getAttribute("href");
        if (listed !== url) problems.push(`${path}: Sources do not list ${id} (${url})`);
      }
    }
  }
  const report = `Town questions a page: ${counts.join(", ")}. Short of three (${short.length}): ${short
    .map(
      (slug) =>
        `${slug} (${SHORT_OF_THREE[slug as keyof typeof SHORT_OF_THREE] ?? "no reason in content/"})`,
    )
    .join("; ")}`;
  testInfo.annotations.push({ type: "town questions", description: report });
  console.info(report);
  expect(problems).toEqual([]);
  // A page below three is one content/town-questions.ts says why; one there that reached three leaves it.
  expect(short.sort()).toEqual(Object.keys(SHORT_OF_THREE).sort());
});

test("Apollo Beach and Thonotosassa name the towns the ZIP check sends them, each code answered with that page", async ({
  request,
}) => {
  for (const slug of ["apollo-beach", "thonotosassa"]) {
    const sent = (await questionsOf(request, slug)).find((entry) =>
      entry.question.startsWith("Do you come to"),
    );
    expect(sent, slug).toBeDefined();
    const zips = [...(sent?.answer.matchAll(/\b\d{5}\b/g) ?? [])].map(([zip]) => zip);
    expect(zips.length, slug).toBeGreaterThan(0);
    for (const zip of zips) {
      const answer = await (await request.get(`/api/service-area?zip=${zip}`)).json();
      expect(answer, zip).toMatchObject({ served: true, city: { path: `/locations/${slug}` } });
      // Each town the answer names is one the heading asks about.
      expect(sent?.question, zip).toContain(answer.place);
    }
  }
});

test("a county's question is answered once on the hub, with its authorities; each of its town pages links there, no other page", async ({
  request,
}) => {
  const hub = await crawl(request, LOCATIONS_LINK.href);
  for (const entry of COUNTY_QUESTIONS) {
    const answer = hub.document.getElementById(countyQuestionId(entry.id));
    expect(textOf(answer), entry.id).toContain(entry.question);
    const links = [...(answer?.querySelectorAll("a") ?? [])].map((a) => a.getAttribute("href"));
    for (const id of entry.sources) expect(links, entry.id).toContain(QUESTION_SOURCES[id].url);
    // The days are the supplier's to set and a shortage order's to change: never copied here.
    expect(textOf(answer), entry.id).not.toMatch(
      /Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/,
    );
    const target = `${LOCATIONS_LINK.href}#${countyQuestionId(entry.id)}`;
    for (const location of LOCATIONS) {
      const page = await crawl(request, locationPath(location));
      const linked = page.document.querySelector(
        `section[aria-labelledby=questions-heading] a[href="${target}"]`,
      );
      if (location.county === entry.county)
        expect(textOf(linked), location.slug).toBe(entry.question);
      else expect(linked, location.slug).toBeNull();
    }
  }
});
