import { expectNoViolations } from "./axe";
import { expect, test, type Locator, type Page } from "./test";
import { PRICE_TABLE, formatUsd } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import {
  calculator,
  contactFor,
  expectStep,
  fillContactLikeAPerson,
  reachStepFive,
  storedLead,
  takeTimeLikeAPerson,
  toast,
  uniqueName,
} from "./quote-flow";

/** Presses Tab until the target has focus, as a keyboard user would; fails after 60 presses. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test("the calculator can be completed with the keyboard alone, focus following each step", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "phone", "keyboard-only completion is a desktop journey");
  const name = uniqueName("keyboard", testInfo.project.name);
  const form = calculator(page);
  await page.goto("/");
  // From the header's Instant Quote link to the first pane choice, keyboard only.
  await tabTo(page, page.getByRole("banner").getByRole("link", { name: "Instant Quote" }).first());
  await page.keyboard.press("Enter");
  await tabTo(page, form.getByRole("radio", { name: /^0-25 panes/ }));
  await page.keyboard.press("Space"); // 0-25
  await page.keyboard.press("ArrowDown"); // 26-40: arrows move and choose within the group
  await expect(form.getByRole("radio", { name: /^26-40 panes/ })).toBeChecked();
  await page.keyboard.press("Enter");

  await expect(form.getByRole("heading", { name: "Choose your service plan" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space"); // Initial Clean
  await expect(form.getByRole("radio", { name: /^Initial Clean/ })).toBeChecked();
  await page.keyboard.press("Enter");

  await expect(form.getByRole("heading", { name: "Add extra services" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space"); // Interior Cleaning
  await tabTo(page, form.getByRole("button", { name: "Continue", exact: true }));
  await page.keyboard.press("Enter");

  await expect(form.getByRole("heading", { name: "Almost there!" })).toBeFocused();
  const shown = Date.now();
  const contact = contactFor(name);
  for (const value of [contact.name, contact.phone, contact.email, contact.address]) {
    await page.keyboard.press("Tab");
    await page.keyboard.type(value);
  }
  await takeTimeLikeAPerson(page, shown);
  await page.keyboard.press("Enter");
  await expect(toast(page, "Quote request submitted successfully!")).toBeVisible();
  await expect(
    form.getByRole("heading", { name: "Is this a post-construction clean?" }),
  ).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown"); // first "Yes", then "No"
  await expect(form.getByRole("radio", { name: /^No/ })).toBeChecked();
  await page.keyboard.press("Enter");

  await expect(
    form.getByRole("heading", { name: "How many stories is the building?" }),
  ).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space"); // 1 story
  await page.keyboard.press("Enter");

  await expect(form.getByRole("heading", { name: "Your Custom Quote" })).toBeFocused();
  await expect(form.getByTestId("quote-total")).toHaveText(
    formatUsd(PRICE_TABLE["26-40"].initial + 100),
  );
  await tabTo(page, form.getByRole("button", { name: /^Monthly/ }));
  await page.keyboard.press("Enter");
  await expect(form.getByTestId("quote-total")).toHaveText(
    formatUsd(PRICE_TABLE["26-40"].monthly + 100),
  );
  await expect.poll(async () => (await storedLead(name))?.frequency).toBe("monthly");
  expect(await storedLead(name)).toMatchObject({ is_post_construction: "no", stories: "1" });
});

// Every step of the calculator and the result, before and after a plan switch, in one quote: step 1
// is the home page's (a11y.spec.ts), the post-construction result quote.spec.ts's.
test("every step and the result pass axe, and every step's targets are at least 44 px tall", async ({
  page,
}, testInfo) => {
  test.slow(); // A whole quote, seven axe runs.
  await page.goto("/");
  const form = calculator(page);
  // The toasts are checked on their own, held on screen (quote-validation.spec.ts): one that
  // leaves while axe reads the step would be read mid-fade (a CI run: 1.09:1 on its way out).
  const axe = () => expectNoViolations(page, "#contact", "[data-sonner-toaster]");
  // Every visible choice and button of the step, measured in one call to the page rather than
  // three per element (2.2 s of this test, now 0.3 s): visible as Playwright's isVisible() has it
  // (not hidden by style, a box with an area), its height as boundingBox() reports it.
  const targets = async () => {
    const measured = await form.locator("label:has(input), button").evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return {
          text: (element as HTMLElement).innerText,
          visible:
            element.checkVisibility({ visibilityProperty: true }) &&
            box.width > 0 &&
            box.height > 0,
          height: box.height,
        };
      }),
    );
    const visible = measured.filter((target) => target.visible);
    expect(visible.length).toBeGreaterThan(0);
    for (const target of visible) expect(target.height, target.text).toBeGreaterThanOrEqual(44);
  };
  const next = () => form.getByRole("button", { name: "Continue", exact: true }).click();
  await targets();
  await form.getByRole("radio", { name: /^26-40 panes/ }).check();
  await next();
  await axe();
  await targets();
  await form.getByRole("radio", { name: /^Initial Clean/ }).check();
  await next();
  await axe();
  await targets();
  await form.getByRole("checkbox", { name: /^Screen Cleaning/ }).check();
  await next();
  await expectStep(page, 4);
  await axe();
  await targets();
  await fillContactLikeAPerson(page, contactFor(uniqueName("targets", testInfo.project.name)));
  await next();
  // Step 5 with its confirmation toast, held on screen by the pointer as a reader's would be.
  await toast(page, "Quote request submitted successfully!").hover();
  await expectNoViolations(page, "#contact");
  await targets();
  await form.getByRole("radio", { name: /^No/ }).check();
  await next();
  await expectStep(page, 6);
  await axe();
  await targets();
  await form.getByRole("radio", { name: "3 stories" }).check();
  await form.getByRole("button", { name: "See My Price" }).click();
  await expect(form.getByText("WAIT! YOU COULD SAVE!")).toBeVisible();
  await axe();
  await targets();
  await form.getByRole("button", { name: /^Monthly/ }).click();
  await expect(form.getByText("WAIT! YOU COULD SAVE!")).toHaveCount(0);
  await axe();
  await targets();
});

test("Tab reads a toast and moves on past it, never back into the calculator", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "phone", "a keyboard journey");
  await page.goto("/");
  const form = calculator(page);
  const contact = contactFor(uniqueName("toast-tab", testInfo.project.name));
  await reachStepFive(page, { panes: "0-25", plan: "Initial Clean", addOns: [], contact });
  const message = toast(page, "Quote request submitted successfully!");
  // Kept on screen while the keys are pressed: sonner pauses a toast's timer while it is hovered.
  await message.hover();
  await form.getByRole("radio", { name: /^No/ }).check();
  await form.getByRole("button", { name: "Continue", exact: true }).focus();

  await page.keyboard.press("Tab");
  await expect(message).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("link", { name: `Call ${SITE.phone.display}` })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(message).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(form.getByRole("button", { name: "Continue", exact: true })).toBeFocused();
});
