import { expect, test } from "./test";
import { PLANS } from "@/content/plans";
import { PANE_RANGES, PRICE_TABLE, type PlanFrequency } from "@shared/content/pricing";
import { jsonLdOfType } from "./json-ld";
import { expectQuoteAndCallLinks } from "./site-nav";

// The yearly claims (docs/decisions.md, "How savings are stated": the most a plan saves, for the
// largest home with every add-on), worked out by hand so that an edit of content/ is caught.
const YEARLY_CLAIMS: Record<PlanFrequency, { cleanings: number; saved: string }> = {
  monthly: { cleanings: 12, saved: "$1,844" },
  quarterly: { cleanings: 4, saved: "$562" },
  biannual: { cleanings: 2, saved: "$204" },
};

const usd = (amount: number) => `$${amount.toLocaleString("en-US")}`;

for (const plan of PLANS) {
  const path = `/${plan.slug}`;
  const savings = PANE_RANGES.map(
    (range) => PRICE_TABLE[range.id].initial - PRICE_TABLE[range.id][plan.frequency],
  );
  const discount = Math.min(...savings);

  // One load of the page carries all its checks, each a step that a failure names.
  test(`${path}: its figures, claims, comparison and calls to action`, async ({ page }) => {
    await page.goto(path);
    await test.step("its savings figures equal the price table", async () => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(
        page.getByRole("heading", { name: `Save ${usd(discount)} on your first visit` }),
      ).toBeVisible();

      const table = page.getByRole("table", { name: /First-visit price by home size/ });
      for (const range of PANE_RANGES) {
        const row = table.getByRole("row", { name: new RegExp(`^${range.id}\\b`) });
        const prices = PRICE_TABLE[range.id];
        await expect(row.getByRole("cell")).toHaveText([
          usd(prices.initial),
          usd(prices[plan.frequency]),
          usd(prices.initial - prices[plan.frequency]),
        ]);
      }
    });
    await test.step("states the shared benefits and the yearly claims", async () => {
      const claims = YEARLY_CLAIMS[plan.frequency];
      const main = page.getByRole("main");
      await expect(
        main.getByText(
          `${claims.cleanings} cleanings a year and up to ${claims.saved} saved a year, for the largest home with every add-on.`,
        ),
      ).toBeVisible();
      const hero = page
        .getByRole("region")
        .filter({ has: page.getByRole("heading", { level: 1 }) });
      await expect(hero.getByRole("definition")).toContainText([`Up to ${claims.saved}`]);
      const benefits = page.getByRole("region", { name: "Everything your plan includes" });
      await expect(benefits.getByRole("listitem")).toContainText([
        `${usd(discount)} off your first visit`,
        "20% off all future visits",
        "7-day rain guarantee",
        "Free hard water removal",
      ]);
      await expect(
        page.getByRole("region", { name: "Clean windows, or we make it right" }),
      ).toContainText("48 hours");
    });
    await test.step("compares the three plans and links to each", async () => {
      const table = page.getByRole("table", { name: "The three membership plans compared" });
      await expect(table.getByRole("columnheader")).toHaveCount(PLANS.length);
      for (const other of PLANS) {
        const link = table.getByRole("link", { name: other.name, exact: true });
        await expect(link).toHaveAttribute("href", `/${other.slug}`);
        if (other.frequency === plan.frequency)
          await expect(link).toHaveAttribute("aria-current", "page");
      }
      await expect(table.getByRole("row", { name: /^First visit/ }).getByRole("cell")).toHaveText(
        PLANS.map((other) => {
          const otherSavings = PANE_RANGES.map(
            (range) => PRICE_TABLE[range.id].initial - PRICE_TABLE[range.id][other.frequency],
          );
          return `${usd(Math.min(...otherSavings))} off`;
        }),
      );
    });
    await test.step("ends with a quote link and a call link, and describes a Service with an Offer", async () => {
      const cta = page.getByRole("region", { name: `Start your ${plan.name} plan` });
      await expectQuoteAndCallLinks(cta);

      const service = await jsonLdOfType(page, "Service");
      const column = PANE_RANGES.map((range) => PRICE_TABLE[range.id][plan.frequency]);
      expect(service.offers).toMatchObject({
        "@type": "Offer",
        priceSpecification: {
          priceCurrency: "USD",
          minPrice: Math.min(...column),
          maxPrice: Math.max(...column),
        },
      });
      const breadcrumbs = await jsonLdOfType(page, "BreadcrumbList");
      expect(breadcrumbs.itemListElement).toHaveLength(2);
    });
  });
}

test.describe("plan-specific sections", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the monthly FAQ opens and closes as native disclosures", async ({ page }) => {
      await page.goto("/monthly-plan");
      const faq = page.getByRole("region", { name: "Monthly plan FAQ" });
      const questions = faq.locator("summary");
      await expect(questions).toHaveText([
        "Can I cancel anytime?",
        "What is included in each visit?",
        "How much do I save?",
        "What if it rains right after my clean?",
      ]);
      const answer = faq.getByText(/Monthly plan has no long-term commitment/);
      await expect(answer).toBeHidden();
      await questions.first().click();
      await expect(answer).toBeVisible();
      await questions.first().click();
      await expect(answer).toBeHidden();
    });
  });

  test("the quarterly page walks through Tampa Bay's year", async ({ page }) => {
    await page.goto("/quarterly-plan");
    const seasons = page.getByRole("region", { name: "Four visits for Tampa Bay's year" });
    await expect(seasons.getByRole("heading", { level: 3 })).toHaveText([
      "Oak pollen",
      "Lovebug flights",
      "Summer storms",
      "Hurricane season",
      "Dry winter",
    ]);
    await expect(seasons).toContainText("June 1 to November 30");
    await expect(page.getByText("Most Popular").first()).toBeVisible();
  });

  test("the bi-annual page has spring/fall and property-type sections", async ({ page }) => {
    await page.goto("/biannual-plan");
    await expect(
      page
        .getByRole("region", { name: "Two visits, well timed" })
        .getByRole("heading", { level: 3 }),
    ).toHaveText(["After the pollen settles", "After the summer rains"]);
    await expect(
      page
        .getByRole("region", { name: "Made for every kind of property" })
        .getByRole("heading", { level: 3 }),
    ).toHaveCount(4);
  });
});
