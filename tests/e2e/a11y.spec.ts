import { expectNoViolations } from "./axe";
import { ANY_SCREEN, expect, test } from "./test";
import { PLANS } from "@/content/plans";
import { ONE_PAGE_PER_TYPE } from "../support/page-types";

// One page of each type (tests/support/page-types.ts), and the other plan pages: their sections differ.
const PAGE_TYPES = [
  ...Object.entries(ONE_PAGE_PER_TYPE).map(([type, path]) => ({ type, path })),
  ...PLANS.slice(1).map((plan) => ({ type: `plan (${plan.name})`, path: `/${plan.slug}` })),
];

// Only the header differs between the screens (the menu test below and the home page check it on
// a phone too); the other pages' sections are the same elements, stacked.
for (const { type, path } of PAGE_TYPES) {
  const screens = type === "home" ? {} : ANY_SCREEN;
  test(`axe finds no WCAG 2.2 AA violation on the ${type} page`, screens, async ({ page }) => {
    await page.goto(path);
    await expectNoViolations(page);
  });
}

test("axe finds no violation with the header's menu open", async ({ page, isMobile }) => {
  await page.goto("/blog");
  if (isMobile) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Mobile" })
      .getByText("Locations", { exact: true })
      .click();
  } else {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Locations" })
      .click();
  }
  await expect(page.locator("[popover]:popover-open")).toBeVisible();
  await expectNoViolations(page, "header");
});
