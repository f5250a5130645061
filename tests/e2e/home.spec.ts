import type { APIRequestContext, Page } from "@playwright/test";
import { ANY_SCREEN, expect, test } from "./test";
import { HOME_FAQS } from "@/content/faqs";
import { LOCATIONS, SERVICE_COUNTIES } from "@/content/locations";
import { REVIEWS_URL } from "@/content/site";
import { expectServices } from "./services";
import { hrefsOf } from "./site-nav";

// docs/pages.md, "Home page": the sections in order; the five anchors are the ones links point at.
// The words, figures and links are the same on any screen (ANY_SCREEN); the phone's own layout of
// the locations and the console's silence are checked on both.
const SECTION_HEADINGS = [
  /window cleaning across Tampa Bay/i, // hero
  /for homes and businesses/i, // services
  /How we get your glass this clear/i, // techniques
  /guaranteed/i, // guarantee
  /pride in clear glass/i, // team
  /homeowners say/i, // reviews
  /membership plan/i, // plans
  /Serving \d+ Tampa Bay communities/i, // locations
  /free quote/i, // quote and contact
];
const ANCHORS = ["services", "process", "pricing", "locations", "contact"];

/** The home page's words, figures and links, each a check of one loaded page. */
const CHECKS: [string, (page: Page, request: APIRequestContext) => Promise<void>][] = [
  [
    "the home page shows its sections in order with their anchors",
    async (page) => {
      const sections = page.getByRole("main").locator(":scope > section");
      await expect(sections).toHaveCount(SECTION_HEADINGS.length);
      for (const [index, heading] of SECTION_HEADINGS.entries()) {
        await expect(sections.nth(index).getByRole("heading").first()).toHaveText(heading);
      }
      const ids = await sections.evaluateAll((nodes) => nodes.map((node) => node.id));
      expect(ids.filter((id) => ANCHORS.includes(id))).toEqual(ANCHORS);
      expect(ids.indexOf("services")).toBe(1);
      expect(ids.indexOf("process")).toBe(2);
      expect(ids.indexOf("pricing")).toBe(6);
      expect(ids.indexOf("locations")).toBe(7);
      expect(ids.indexOf("contact")).toBe(8);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      // Header above, footer below.
      await expect(page.locator("body > header, body > footer")).toHaveCount(2);
    },
  ],
  [
    "the hero states the business's promises",
    async (page) => {
      const hero = page.getByRole("main").locator(":scope > section").first();
      for (const claim of [
        "115+ five-star reviews",
        "Licensed & insured",
        "same-day quotes",
        "no-obligation",
        "First-time customer discount",
        "1,000+ homeowners",
        "2020",
        "24 hours",
      ]) {
        await expect(hero).toContainText(claim);
      }
      await expect(hero.getByRole("link", { name: /instant quote/i })).toHaveAttribute(
        "href",
        "/#contact",
      );
      await expect(hero.getByRole("link", { name: /^Call/ })).toHaveAttribute(
        "href",
        "tel:+18135550147",
      );
    },
  ],
  [
    "services, techniques and guarantees are all there",
    async (page) => {
      const services = page.locator("#services");
      await expectServices(services, ["residential", "commercial", "hard-water"]);
      // What the business offers, typed here too, so a point lost from content/services.ts is caught.
      for (const offer of [
        "Residential",
        "Commercial",
        "Office buildings and storefronts",
        "Scheduled maintenance plans",
        "High-rise available",
        "Hard Water Stain Removal",
      ]) {
        await expect(services).toContainText(offer);
      }
      const techniques = page.locator("#process").getByRole("listitem");
      await expect(techniques).toHaveCount(4);
      await expect(techniques).toContainText([
        /T-bar mop/,
        /deionized water/,
        /Squeegee/,
        /Screen cleaning/,
      ]);

      const guarantee = page.getByRole("region", { name: "Clean windows, guaranteed" });
      await expect(guarantee).toContainText("100% Satisfaction Guarantee");
      await expect(guarantee).toContainText("48 hours");
      await expect(guarantee).toContainText("7-Day Rain Guarantee");
      await expect(guarantee).toContainText("$75+ value");
    },
  ],
  [
    "the team shows three people with name, role and portrait",
    async (page) => {
      const members = page
        .getByRole("region", { name: /pride in clear glass/ })
        .getByRole("listitem");
      await expect(members).toHaveCount(3);
      await expect(members).toContainText([/Founder/, /Service Manager/, /Sales Director/]);
      for (const member of await members.all()) {
        await expect(member.getByRole("heading", { level: 3 })).not.toBeEmpty();
        await expect(member.locator("svg")).toBeVisible();
      }
    },
  ],
  [
    "six five-star reviews, each verified and dated, link out to the reviews",
    async (page) => {
      const region = page.getByRole("region", { name: /homeowners say/ });
      const reviews = region.getByRole("listitem");
      await expect(reviews).toHaveCount(6);
      for (const review of await reviews.all()) {
        await expect(review).toContainText("Rated 5 out of 5");
        await expect(review).toContainText("Verified customer");
        await expect(review).toContainText(/\d+ (day|week|month|year)s? ago/);
        await expect(review.locator("blockquote")).not.toBeEmpty();
      }
      await expect(region.getByRole("link", { name: /reviews/i })).toHaveAttribute(
        "href",
        REVIEWS_URL,
      );
      expect(REVIEWS_URL).toMatch(/^https:\/\/www\.google\.com\/search\?q=.*reviews/);
    },
  ],
  [
    "the plans show their first-visit discounts, Most Popular on Quarterly, and link to their pages",
    async (page) => {
      const plans = page.locator("#pricing").getByRole("list").first().locator(":scope > li");
      await expect(plans).toHaveCount(3);
      // From the price table, by hand: Monthly $150 off, Quarterly $100 off, Bi-Annual $50 off.
      const expected = [
        { name: "Monthly", off: "$150 off", href: "/monthly-plan", popular: false },
        { name: "Quarterly", off: "$100 off", href: "/quarterly-plan", popular: true },
        { name: "Bi-Annual", off: "$50 off", href: "/biannual-plan", popular: false },
      ];
      for (const [index, plan] of expected.entries()) {
        const card = plans.nth(index);
        await expect(card.getByRole("heading", { level: 3 })).toHaveText(plan.name);
        await expect(card).toContainText(plan.off);
        await expect(card).toContainText("20% off all future visits");
        await expect(card).toContainText("7-day rain guarantee");
        await expect(card).toContainText("Free hard water removal");
        await expect(card.getByRole("link")).toHaveAttribute("href", plan.href);
        if (plan.popular) await expect(card).toContainText("Most Popular");
        else await expect(card).not.toContainText("Most Popular");
      }
    },
  ],
  [
    "the site declares a favicon and a home-screen icon that load",
    async (page, request) => {
      for (const [selector, type] of [
        ['link[rel="icon"]', "image/svg+xml"],
        ['link[rel="apple-touch-icon"]', "image/png"],
      ] as const) {
        const href = await page.locator(selector).getAttribute("href");
        expect(href, selector).toBeTruthy();
        const response = await request.get(href ?? "");
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toContain(type);
      }
    },
  ],
  [
    "the guarantee section shows every FAQ as a disclosure",
    async (page) => {
      const guarantee = page.getByRole("region", { name: "Clean windows, guaranteed" });
      const questions = guarantee.locator("details > summary");
      await expect(questions).toHaveText(HOME_FAQS.map((faq) => faq.question));
      const first = HOME_FAQS[0];
      const answer = guarantee.getByText(first.answer);
      await expect(answer).toBeHidden();
      await questions.first().click();
      await expect(answer).toBeVisible();
      for (const faq of HOME_FAQS) expect(faq.answer).not.toMatch(/undefined|NaN/);
    },
  ],
];

// One load carries them all, each a step a failure names; the FAQ, which opens a disclosure, last.
test(
  "the home page's sections, words, figures and links",
  ANY_SCREEN,
  async ({ page, request }) => {
    await page.goto("/");
    for (const [name, check] of CHECKS) await test.step(name, () => check(page, request));
  },
);

// Measured at 390 x 844 on the build before the cities were grouped: 28 full-width cards in list
// order made the list 2,228 px tall and the section, with its heading and map, 3,188 px.
const LOCATIONS_BEFORE = { list: 2228, section: 3188 };

test.describe("the locations section on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.skip(({ isMobile }) => !isMobile, "a phone layout");

  test("groups the cities by county, alphabetically, each one tap from its page", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.locator("#locations");
    await expect(section).toContainText(`${LOCATIONS.length} Tampa Bay communities`);
    await expect(section.getByRole("img")).toBeVisible(); // the map stays
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(
      SERVICE_COUNTIES.map((county) => `${county} County`),
    );

    for (const county of SERVICE_COUNTIES) {
      const cities = LOCATIONS.filter((location) => location.county === county).toSorted((a, b) =>
        a.name.localeCompare(b.name, "en-US"),
      );
      const group = section.getByRole("list", { name: `${county} County` });
      const links = group.getByRole("link");
      await expect(links).toHaveText(cities.map((city) => city.name));
      expect(await hrefsOf(links)).toEqual(cities.map((city) => `/locations/${city.slug}`));
      // Two columns: the second city sits beside the first, the third below them.
      const [first, second, third] = await Promise.all(
        [0, 1, 2].map((index) => links.nth(index).boundingBox()),
      );
      expect(second?.y).toBe(first?.y);
      if (third) expect(third.y).toBeGreaterThan(first?.y ?? 0);
      // WCAG 2.2 target size (minimum): 24 x 24 px.
      for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox()))) {
        expect(box?.height).toBeGreaterThanOrEqual(24);
        expect(box?.width).toBeGreaterThanOrEqual(24);
      }
      // About one phone screen or less per county.
      expect((await group.boundingBox())?.height).toBeLessThan(844);
    }

    const hrefs = await hrefsOf(section.getByRole("link"));
    expect(hrefs.toSorted()).toEqual(
      LOCATIONS.map((location) => `/locations/${location.slug}`).toSorted(),
    );
    // The lists take less than half their old height; heading and map are unchanged.
    const top = (await section.getByRole("heading", { level: 3 }).first().boundingBox())?.y;
    const last = await section.getByRole("list").last().boundingBox();
    if (top === undefined || !last) throw new Error("the county groups have boxes");
    expect(last.y + last.height - top).toBeLessThan(LOCATIONS_BEFORE.list / 2);
    expect((await section.boundingBox())?.height).toBeLessThan(LOCATIONS_BEFORE.section * 0.6);
  });
});

test("the home page logs no console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await page.evaluate(() =>
    window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
  );
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
