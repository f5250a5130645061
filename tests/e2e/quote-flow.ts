import { expect, type Locator, type Page } from "@playwright/test";
import { leadsNamed } from "../support/stored-leads";

/** How a visitor drives the calculator in the #contact section, by role and label. */

/**
 * The bot time trap's threshold on the shared browser-test server (playwright.config.ts sets
 * LEADS_MIN_FORM_MS to it): low, so that a test's visitor need not sit out the real 3 s before each
 * submit. tests/server/abuse.spec.ts checks the real threshold.
 */
export const E2E_MIN_FORM_MS = 300;

export function calculator(page: Page): Locator {
  return page.locator("#contact");
}

export async function expectStep(page: Page, step: number): Promise<void> {
  await expect(calculator(page).getByText(`Step ${step} of 6`)).toBeVisible();
}

export async function continueStep(page: Page): Promise<void> {
  await calculator(page).getByRole("button", { name: "Continue", exact: true }).click();
}

export type Contact = {
  name: string;
  phone: string;
  email: string;
  address: string;
  message?: string;
};

export function contactFor(name: string): Contact {
  return {
    name,
    phone: "(813) 555-0199",
    email: "visitor@example.com",
    address: "200 Main St, Dunedin, FL",
    message: "Side gate is open",
  };
}

export async function fillContact(page: Page, contact: Contact): Promise<void> {
  const form = calculator(page);
  await form.getByLabel("Full Name").fill(contact.name);
  await form.getByLabel("Phone Number").fill(contact.phone);
  await form.getByLabel("Email Address").fill(contact.email);
  await form.getByLabel("Service Address").fill(contact.address);
  await form.getByLabel("Additional Details").fill(contact.message ?? "");
}

type Choices = { panes: string; plan: string; addOns: string[] };

/** Steps 1-3 with the mouse: a range, a plan and the add-ons, arriving at the contact form. */
export async function reachStepFour(page: Page, choices: Choices): Promise<void> {
  const form = calculator(page);
  await form.getByRole("radio", { name: new RegExp(`^${choices.panes} panes`) }).check();
  await continueStep(page);
  await form.getByRole("radio", { name: new RegExp(`^${choices.plan}`) }).check();
  await continueStep(page);
  for (const addOn of choices.addOns) {
    await form.getByRole("checkbox", { name: new RegExp(`^${addOn}`) }).check();
  }
  await continueStep(page);
  await expectStep(page, 4);
}

/**
 * A person takes longer than the trap's threshold from their first tap in the calculator to the
 * submit; a faster one trips the bot trap. Steps 1-3 and filling the form usually take that long
 * already, so this seldom waits at all. `contactStepShownAt` is when the test saw step 4, after
 * the first tap that started the page's clock.
 */
export async function takeTimeLikeAPerson(page: Page, contactStepShownAt: number): Promise<void> {
  const left = E2E_MIN_FORM_MS + 50 - (Date.now() - contactStepShownAt);
  if (left > 0) await page.waitForTimeout(left);
}

/**
 * Steps 1-3, then the contact form filled in: the quote ready to send. `likeAPerson` also takes a
 * person's time over it (takeTimeLikeAPerson), so that the bot trap lets its submit through.
 */
export async function fillQuote(
  page: Page,
  options: Choices & { contact: Contact; likeAPerson?: boolean },
): Promise<void> {
  await reachStepFour(page, options);
  if (options.likeAPerson) await fillContactLikeAPerson(page, options.contact);
  else await fillContact(page, options.contact);
}

/** On step 4, the contact form filled in no faster than a person (takeTimeLikeAPerson). */
export async function fillContactLikeAPerson(page: Page, contact: Contact): Promise<void> {
  const shown = Date.now();
  await fillContact(page, contact);
  await takeTimeLikeAPerson(page, shown);
}

/** Steps 1-4, then a successful submit. */
export async function reachStepFive(
  page: Page,
  options: Choices & { contact: Contact },
): Promise<void> {
  await fillQuote(page, { ...options, likeAPerson: true });
  await continueStep(page);
  await expect(toast(page, "Quote request submitted successfully!")).toBeVisible();
  await expectStep(page, 5);
}

/**
 * Steps 5 and 6 after a submit, then See My Price, to the result: the priced quote, or for a
 * post-construction clean the custom-quote notice. By default not post-construction, two stories.
 */
export async function finishQuote(
  page: Page,
  {
    postConstruction = false,
    stories = "2 stories",
  }: { postConstruction?: boolean; stories?: string } = {},
): Promise<void> {
  const form = calculator(page);
  await form.getByRole("radio", { name: postConstruction ? /^Yes/ : /^No/ }).check();
  await continueStep(page);
  await expectStep(page, 6);
  await form.getByRole("radio", { name: stories }).check();
  await form.getByRole("button", { name: "See My Price" }).click();
  const result = postConstruction ? "Request Received!" : "Your Custom Quote";
  await expect(form.getByRole("heading", { name: result })).toBeVisible();
}

/** A toast inside the Toaster's polite live region, so screen readers announce it. */
export function toast(page: Page, message: string): Locator {
  return page.locator('[aria-live="polite"] [data-sonner-toast]').filter({ hasText: message });
}

export type StoredLead = Record<string, unknown>;

/** The lead as the site stored it, read straight from the run's PostgreSQL (tests/support/stored-leads.ts). */
export async function storedLead(name: string): Promise<StoredLead | undefined> {
  const [row] = await leadsNamed(name);
  return row;
}

/** A name no other test (or project, or run) uses, to find this test's lead. */
export function uniqueName(label: string, project: string): string {
  return `E2E ${label} ${project} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}
