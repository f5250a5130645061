import { ANY_SCREEN, expect, test, type Locator, type Page } from "./test";
import { expectNoViolations } from "./axe";
import { PRIVACY_LINK } from "@/content/navigation";
import { ADD_ONS, PRICE_TABLE, formatUsd } from "@shared/content/pricing";
import {
  calculator,
  contactFor,
  continueStep,
  expectStep,
  fillContactLikeAPerson,
  fillQuote,
  finishQuote,
  reachStepFive,
  storedLead,
  toast,
  uniqueName,
} from "./quote-flow";

const price = (id: (typeof ADD_ONS)[number]["id"]) =>
  ADD_ONS.find((addOn) => addOn.id === id)?.price ?? NaN;

/**
 * A view the calculator draws before it shows it (docs/performance.md, "What keeps a tap short") is in the page
 * but cannot be seen, tapped or reached: fully transparent, a tap where it lies lands on the step in
 * view (`inView`, its progress text), and Tab from that step's last button leaves the calculator.
 */
async function expectUnseen(page: Page, drawn: Locator, inView: string): Promise<void> {
  await expect(drawn).toBeAttached();
  const shows = await drawn.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
  expect(shows).toBe(0);
  // Once the step takes presses again (a step change holds them for half a second: TapShield.tsx).
  await expect(calculator(page).locator("[data-tap-shield]")).toBeHidden();
  // Scrolled there at once: the page scrolls smoothly, and a point read during the animation
  // would be somewhere else.
  const tapLandsOn = await drawn.evaluate((element) => {
    element.scrollIntoView({ block: "center", behavior: "instant" });
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return element.contains(hit) ? "the drawn view" : (hit?.closest("form")?.textContent ?? "");
  });
  expect(tapLandsOn).toContain(inView);
  const stepInView = calculator(page).getByRole("form");
  await stepInView.getByRole("button").last().focus();
  await page.keyboard.press("Tab");
  const stillInCalculator = await page.evaluate(
    () => document.activeElement?.closest("[data-quote-calculator]") !== null,
  );
  expect(stillInCalculator).toBe(false);
}

/** Every id in the page, once: a view drawn ahead must not repeat the one in view's. */
async function expectUniqueIds(page: Page): Promise<void> {
  const repeated = await page.evaluate(() => {
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    return ids.filter((id, index) => ids.indexOf(id) !== index);
  });
  expect(repeated).toEqual([]);
}

test("a one-time quote: itemised total, upsells, a plan switch, and the whole lead in the inbox", async ({
  page,
}, testInfo) => {
  const name = uniqueName("no", testInfo.project.name);
  await page.goto("/");
  await reachStepFive(page, {
    panes: "41-60",
    plan: "Initial Clean",
    addOns: ["Interior Cleaning", "Track Cleaning"],
    contact: contactFor(name),
  });
  const form = calculator(page);
  await expect(
    form.getByRole("heading", { name: "Is this a post-construction clean?" }),
  ).toBeFocused();
  await form.getByRole("radio", { name: /^No/ }).check();
  await continueStep(page);
  await expectStep(page, 6);
  const seePrice = form.getByRole("button", { name: "See My Price" });
  await expect(seePrice).toBeDisabled();
  await form.getByRole("radio", { name: "2 stories" }).check();
  await seePrice.click();

  await expect(form.getByRole("heading", { name: "Your Custom Quote" })).toBeFocused();
  const total = form.getByTestId("quote-total");
  const oneTime = PRICE_TABLE["41-60"].initial + price("interior") + price("tracks");
  await expect(total).toHaveText(formatUsd(oneTime));
  // Steps 4-6 are gone once the result shows.
  await expect(form.getByText(/Step \d of 6/)).toHaveCount(0);
  await expect(form.getByLabel("Full Name")).toHaveCount(0);
  // The add-on not chosen is suggested.
  await expect(form.getByText("Mention these when we contact you!")).toBeVisible();
  await expect(form.getByRole("listitem").filter({ hasText: "Screen Cleaning" })).toBeVisible();
  await expect(
    form.getByText(
      "This is an estimated quote. Final pricing may vary based on specific requirements and site inspection.",
    ),
  ).toBeVisible();

  await expect(form.getByText("WAIT! YOU COULD SAVE!")).toBeVisible();
  // Read down to the plans: the total has gone up under the header when Quarterly is tapped.
  await form
    .getByText("WAIT! YOU COULD SAVE!")
    .evaluate((element) => element.scrollIntoView({ block: "start", behavior: "instant" }));
  await form.getByRole("button", { name: /^Quarterly/ }).click();
  const quarterly = PRICE_TABLE["41-60"].quarterly + price("interior") + price("tracks");
  await expect(total).toHaveText(formatUsd(quarterly));
  await expect(
    form.getByText(
      `You save ${formatUsd(PRICE_TABLE["41-60"].initial - PRICE_TABLE["41-60"].quarterly)} on your first visit`,
    ),
  ).toBeVisible();
  await expect(form.getByText("20% off all future visits")).toBeVisible();
  await expect(form.getByText("WAIT! YOU COULD SAVE!")).toHaveCount(0);
  // Compared with the one-time price of the same windows and add-ons, not the windows alone.
  await expect(
    form.getByText(
      `Compared with a one-time clean of the same windows and extras (${formatUsd(oneTime)})`,
    ),
  ).toBeVisible();
  // The new total is in view, not under the fixed header (it was, on a phone).
  await expect
    .poll(() =>
      total.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const header = document.querySelector("header")!.getBoundingClientRect();
        return box.top >= header.bottom && box.bottom <= window.innerHeight;
      }),
    )
    .toBe(true);

  // The lead, then the steps 5-6 answers and the switched plan, with the server's own price.
  await expect
    .poll(async () => (await storedLead(name))?.frequency, {
      message: "the plan switch reaches the inbox",
    })
    .toBe("quarterly");
  expect(await storedLead(name)).toMatchObject({
    email: "visitor@example.com",
    pane_count: "41-60",
    add_on_interior: true,
    add_on_screens: false,
    add_on_tracks: true,
    is_post_construction: "no",
    stories: "2",
    total_price: quarterly,
    source_page: "/",
  });
});

test("a post-construction request: Request Received!, a summary and no price anywhere", async ({
  page,
}, testInfo) => {
  const contact = contactFor(uniqueName("yes", testInfo.project.name));
  await page.goto("/");
  await reachStepFive(page, { panes: "0-25", plan: "Monthly", addOns: [], contact });
  await finishQuote(page, { postConstruction: true, stories: "4+ stories" });
  const form = calculator(page);
  await expect(form.getByText("Custom Quote Required")).toBeVisible();
  await expect(form.getByText(/reach out within 24 hours/)).toBeVisible();
  await expect(form.getByText("0-25 panes")).toBeVisible();
  await expect(form.getByText("4+ stories")).toBeVisible();
  await expect(form.getByText("Post-construction", { exact: true })).toBeVisible();
  await expect(form.locator("[data-quote-calculator]")).not.toContainText("$");
  // Its page offers no plan to switch, so the link does not promise one.
  await expect(
    form.getByText("Keep this private link to see your request again or tell us when to come."),
  ).toBeVisible();
  await expect(form.getByText(/switch plans/)).toHaveCount(0);
  // The other result view and every step are quote-keyboard.spec.ts's to check with axe.
  await expectNoViolations(page, "#contact", "[data-sonner-toaster]");
  await expect.poll(async () => (await storedLead(contact.name))?.is_post_construction).toBe("yes");
  expect(await storedLead(contact.name)).toMatchObject({ stories: "4+", frequency: "monthly" });
});

/** Continue on step 4, and the quote is not sent: the failure toast, and the visitor still on step 4. */
async function expectSendFails(page: Page): Promise<void> {
  await continueStep(page);
  await expect(
    toast(page, "Failed to submit. Please try again or call us directly."),
  ).toBeVisible();
  await expectStep(page, 4);
}

// A failure, a reload and a city page behave alike on any screen (ANY_SCREEN): run on desktop only.
test(
  "a failing server keeps the visitor on step 4 with everything typed",
  ANY_SCREEN,
  async ({ page }, testInfo) => {
    const name = uniqueName("500", testInfo.project.name);
    await page.route("**/api/quote", (route) =>
      route.fulfill({ status: 500, json: { success: false, error: "boom" } }),
    );
    await page.goto("/");
    const form = calculator(page);
    const contact = contactFor(name);
    await fillQuote(page, { panes: "26-40", plan: "Bi-Annual", addOns: [], contact });
    await expectSendFails(page);
    await expect(form.getByLabel("Full Name")).toHaveValue(name);
    await expect(form.getByRole("button", { name: "Continue", exact: true })).toBeEnabled();
    expect(await storedLead(name)).toBeUndefined();
  },
);

test("a network error is the same failure", ANY_SCREEN, async ({ page }) => {
  await page.route("**/api/quote", (route) => route.abort("connectionfailed"));
  await page.goto("/");
  const contact = contactFor("Offline Visitor");
  await fillQuote(page, { panes: "81-100", plan: "Initial Clean", addOns: [], contact });
  await expectSendFails(page);
});

test(
  "progress survives a reload, and Get Another Quote starts over and forgets it",
  ANY_SCREEN,
  async ({ page }, testInfo) => {
    await page.goto("/");
    const form = calculator(page);
    await form.getByRole("radio", { name: /^61-80 panes/ }).check();
    await continueStep(page);
    await form.getByRole("radio", { name: /^Monthly/ }).check();
    await continueStep(page);
    await form.getByRole("checkbox", { name: /^Screen Cleaning/ }).check();
    await page.reload();
    await expectStep(page, 3);
    await expect(form.getByRole("checkbox", { name: /^Screen Cleaning/ })).toBeChecked();
    await continueStep(page);
    await reachResultFromStepFour(page, uniqueName("reset", testInfo.project.name));
    await page.reload();
    await expect(form.getByRole("heading", { name: "Your Custom Quote" })).toBeVisible();

    await form.getByRole("button", { name: "Get Another Quote" }).click();
    await expectStep(page, 1);
    await expect(form.getByRole("heading", { name: "How many window panes?" })).toBeFocused();
    await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Continue", exact: true })).toBeDisabled();
    await page.reload();
    await expectStep(page, 1);
    await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
    await form.getByRole("radio", { name: /^0-25 panes/ }).check();
    await continueStep(page);
    await form.getByRole("radio", { name: /^Monthly/ }).check();
    await continueStep(page);
    await expect(form.getByRole("checkbox", { checked: true })).toHaveCount(0);
    await continueStep(page);
    await expect(form.getByLabel("Full Name")).toHaveValue("");
  },
);

async function reachResultFromStepFour(page: Page, name: string) {
  await fillContactLikeAPerson(page, contactFor(name));
  await continueStep(page);
  await expectStep(page, 5);
  await finishQuote(page, { stories: "1 story" });
}

test(
  "a city page has the same calculator and records the page the lead came from",
  ANY_SCREEN,
  async ({ page }, testInfo) => {
    const name = uniqueName("city", testInfo.project.name);
    await page.goto("/locations/clearwater");
    await expect(calculator(page).getByRole("heading", { level: 2 })).toContainText("Clearwater");
    await reachStepFive(page, {
      panes: "0-25",
      plan: "Initial Clean",
      addOns: ["Screen Cleaning"],
      contact: contactFor(name),
    });
    expect(await storedLead(name)).toMatchObject({
      source_page: "/locations/clearwater",
      total_price: PRICE_TABLE["0-25"].initial + price("screens"),
      is_post_construction: null,
    });
  },
);

// Which element React keeps across steps does not depend on the screen.
test("a step change updates the same form in place, and carries no choice into the next step @any-screen", async ({
  page,
}) => {
  await page.goto("/");
  const form = calculator(page);
  const stepForm = form.getByRole("form");
  // An expando property survives only as long as the element does (docs/performance.md, "What keeps a tap short").
  await stepForm.evaluate((element) => Object.assign(element, { keptAcrossSteps: true }));
  const sameForm = () =>
    stepForm.evaluate((element) => "keptAcrossSteps" in element && element.keptAcrossSteps);

  await form.getByRole("radio", { name: /^61-80 panes/ }).check();
  await continueStep(page);
  await expectStep(page, 2);
  await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
  await form.getByRole("radio", { name: /^Monthly/ }).check();
  await continueStep(page);
  await expectStep(page, 3);
  await expect(form.getByRole("checkbox", { checked: true })).toHaveCount(0);
  expect(await sameForm()).toBe(true);

  await form.getByRole("button", { name: "Back" }).click();
  await expect(form.getByRole("radio", { checked: true })).toHaveAccessibleName(/^Monthly/);
  await form.getByRole("button", { name: "Back" }).click();
  await expect(form.getByRole("radio", { checked: true })).toHaveAccessibleName(/^61-80 panes/);
  expect(await sameForm()).toBe(true);
});

test("the result view prepared during step 6 can be neither seen nor reached before See My Price", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await reachStepFive(page, {
    panes: "0-25",
    plan: "Initial Clean",
    addOns: [],
    contact: contactFor(uniqueName("prepared", testInfo.project.name)),
  });
  const form = calculator(page);
  await form.getByRole("radio", { name: /^No/ }).check();
  await continueStep(page);
  await form.getByRole("radio", { name: "1 story" }).check();
  // Built once step 6 has painted (docs/performance.md, "What keeps a tap short"): in the page, not to be seen.
  const prepared = form.getByText("Your Custom Quote");
  await expectUnseen(page, prepared, "Step 6 of 6");
  // Nor read by assistive technology.
  await expect(form.getByRole("heading", { name: "Your Custom Quote" })).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Get Another Quote" })).toHaveCount(0);
  const seePrice = form.getByRole("button", { name: "See My Price" });

  // Laid out where it will show: the same place and width in the calculator, prepared and shown.
  const placeInCalculator = () =>
    prepared.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const frame = element.closest("[data-quote-calculator]")!.getBoundingClientRect();
      return { left: box.left - frame.left, top: box.top - frame.top, width: box.width };
    });
  const preparedPlace = await placeInCalculator();

  await seePrice.click();
  await expect(form.getByRole("heading", { name: "Your Custom Quote" })).toBeFocused();
  await expect(form.getByTestId("quote-total")).toHaveText(formatUsd(PRICE_TABLE["0-25"].initial));
  expect(await placeInCalculator()).toEqual(preparedPlace);
});

test("each step draws the next one ahead, unseen and unreachable, without repeating an id or the progress", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  const form = calculator(page);
  // Each step, its answer given, with the title of the step it leads to (drawn once it has painted).
  const walk = [
    {
      step: 1,
      answer: form.getByRole("radio", { name: /^26-40 panes/ }),
      next: "Choose your service plan",
    },
    { step: 2, answer: form.getByRole("radio", { name: /^Monthly/ }), next: "Add extra services" },
    { step: 3, answer: form.getByRole("checkbox", { name: /^Screen/ }), next: "Almost there!" },
    { step: 4, answer: null, next: "Is this a post-construction clean?" },
    {
      step: 5,
      answer: form.getByRole("radio", { name: /^No/ }),
      next: "How many stories is the building?",
    },
  ];
  for (const { step, answer, next } of walk) {
    await expectStep(page, step);
    if (answer) await answer.check();
    else {
      const name = uniqueName("drawn ahead", testInfo.project.name);
      await fillContactLikeAPerson(page, contactFor(name));
      // The contact step's link to the privacy notice, once: the copy drawn during step 3 kept none.
      await expect(form.getByRole("link", { name: PRIVACY_LINK.label })).toHaveAttribute(
        "href",
        PRIVACY_LINK.href,
      );
    }
    await expectUnseen(page, form.getByText(next, { exact: true }), `Step ${step} of 6`);
    // Not read by assistive technology, and its own progress left out: "Step N of 6" is the step in view.
    await expect(form.getByRole("heading", { name: next })).toHaveCount(0);
    await expect(form.getByText(/Step \d of 6/)).toHaveCount(1);
    await expectUniqueIds(page);
    await continueStep(page);
  }
  // The contact step drawn during step 3 left no field behind: step 4's are the only ones.
  await expectStep(page, 6);
  await expect(form.getByRole("textbox")).toHaveCount(0);
  await expectUniqueIds(page);
});
