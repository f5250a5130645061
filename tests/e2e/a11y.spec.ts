import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./test";
import { ARTICLES } from "@/content/blog";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";
import {
  calculator,
  contactFor,
  continueStep,
  expectStep,
  reachStepFive,
  uniqueName,
} from "./quote-flow";

/** WCAG 2.2 AA, and the A and AA rules of every earlier version it includes. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoViolations(page: Page, include?: string) {
  // Mid-transition colours are not what a visitor reads: let transitions (a toast fading in) finish.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

const PAGE_TYPES = [
  { type: "home", path: "/" },
  { type: "city", path: `/locations/${LOCATIONS[0].slug}` },
  ...PLANS.map((plan) => ({ type: `plan (${plan.name})`, path: `/${plan.slug}` })),
  { type: "blog index", path: "/blog" },
  { type: "article", path: `/blog/${ARTICLES[0]!.slug}` },
  { type: "not-found", path: "/no-such-page" },
];

for (const { type, path } of PAGE_TYPES) {
  test(`axe finds no WCAG 2.2 AA violation on the ${type} page`, async ({ page }) => {
    await page.goto(path);
    await expectNoViolations(page);
  });
}

test("axe finds no violation with the header's menu open", async ({ page, isMobile }) => {
  await page.goto("/blog");
  if (isMobile) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByText("Locations").click();
  } else {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Locations" })
      .click();
  }
  await expect(page.locator("[popover]:popover-open")).toBeVisible();
  await expectNoViolations(page, "header");
});

for (const answer of ["No", "Yes"] as const) {
  test(`axe finds no violation in the calculator's steps 5-6 and result, post-construction "${answer}"`, async ({
    page,
  }, testInfo) => {
    test.slow(); // A full quote and three axe runs.
    const form = calculator(page);
    await page.goto("/");
    await reachStepFive(page, {
      panes: "26-40",
      plan: "Initial Clean",
      addOns: ["Screen Cleaning"],
      contact: contactFor(uniqueName(`a11y ${answer}`, testInfo.project.name)),
    });
    await expectNoViolations(page, "#contact");
    await form.getByRole("radio", { name: new RegExp(`^${answer}`) }).check();
    await continueStep(page);
    await expectStep(page, 6);
    await expectNoViolations(page, "#contact");
    await form.getByRole("radio", { name: /^2/ }).check();
    await form.getByRole("button", { name: "See My Price" }).click();
    await expect(
      form.getByRole("heading", {
        name: answer === "No" ? "Your Custom Quote" : "Request Received!",
      }),
    ).toBeVisible();
    await expectNoViolations(page, "#contact");
  });
}
