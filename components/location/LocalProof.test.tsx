import { parseHTML } from "linkedom";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getLocation } from "@/content/locations";
import type { LocalProof as Entry } from "@/lib/locations/local-proof";
import { FULL_JOB } from "@/lib/locations/local-proof.fixture";
import { LocalProof } from "./LocalProof";

const town = getLocation(FULL_JOB.town)!;
const render = (entries: Entry[]) =>
  parseHTML(
    `<main>${renderToStaticMarkup(<LocalProof location={town} entries={entries} />)}</main>`,
  ).document;

const WITH_PHOTO: Entry = FULL_JOB;
const BARE: Entry = {
  town: FULL_JOB.town,
  month: "2025-09",
  work: "Storefront glass on Main Street.",
};

describe("LocalProof, the town page's section of the owner's jobs", () => {
  it("is absent, not an empty section, for a town with none", () => {
    const document = render([]);
    expect(document.querySelector("main")?.innerHTML).toBe("");
  });

  it("shows each job under a heading, the photo lazy and sized, the review quoted with its author", () => {
    const document = render([WITH_PHOTO, BARE]);
    const section = document.querySelector("section");
    const heading = document.getElementById(section?.getAttribute("aria-labelledby") ?? "");
    expect(heading?.tagName).toBe("H2");
    expect(heading?.textContent).toBe("Our recent work in Safety Harbor");
    const items = [...document.querySelectorAll("section li")];
    expect(items).toHaveLength(2);
    const [first, second] = items;
    expect(first?.querySelector("time")?.outerHTML).toMatch(/ datetime="2026-03"/i);
    expect(first?.textContent).toContain("March 2026 · Harbor Woods");
    expect(first?.textContent).toContain(WITH_PHOTO.work);
    const img = first?.querySelector("img");
    expect(
      ["src", "alt", "width", "height", "loading"].map((name) => img?.getAttribute(name)),
    ).toEqual([FULL_JOB.photo.src, FULL_JOB.photo.alt, "1200", "900", "lazy"]);
    expect(first?.querySelector("blockquote")?.textContent).toBe(`“${FULL_JOB.review.quote}”`);
    expect(first?.querySelector("figcaption")?.textContent).toBe(FULL_JOB.review.name);
    expect(second?.querySelector("img, blockquote")).toBeNull();
    expect(second?.textContent).toBe("September 2025Storefront glass on Main Street.");
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });
});
