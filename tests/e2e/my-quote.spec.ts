import {
  ADD_ONS,
  PRICE_TABLE,
  firstVisitSaving,
  formatUsd,
  type Frequency,
} from "@shared/content/pricing";
import { SITE } from "@/content/site";
import { STORAGE_UNAVAILABLE } from "@/lib/leads/storage-answer";
import { validUntil } from "@/lib/quote/price-lock";
import { currentPriceSheet, type PriceSheet } from "@shared/quote/locked-price";
import { addOnsPrice, quoteTotal } from "@shared/quote/pricing";
import { FUTURE_VISITS_BANNER, PLAN_OPTIONS, planName } from "@/lib/quote/labels";
import { holdStoredLeadTo } from "../support/stored-leads";
import { SAVED_QUOTE_PATH } from "@/lib/quote/saved-quote";
import { acceptedVisitDates } from "@/lib/quote/closed-days";
import { formatCalendarDate } from "@/lib/quote/visit-window";
import { siteUrl } from "@/lib/site-url";
import { expectNoViolations } from "./axe";
import { calculator, uniqueName } from "./quote-flow";
import {
  createLead,
  expectQuoteShown,
  openSavedQuote,
  openSavedQuoteThenExpire,
  planRadio,
  quoteSaved,
  quoteThroughCalculator,
  saveYourQuote,
  savedQuotePath,
  storedLeadById,
  visitWindowForm,
  requestedAt,
} from "./saved-quote-flow";
import { expect, test, waitForScripts, type Locator, type Page } from "./test";

/** The saved-quote page (docs/pages.md, "Saved quote") against the shared test server. */

// 26-40 panes, quarterly, interior and tracks: validQuote in tests/support/quote.ts.
const ADD_ONS_CHOSEN = { interior: true, screens: false, tracks: true };
const totalFor = (plan: keyof (typeof PRICE_TABLE)["26-40"]) =>
  formatUsd(PRICE_TABLE["26-40"][plan] + addOnsPrice(ADD_ONS_CHOSEN));

const total = (page: Page) => page.getByTestId("saved-quote-total");

test("a completed quote's link, opened in a fresh browser, shows the same figures", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const name = uniqueName("saved", testInfo.project.name);
  const { total: shown, link } = await quoteThroughCalculator(page, name);
  const form = calculator(page);
  const save = saveYourQuote(page);
  const url = new URL(link);
  expect(link.startsWith(siteUrl(SAVED_QUOTE_PATH))).toBe(true);
  expect(url.search).toBe("");
  await save.getByRole("button", { name: "Copy link" }).click();
  await expect(save.getByRole("status")).toHaveText(/Link copied\.|Select the link and copy it\./);
  // The calculator keeps the link in its saved progress: a reload still offers it.
  await page.reload();
  await expect(form.getByLabel("Your quote link")).toHaveValue(link);

  // Someone else's browser: no cookies, no session storage, only the link.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await other.goto(url.pathname + url.hash);
  await waitForScripts(other);
  await expectQuoteShown(other, "E2E");
  await expect(total(other)).toHaveText(shown);
  await expect(
    other.getByText(`You save ${formatUsd(firstVisitSaving("41-60", "monthly"))}`),
  ).toBeVisible();
  await expect(other.getByText("v•••@example.com")).toBeVisible();
  await expect(other.getByText("••• ••• 0199")).toBeVisible();
  await expect(other.getByText("200 Main St, Dunedin, FL")).toBeVisible();
  await expect(other.getByText("3 stories")).toBeVisible();
  await context.close();
});

test("switching plan and add-ons reprices at once, and the inbox has the server's price", async ({
  page,
  baseURL,
}) => {
  const lead = await openSavedQuote(page, baseURL!);
  await expect(total(page)).toHaveText(totalFor("quarterly"));
  await expectNoViolations(page);

  await planRadio(page, "biannual").check();
  await expect(total(page)).toHaveText(totalFor("biannual"));
  await page.getByRole("checkbox", { name: /^Screen Cleaning/ }).check();
  const expected =
    PRICE_TABLE["26-40"].biannual + addOnsPrice({ ...ADD_ONS_CHOSEN, screens: true });
  await expect(total(page)).toHaveText(formatUsd(expected));
  await expect(quoteSaved(page)).toBeVisible();
  await expect
    .poll(async () => await storedLeadById(lead.id))
    .toMatchObject({ frequency: "biannual", add_on_screens: true, total_price: expected });
  await expectNoViolations(page);

  // A reload shows what the server kept.
  await page.reload();
  await expect(total(page)).toHaveText(formatUsd(expected));
  await expect(planRadio(page, "biannual")).toBeChecked();
});

test("a quote made under an older price table shows its held prices in every line, card and saving, adding up to its total", async ({
  page,
  baseURL,
}) => {
  // Quoted when the plans were $20 less and interior cleaning $80: the table has risen since.
  const older = currentPriceSheet();
  for (const plan of ["monthly", "quarterly", "biannual"] as const)
    older.plans["26-40"]![plan]! -= 20;
  older.addOns.interior = 80;
  const heldTotal = (frequency: Frequency) => quoteTotal("26-40", frequency, ADD_ONS_CHOSEN, older);
  const lead = await createLead(page.request, baseURL!);
  await holdStoredLeadTo(lead.id, older, heldTotal("quarterly"));
  await page.goto(savedQuotePath(lead));
  await expectQuoteShown(page);
  await expectHeldPrices(page, older, "quarterly");

  await planRadio(page, "monthly").check();
  await expect(quoteSaved(page)).toBeVisible();
  await expectHeldPrices(page, older, "monthly");
  // The total the page showed is the one the server stored, not today's.
  expect(await storedLeadById(lead.id)).toMatchObject({
    frequency: "monthly",
    total_price: heldTotal("monthly"),
    client_total_price: heldTotal("monthly"),
  });
  await page.reload();
  await expectHeldPrices(page, older, "monthly");
});

/**
 * The saved quote of ADD_ONS_CHOSEN on `frequency` shows `sheet`'s prices, and only them: its
 * lines, which add up to both totals, the first-visit saving, and every plan and add-on card.
 */
async function expectHeldPrices(page: Page, sheet: PriceSheet, frequency: Frequency) {
  const prices = sheet.plans["26-40"]!;
  const saving = (plan: Frequency) => formatUsd(prices.initial! - prices[plan]!);
  const chosen = ADD_ONS.filter(({ id }) => ADD_ONS_CHOSEN[id]);
  const lines = total(page).locator("xpath=ancestor::div[1]").getByRole("listitem");
  await expect(lines).toHaveText([
    `${planName(frequency)}${formatUsd(prices[frequency]!)}`,
    ...chosen.map(({ id, label }) => `${label}+${formatUsd(sheet.addOns[id]!)}`),
  ]);
  const amounts = (await lines.allTextContents()).map((line) =>
    Number(line.replace(/^.*\$/, "").replace(",", "")),
  );
  const sum = formatUsd(amounts.reduce((a, b) => a + b, 0));
  await expect(total(page)).toHaveText(sum);
  await expect(page.getByTestId("saved-quote-bar-total")).toHaveText(sum);
  await expect(page.getByText(/^You save /)).toHaveText(
    `You save ${saving(frequency)} on your first visit, plus ${FUTURE_VISITS_BANNER}.`,
  );
  for (const plan of PLAN_OPTIONS) {
    const offer =
      plan.frequency === "initial"
        ? plan.details[0]
        : `Save ${saving(plan.frequency)} on the first visit`;
    await expect(card(page, planRadio(page, plan.frequency))).toHaveText(
      `${plan.name}${offer}${formatUsd(prices[plan.frequency]!)}`,
    );
  }
  for (const addOn of ADD_ONS) {
    const box = page.getByRole("checkbox", { name: new RegExp(`^${addOn.label}`) });
    await expect(card(page, box)).toHaveText(
      `${addOn.label}${addOn.description}+${formatUsd(sheet.addOns[addOn.id]!)}`,
    );
  }
}

/** The card a choice's input covers: its label. */
const card = (page: Page, input: Locator) => page.locator("label").filter({ has: input });

test("a visit window is asked for on an open day, kept on the lead, and shown again", async ({
  page,
  baseURL,
}) => {
  const lead = await openSavedQuote(page, baseURL!);
  const dates = acceptedVisitDates(new Date(), await requestedAt(lead.id));
  const options = await page.getByLabel("Earliest date").locator("option").allTextContents();
  expect(options).toEqual(dates.map((date) => formatCalendarDate(date)));
  const chosen = dates[2]!;
  await page.getByLabel("Earliest date").selectOption(chosen);
  await page.getByRole("radio", { name: "Afternoon" }).check();
  await page.getByRole("button", { name: "Ask for this window" }).click();
  await expect(visitWindowForm(page).getByRole("status")).toContainText(
    `${formatCalendarDate(chosen)}, in the afternoon`,
  );
  await expect
    .poll(async () => await storedLeadById(lead.id))
    .toMatchObject({ visit_earliest_date: chosen, visit_part_of_day: "afternoon" });
  await expectNoViolations(page);

  await page.reload();
  await expect(
    page.getByText(`You asked for ${formatCalendarDate(chosen)}, in the afternoon`),
  ).toBeVisible();
  await expect(page.getByLabel("Earliest date")).toHaveValue(chosen);
});

test("a wrong token finds no quote, on the page and from the API alike", async ({
  page,
  baseURL,
}) => {
  const lead = await createLead(page.request, baseURL!);
  const wrong = { id: lead.id, token: `${lead.token.slice(0, -4)}AAAA` };
  await page.goto(savedQuotePath(wrong));
  await expect(page.getByRole("heading", { name: "We couldn't find this quote" })).toBeVisible();
  await expectNoViolations(page);
  const origin = new URL(baseURL!).origin;
  for (const token of [wrong.token, lead.token]) {
    const id = token === lead.token ? "00000000-0000-4000-8000-000000000000" : lead.id;
    const response = await page.request.get(`/api/quote/${id}`, {
      headers: { origin, authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "Quote not found" });
  }
  // Both states leave the way on open.
  await expect(page.getByRole("link", { name: "Get another quote" })).toHaveAttribute(
    "href",
    "/#contact",
  );
  await expect(page.getByRole("link", { name: `Call ${SITE.phone.display}` })).toBeVisible();
});

test("a quote that cannot be loaded says why, and Try again loads it", async ({
  page,
  baseURL,
}) => {
  const lead = await createLead(page.request, baseURL!);
  const api = `**/api/quote/${lead.id}`;
  const failed = page
    .getByRole("alert")
    .filter({ hasText: "We couldn't load your quote just now" });
  const tryAgain = page.getByRole("button", { name: "Try again" });

  // No answer at all: the visitor's connection is the likely cause.
  await page.route(api, (route) => route.abort("internetdisconnected"));
  await page.goto(savedQuotePath(lead));
  await expect(
    failed.getByRole("heading", { name: "We couldn't load your quote just now" }),
  ).toBeVisible();
  await expect(failed).toContainText("Check your connection and try again, or call us.");
  await expectNoViolations(page);

  // The server answered that it cannot read the quote now: its words, not the connection's.
  await page.unroute(api);
  await page.route(api, (route) =>
    route.fulfill({
      status: 503,
      headers: { "retry-after": "60" },
      json: { success: false, error: STORAGE_UNAVAILABLE.read },
    }),
  );
  await tryAgain.click();
  await expect(failed).toContainText(STORAGE_UNAVAILABLE.read);
  await expect(failed).not.toContainText("Check your connection");

  await page.unroute(api);
  await tryAgain.click();
  await expectQuoteShown(page);
});

test("after the price lock, the page says the quote expired and a change is refused", async ({
  page,
  baseURL,
}) => {
  // The page was open while the 30 days ran out.
  const lead = await openSavedQuoteThenExpire(page, baseURL!);
  const createdAt = String((await storedLeadById(lead.id))?.created_at);
  const expired = `This quote expired after ${formatCalendarDate(validUntil(createdAt))}: please ask for a new one`;
  // Clicked, not checked: the server refuses, so the choice goes back to the kept plan.
  await planRadio(page, "monthly").click();
  await expect(page.getByRole("alert").filter({ hasText: expired })).toHaveText(expired);
  await expect(page.getByRole("heading", { name: "This quote has expired" })).toBeVisible();
  await expect(total(page)).toHaveText(totalFor("quarterly"));
  expect(await storedLeadById(lead.id)).toMatchObject({ frequency: "quarterly" });

  const response = await page.request.patch(`/api/quote/${lead.id}`, {
    headers: { origin: new URL(baseURL!).origin, authorization: `Bearer ${lead.token}` },
    data: { frequency: "monthly" },
  });
  expect(response.status()).toBe(410);
  expect(await response.json()).toEqual({ success: false, error: expired });

  await page.reload();
  await expect(page.getByRole("heading", { name: "This quote has expired" })).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Get another quote" })).toBeVisible();
  await expectNoViolations(page);
});

test("no request the page makes carries the link's fragment, a Referer, or the token outside its header", async ({
  page,
  baseURL,
}) => {
  const lead = await createLead(page.request, baseURL!);
  const seen: string[] = [];
  page.on("request", (request) => {
    const headers = request.headers();
    const { authorization, ...rest } = headers;
    const line = `${request.method()} ${request.url()} ${JSON.stringify(rest)}`;
    if (line.includes(lead.token) || request.url().includes("#") || headers.referer)
      seen.push(line);
    if (authorization && !request.url().endsWith(`/api/quote/${lead.id}`)) seen.push(line);
  });
  await page.goto(savedQuotePath(lead));
  await expectQuoteShown(page);
  await planRadio(page, "monthly").check();
  await expect(quoteSaved(page)).toBeVisible();
  expect(seen).toEqual([]);
});

test("the page works with the keyboard alone", async ({ page, baseURL }) => {
  const lead = await openSavedQuote(page, baseURL!);
  const quarterly = planRadio(page, "quarterly");
  await quarterly.focus();
  // Arrow keys move through the plans, as in any radio group.
  await page.keyboard.press("ArrowRight");
  await expect(planRadio(page, "biannual")).toBeFocused();
  await expect(planRadio(page, "biannual")).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: /^Interior Cleaning/ })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(quoteSaved(page)).toBeVisible();
  await expect
    .poll(async () => await storedLeadById(lead.id))
    .toMatchObject({ frequency: "biannual", add_on_interior: false });

  const date = page.getByLabel("Earliest date");
  await date.focus();
  await page.keyboard.press("ArrowDown");
  const chosen = await date.inputValue();
  expect(chosen).toBe(acceptedVisitDates(new Date())[1]);
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight"); // from "Any time" round to "Morning"
  await expect(page.getByRole("radio", { name: "Morning" })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Ask for this window" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect
    .poll(async () => await storedLeadById(lead.id))
    .toMatchObject({ visit_earliest_date: chosen, visit_part_of_day: "morning" });
});
