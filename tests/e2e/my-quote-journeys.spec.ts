import { devices } from "@playwright/test";
import { PRICE_TABLE, formatUsd } from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { addOnsPrice } from "@shared/quote/pricing";
import { acceptedVisitDates, closedDaysOfYears } from "@/lib/quote/closed-days";
import { planName } from "@/lib/quote/labels";
import { SAVED_QUOTE_PATH, parseQuoteFragment } from "@/lib/quote/saved-quote";
import { addDays, businessToday, formatCalendarDate } from "@/lib/quote/visit-window";
import { UPDATE_NOTES } from "@/components/quote/messages";
import { calculator, continueStep, expectStep, storedLead, uniqueName } from "./quote-flow";
import {
  createLead,
  expectQuoteShown,
  openSavedQuote,
  openSavedQuoteThenExpire,
  changeOnSavedQuotePage,
  quoteThroughCalculator,
  planRadio,
  quoteSaved,
  redateLead,
  requestedAt,
  savedQuotePath,
  storedLeadById,
  visitWindowForm,
} from "./saved-quote-flow";
import { expect, test, waitForScripts, type Locator, type Page } from "./test";

/**
 * The saved-quote page (docs/pages.md, "Saved quote") as visitors use it: its own links, a link
 * pasted from a sentence, no JavaScript, a phone, a page left open past midnight, the holidays, and
 * the calculator it was reached from.
 */

const NOT_FOUND = "We couldn't find this quote";
const ASK = "Ask for this window";
const dateList = (page: Page) => page.getByLabel("Earliest date");
const offeredDates = (page: Page) =>
  dateList(page)
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

/** Still the quote, and its link still in the address: a reload or a bookmark opens it again. */
async function expectQuoteKept(page: Page, address: string) {
  await expect(page).toHaveURL(address);
  await expectQuoteShown(page);
  await expect(page.getByRole("heading", { name: NOT_FOUND })).toHaveCount(0);
}

test.describe("every link on the page keeps the quote", () => {
  test("the skip link, the first Tab then Enter", async ({ page, baseURL }) => {
    await openSavedQuote(page, baseURL!);
    const address = page.url();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectQuoteKept(page, address);
    // It did its job: the next Tab is inside the page's content, past the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
    await page.reload();
    await expectQuoteShown(page);
  });

  test("each link that stays on the page, and Back from one that leaves", async ({
    page,
    baseURL,
  }) => {
    await openSavedQuote(page, baseURL!);
    const address = page.url();
    const links = await page.getByRole("link").all();
    const onThisPage = [];
    for (const link of links) {
      const url = new URL((await link.getAttribute("href")) ?? "", address);
      if (url.protocol.startsWith("http") && url.pathname === SAVED_QUOTE_PATH) {
        onThisPage.push(link);
      }
    }
    // Every link of the page that is not the skip link leaves it (or dials, or writes an e-mail).
    expect(onThisPage).toHaveLength(1);
    for (const link of onThisPage) {
      // By keyboard: the skip link shows only once it has focus.
      await link.focus();
      await page.keyboard.press("Enter");
      await expectQuoteKept(page, address);
    }
    // The footer's social icons are placeholders: named, and no link that would go nowhere.
    const social = page.getByRole("list", { name: "Social media" });
    for (const profile of SITE.social) {
      await expect(social.getByRole("img", { name: new RegExp(profile.name) })).toBeVisible();
    }
    await expect(social.getByRole("link")).toHaveCount(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page).toHaveURL("/blog");
    await page.goBack();
    await expectQuoteKept(page, address);
  });

  test("another quote's link pasted into the address opens that quote", async ({
    page,
    baseURL,
  }) => {
    await openSavedQuote(page, baseURL!);
    const other = await createLead(page.request, baseURL!, { name: "Rosa Diaz" });
    await page.goto(savedQuotePath(other));
    await expectQuoteShown(page, "Rosa");
  });
});

test("a link pasted with the full stop or bracket of its sentence opens the quote", async ({
  page,
  baseURL,
}) => {
  const lead = await createLead(page.request, baseURL!);
  for (const tail of [".", ")", ")."]) {
    await page.goto(`${savedQuotePath(lead)}${tail}`);
    await expectQuoteShown(page);
    // The address is the clean link again, to bookmark or share.
    expect(parseQuoteFragment(new URL(page.url()).hash)).toEqual({
      id: lead.id,
      token: lead.token,
    });
    expect(page.url().endsWith(lead.token)).toBe(true);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page says what to do instead of loading forever", async ({ page, baseURL }) => {
    const lead = await createLead(page.request, baseURL!);
    await page.goto(savedQuotePath(lead));
    const notice = page.getByRole("alert");
    await expect(
      notice.getByRole("heading", { name: "Your quote needs JavaScript" }),
    ).toBeVisible();
    await expect(notice).toContainText(`call us on ${SITE.phone.display}`);
    await expect(page.getByText("Loading your quote…")).toBeHidden();
    await expect(page.getByRole("link", { name: `Call ${SITE.phone.display}` })).toBeVisible();
  });
});

test("with JavaScript, the page says it is loading, and nothing about JavaScript", async ({
  page,
  baseURL,
}) => {
  const lead = await createLead(page.request, baseURL!);
  // A slow network: the quote's answer waits until the test has looked.
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/quote/${lead.id}`, async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto(savedQuotePath(lead));
  await expect(page.getByRole("status").filter({ hasText: "Loading your quote…" })).toBeVisible();
  await expect(page.getByText("Your quote needs JavaScript")).toBeHidden();
  answer();
  await expectQuoteShown(page);
});

/**
 * A new lead's page, opened by its link (`open`: openSavedQuote, or openSavedQuoteThenExpire),
 * and the visitor scrolls to the visit window's button and asks for it.
 */
async function openAndAskForVisitWindow(
  page: Page,
  baseURL: string,
  open = openSavedQuote,
): Promise<void> {
  await open(page, baseURL);
  const ask = page.getByRole("button", { name: ASK });
  await ask.scrollIntoViewIfNeeded();
  await ask.click();
}

test.describe("on a phone, the answer to a visit window shows beside its button", () => {
  // The device without its browser: that choice belongs to the project.
  const { defaultBrowserType, ...phone } = devices["Pixel 7"];
  test.use(phone);
  void defaultBrowserType;

  test("the thanks, in view and announced, with focus still on the button", async ({
    page,
    baseURL,
  }) => {
    await openAndAskForVisitWindow(page, baseURL!);
    const thanks = visitWindowForm(page).getByRole("status");
    await expect(thanks).toContainText("Thank you. We will plan your visit for");
    await expect(thanks).toBeInViewport();
    await expect(page.getByRole("button", { name: "Update visit window" })).toBeFocused();
  });

  test("a refusal, in view and announced", async ({ page, baseURL }) => {
    // The phone's clock runs a week behind: the first date it offers has gone by for the server.
    await page.clock.install({ time: Date.now() - 7 * 86_400_000 });
    await openAndAskForVisitWindow(page, baseURL!);
    const refusal = visitWindowForm(page).getByRole("alert");
    await expect(refusal).toHaveText(
      `Choose an earliest date from tomorrow up to ${SITE.visitWindowDaysAhead} days out`,
    );
    await expect(refusal).toBeInViewport();
  });

  test("a quote that expired meanwhile: the news takes focus, in view", async ({
    page,
    baseURL,
  }) => {
    await openAndAskForVisitWindow(page, baseURL!, openSavedQuoteThenExpire);
    const expired = page.getByRole("heading", { name: "This quote has expired" });
    await expect(expired).toBeFocused();
    await expect(expired).toBeInViewport();
  });
});

test.describe("on a phone, a plan tap's new total and its confirmation show where the visitor tapped", () => {
  const { defaultBrowserType, ...phone } = devices["Pixel 7"];
  test.use(phone);
  void defaultBrowserType;

  /** Whether the element lies inside the viewport, below the fixed header (64 px). */
  async function belowHeader(page: Page, element: Locator): Promise<boolean> {
    const box = await element.boundingBox();
    return box !== null && box.y >= 64 && box.y + box.height <= page.viewportSize()!.height;
  }

  test("the last plan, then the last add-on", async ({ page, baseURL }) => {
    // 26-40, quarterly, interior and tracks: validQuote in tests/support/quote.ts.
    await openSavedQuote(page, baseURL!);
    const addOns = { interior: true, screens: false, tracks: true };
    const taps = [
      [planRadio(page, "biannual"), PRICE_TABLE["26-40"].biannual + addOnsPrice(addOns)],
      [
        page.getByRole("checkbox", { name: /^Screen Cleaning/ }),
        PRICE_TABLE["26-40"].biannual + addOnsPrice({ ...addOns, screens: true }),
      ],
    ] as const;
    for (const [control, total] of taps) {
      // Tapped where the visitor scrolled to it.
      await control.scrollIntoViewIfNeeded();
      await control.tap();
      await expect(quoteSaved(page)).toBeVisible();
      expect(await belowHeader(page, quoteSaved(page)), "the confirmation in view").toBe(true);
      // The summary's total is far above on a phone: the new total must be shown in view too.
      const totals = await page.getByText(formatUsd(total), { exact: true }).all();
      const shown = await Promise.all(totals.map((each) => belowHeader(page, each)));
      expect(shown, `${formatUsd(total)} in view`).toContain(true);
      // What was tapped has not moved away.
      expect(await belowHeader(page, control), "the tapped control in view").toBe(true);
    }
  });
});

/** The business's first minutes of the next day after `now`. */
function justAfterMidnight(now: Date): Date {
  const today = businessToday(now);
  let time = now.getTime();
  while (businessToday(new Date(time)) === today) time += 5 * 60_000;
  return new Date(time);
}

test.describe("a page left open past midnight", () => {
  /**
   * The page opened the day before the first date it can offer, so that at midnight its "tomorrow"
   * becomes today: the day before that first date as the server counts them, at noon in Tampa.
   */
  async function openUntilMidnight(page: Page, baseURL: string) {
    const [first] = acceptedVisitDates(new Date());
    const opened = new Date(`${addDays(first!, -1)}T16:00:00Z`);
    await page.clock.install({ time: opened });
    const lead = await openSavedQuote(page, baseURL);
    expect((await offeredDates(page))[0]).toBe(first);
    const later = justAfterMidnight(opened);
    await page.clock.setSystemTime(later);
    return { lead, later };
  }

  test("draws its list of dates again when the visitor reaches for it", async ({
    page,
    baseURL,
  }) => {
    const { lead, later } = await openUntilMidnight(page, baseURL!);
    await dateList(page).click();
    await page.keyboard.press("Escape");
    const dates = acceptedVisitDates(later, await requestedAt(lead.id));
    expect(await offeredDates(page)).toEqual(dates);
    await page.getByRole("button", { name: ASK }).click();
    await expect(visitWindowForm(page).getByRole("status")).toContainText(
      formatCalendarDate(dates[0]!),
    );
    await expect
      .poll(async () => await storedLeadById(lead.id))
      .toMatchObject({ visit_earliest_date: dates[0] });
  });

  test("asks again rather than send a date gone by", async ({ page, baseURL }) => {
    const { lead, later } = await openUntilMidnight(page, baseURL!);
    const gone = await dateList(page).inputValue();
    await page.getByRole("button", { name: ASK }).click();
    const [first] = acceptedVisitDates(later, await requestedAt(lead.id));
    await expect(visitWindowForm(page).getByRole("alert")).toContainText(
      `${formatCalendarDate(gone)} can no longer be chosen. The earliest day now is ${formatCalendarDate(first!)}.`,
    );
    await expect(dateList(page)).toBeFocused();
    await expect(dateList(page)).toHaveValue(first!);
    expect(await storedLeadById(lead.id)).toMatchObject({ visit_earliest_date: null });
    await page.getByRole("button", { name: ASK }).click();
    await expect
      .poll(async () => await storedLeadById(lead.id))
      .toMatchObject({ visit_earliest_date: first });
  });
});

test("the date list skips the holidays the business closes on", async ({ page, baseURL }) => {
  // The eve of the next holiday that falls on an open weekday (Thanksgiving is always a Thursday).
  const today = businessToday(new Date());
  const year = Number(today.slice(0, 4));
  const holidays = closedDaysOfYears(year, year + 1);
  const [holiday, name] = [...holidays].find(([date]) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    return date > addDays(today, 1) && weekday !== 0;
  })!;
  const eve = new Date(`${addDays(holiday, -1)}T16:00:00Z`);
  await page.clock.install({ time: eve });
  // A quote asked for on the eve, so that its price lock holds over the holiday.
  const lead = await createLead(page.request, baseURL!);
  await redateLead(lead.id, eve);
  await page.goto(savedQuotePath(lead));
  await expectQuoteShown(page);
  const offered = await offeredDates(page);
  expect(offered, `${name}, ${holiday}`).not.toContain(holiday);
  expect(offered[0]).toBe(acceptedVisitDates(eve, eve.toISOString())[0]);
  for (const closed of holidays.keys()) expect(offered).not.toContain(closed);
  await expect(page.getByText(`and not on ${SITE.closedHolidays[0]}`)).toBeVisible();
});

test.describe("the calculator this quote came from", () => {
  test("shows the quote as it now stands after Back", async ({ page }, testInfo) => {
    const now = await changeOnSavedQuotePage(page, uniqueName("back", testInfo.project.name));
    await page.goBack();
    const result = calculator(page);
    await expect(result.getByTestId("quote-total")).toHaveText(now.total);
    await expect(result.getByText(`You save ${now.saving} on your first visit`)).toBeVisible();
    await expect(result.getByText(planName(now.frequency))).toBeVisible();
  });

  test("its answers, held by the network meanwhile, go through without undoing the plan changed here", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(60_000);
    const name = uniqueName("held answers", testInfo.project.name);
    let down = true;
    await page.route("**/api/quote/*", (route) =>
      route.request().method() === "PATCH" && down
        ? route.fulfill({ status: 503, json: { success: false, error: "Held" } })
        : route.fallback(),
    );
    const { link } = await quoteThroughCalculator(page, name);
    const form = calculator(page);
    await expect(form.getByText(UPDATE_NOTES.waiting)).toBeVisible();
    // Meanwhile the visitor opens the quote's link in another tab and switches to quarterly there.
    const other = await context.newPage();
    const url = new URL(link);
    await other.goto(url.pathname + url.hash);
    await expectQuoteShown(other, "E2E");
    await planRadio(other, "quarterly").check();
    await expect(quoteSaved(other)).toBeVisible();
    // The calculator's steps 5-6 reach the server at last; the plan stays the one chosen last.
    down = false;
    await expect(form.getByText(UPDATE_NOTES.saved)).toBeVisible({ timeout: 30_000 });
    expect(await storedLead(name)).toMatchObject({ frequency: "quarterly", stories: "3" });
  });

  test('starts afresh from "Get another quote"', async ({ page }, testInfo) => {
    await changeOnSavedQuotePage(page, uniqueName("another", testInfo.project.name));
    await page.getByRole("link", { name: "Get another quote" }).click();
    await expect(page).toHaveURL("/#contact");
    await waitForScripts(page);
    // A new quote, from its first question: step 1 works, and leads to a plan not yet chosen.
    await expectStep(page, 1);
    const form = calculator(page);
    await form.getByRole("radio", { name: /^0-25 panes/ }).check();
    await continueStep(page);
    await expectStep(page, 2);
    await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
  });
});
