import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd } from "./breadcrumbs";
import { faqPageJsonLd } from "./faq";
import { websiteJsonLd } from "./website";

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("FAQPage", () => {
  it("has one Question per FAQ, answer text unchanged", () => {
    const faqs = [
      { question: "Do you clean screens?", answer: "Yes, <b>every</b> one." },
      { question: "Are you insured?", answer: "Yes." },
    ];
    const data = faqPageJsonLd(faqs);
    expect(roundTrip(data)).toEqual(data);
    expect(roundTrip(data).mainEntity).toEqual([
      {
        "@type": "Question",
        name: "Do you clean screens?",
        acceptedAnswer: { "@type": "Answer", text: "Yes, <b>every</b> one." },
      },
      {
        "@type": "Question",
        name: "Are you insured?",
        acceptedAnswer: { "@type": "Answer", text: "Yes." },
      },
    ]);
  });
});

describe("WebSite and BreadcrumbList", () => {
  it("survive a JSON round trip with absolute URLs", () => {
    const website = websiteJsonLd();
    expect(roundTrip(website)).toEqual(website);
    expect(website.url).toMatch(/^https?:\/\/[^/]+\/$/);
    const crumbs = breadcrumbJsonLd([
      { name: "Home", path: "/" },
      { name: "Locations", path: "/locations" },
      { name: "Tampa", path: "/locations/tampa" },
    ]);
    expect(roundTrip(crumbs)).toEqual(crumbs);
    expect(
      roundTrip(crumbs).itemListElement.map((item: { position: number }) => item.position),
    ).toEqual([1, 2, 3]);
  });
});
