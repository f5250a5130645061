import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { leadById, redateStoredLead } from "../support/stored-leads";
import {
  PRICE_LOCK_DAYS,
  PRICE_TABLE,
  firstVisitSaving,
  formatUsd,
  type Frequency,
} from "@shared/content/pricing";
import { addOnsPrice } from "@shared/quote/pricing";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { planName } from "@/lib/quote/labels";
import { SAVED_QUOTE_PATH, quoteFragment, type QuoteKey } from "@/lib/quote/saved-quote";
import type { QuoteRequestInput } from "@shared/quote/schema";
import { validQuote } from "../support/quote";
import { calculator, contactFor, finishQuote, reachStepFive } from "./quote-flow";

/** Saved quotes for the browser tests: a lead made through the API, its page, its inbox row. */

export type SavedLead = QuoteKey & { quoteUrl: string };

/** A lead as the calculator's step 4 makes it (same-origin, past the bot time trap), via the API. */
export async function createLead(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<QuoteRequestInput> = {},
): Promise<SavedLead> {
  const response = await request.post("/api/quote", {
    headers: { origin: new URL(baseURL).origin },
    data: { ...validQuote(overrides), [FORM_TIME_KEY]: 9_000 },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as SavedLead;
  return { id: body.id, token: body.token, quoteUrl: body.quoteUrl };
}

/** The page's path and fragment: the link as the visitor got it, on the test server. */
export const savedQuotePath = (key: QuoteKey) => `${SAVED_QUOTE_PATH}${quoteFragment(key)}`;

/** A new lead's page, opened by its link, with the quote shown. */
export async function openSavedQuote(page: Page, baseURL: string): Promise<SavedLead> {
  const lead = await createLead(page.request, baseURL);
  await page.goto(savedQuotePath(lead));
  await expectQuoteShown(page);
  return lead;
}

/** The calculator's result's "Save your quote" box. */
export const saveYourQuote = (page: Page) =>
  calculator(page).getByRole("region", { name: "Save your quote" });

/**
 * A visitor's quote through the calculator on the home page (of `server`), to its result (41-60 panes, monthly,
 * screens, not post-construction, 3 stories): the total it shows and the link it offers.
 */
export async function quoteThroughCalculator(
  page: Page,
  name: string,
  /** The server's address, when not the test's baseURL. */
  server = "",
): Promise<{ total: string; link: string }> {
  await page.goto(`${server}/`);
  await reachStepFive(page, {
    panes: "41-60",
    plan: planName("monthly"),
    addOns: ["Screen Cleaning"],
    contact: contactFor(name),
  });
  await finishQuote(page, { stories: "3 stories" });
  const total = (await calculator(page).getByTestId("quote-total").textContent()) ?? "";
  const link = await saveYourQuote(page).getByLabel("Your quote link").inputValue();
  return { total, link };
}

/**
 * A quote through the calculator, then its link opened in the same tab, where the visitor switches
 * to quarterly and adds interior cleaning: what the quote now is.
 */
export async function changeOnSavedQuotePage(page: Page, name: string) {
  const first = await quoteThroughCalculator(page, name);
  const url = new URL(first.link);
  await page.goto(url.pathname + url.hash);
  await expectQuoteShown(page, "E2E");
  const frequency: Frequency = "quarterly";
  await planRadio(page, frequency).check();
  await page.getByRole("checkbox", { name: /^Interior Cleaning/ }).check();
  await expect(quoteSaved(page)).toBeVisible();
  const addOns = { interior: true, screens: true, tracks: false };
  const total = formatUsd(PRICE_TABLE["41-60"][frequency] + addOnsPrice(addOns));
  expect(total).not.toBe(first.total);
  return { frequency, total, saving: formatUsd(firstVisitSaving("41-60", frequency)) };
}

/** A plan's radio on the saved-quote page, by the name the calculator gives it. */
export function planRadio(page: Page, frequency: Frequency) {
  return page.getByRole("radio", { name: new RegExp(`^${planName(frequency)} `) });
}

/** The page's word that a plan or add-on change is saved, in its status region. */
export function quoteSaved(page: Page) {
  return page.getByRole("status").filter({ hasText: "Saved. Your quote is up to date." });
}

/** "When may we come?": the visit window's form, which says beside its button how a request went. */
export function visitWindowForm(page: Page) {
  return page.getByRole("form", { name: "When may we come?" });
}

/** The page has loaded the quote: its price, or the custom-quote notice, is shown. */
export async function expectQuoteShown(page: Page, firstName = "Jane"): Promise<void> {
  await expect(page.getByRole("heading", { name: `Quote for ${firstName}` })).toBeVisible();
}

/** The lead as stored (tests/support/stored-leads.ts). */
export const storedLeadById = leadById;

/** Moves a lead's request date back, as if it had been made `days` ago. */
export async function backdateLead(id: string, days: number): Promise<void> {
  await redateLead(id, new Date(Date.now() - days * 86_400_000));
}

/**
 * A new lead's page, opened by its link with the quote shown, and left open while its price lock
 * ran out: its request moved back well past the lock's PRICE_LOCK_DAYS.
 */
export async function openSavedQuoteThenExpire(page: Page, baseURL: string): Promise<SavedLead> {
  const lead = await openSavedQuote(page, baseURL);
  await backdateLead(lead.id, PRICE_LOCK_DAYS + 15);
  return lead;
}

/** Makes a lead as if it had been requested at `at` (its price lock runs from then). */
export const redateLead = redateStoredLead;

/** When the lead was requested, as stored: its price lock runs from then. */
export async function requestedAt(id: string): Promise<string> {
  const createdAt = (await storedLeadById(id))?.created_at;
  if (typeof createdAt !== "string") throw new Error(`no lead ${id} in the inbox`);
  return createdAt;
}
