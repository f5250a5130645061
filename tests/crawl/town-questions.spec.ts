import { expect, test } from "@playwright/test";
import { getLocation, LOCATIONS, locationPath } from "@/content/locations";
import { LOCATIONS_LINK } from "@/content/navigation";
import { COUNTY_QUESTIONS, countyQuestionId, QUESTION_SOURCES } from "@/content/town-questions";
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
