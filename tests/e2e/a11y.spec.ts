import { expectNoViolations } from "./axe";
import { ANY_SCREEN, expect, test } from "./test";
import { PLANS } from "@/content/plans";
import { ONE_PAGE_PER_TYPE } from "../support/page-types";
import {
  calculator,
  contactFor,
  continueStep,
  expectStep,
  reachStepFive,
  toast,
  uniqueName,
} from "./quote-flow";

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
    // Step 5 with its confirmation toast, held on screen by the pointer as a reader's would be.
    await toast(page, "Quote request submitted successfully!").hover();
    await expectNoViolations(page, "#contact");
    await form.getByRole("radio", { name: new RegExp(`^${answer}`) }).check();
    await continueStep(page);
    await expectStep(page, 6);
    // From here the toast may leave while axe reads: mid-fade is not what anyone reads.
    await expectNoViolations(page, "#contact", "[data-sonner-toaster]");
    await form.getByRole("radio", { name: /^2/ }).check();
    await form.getByRole("button", { name: "See My Price" }).click();
    await expect(
      form.getByRole("heading", {
        name: answer === "No" ? "Your Custom Quote" : "Request Received!",
      }),
    ).toBeVisible();
    await expectNoViolations(page, "#contact", "[data-sonner-toaster]");
  });
}
