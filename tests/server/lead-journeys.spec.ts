import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page, type Response } from "@playwright/test";
import { SITE } from "@/content/site";
import { DEFAULT_MIN_FORM_MS, FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { CHROMIUM_ARGS, resolveChromium } from "../e2e/chromium";
import {
  calculator,
  contactFor,
  continueStep,
  expectStep,
  fillQuote,
  finishQuote,
  reachStepFour,
  toast,
  type Contact,
} from "../e2e/quote-flow";
import { waitForScripts } from "../e2e/test";
import { validQuote } from "../support/quote";
import { type SmtpSink } from "../support/smtp-sink";
import {
  OWNER,
  browserHeaders,
  startSite,
  startSiteWithMail,
  testDatabase,
  type SiteServer,
  type SiteWithMail,
} from "./site-server";

/**
 * The lead path's guards at their real settings, walked as visitors walk them. The bot time trap
 * at its real threshold (no LEADS_MIN_FORM_MS: the browser tests' shared server lowers it): a
 * correction after Back, a reload on step 4 and an autofilled form each reach the owner's inbox as
 * a real lead; a bot that submits at once is still caught, and reaches the owner marked as
 * suspected spam until he releases it. And the rate limit: its toast says when to try again.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SUCCESS = "Quote request submitted successfully!";
const CHOICES = { panes: "26-40", plan: "Quarterly", addOns: [] };

test.use({ launchOptions: { executablePath: resolveChromium(), args: CHROMIUM_ARGS } });
// Each test walks the calculator at the real trap threshold and waits for the owner's e-mail.
test.describe.configure({ mode: "serial", timeout: 90_000 });

let smtp: SmtpSink;
let database: SiteWithMail["database"];
let site: SiteServer;
let env: Record<string, string>;

let mailing: SiteWithMail | undefined;

test.beforeAll(async () => {
  mailing = await startSiteWithMail({ LEADS_CREATE_LIMIT: "1000", LEADS_UPDATE_LIMIT: "1000" });
  ({ smtp, database, site, env } = mailing);
});

test.afterAll(async () => {
  await mailing?.close();
});

/** The e-mails the owner received about the lead of this name (the subject carries "First L."). */
function ownerMail(name: string) {
  const [first = "", last = ""] = name.split(" ");
  const short = `${first} ${last.charAt(0)}.`;
  return smtp.received.filter(
    (each) => each.to.includes(OWNER) && (each.mail.subject ?? "").includes(` ${short} — `),
  );
}

/** The leads this visitor sent, oldest first, as the store keeps them. */
const storedLeads = async (email: string) => [
  ...(await database.sql`
    select id, phone, spam_reason from public.quote_requests
    where email = ${email} order by created_at`),
];

/** The page, and the first tap in the calculator. */
async function start(page: Page): Promise<void> {
  await page.goto(`${site.url}/`);
  await waitForScripts(page);
  await calculator(page)
    .getByRole("radio", { name: /^26-40 panes/ })
    .check();
}

/**
 * A while over the plans or the form, as a person reads and types: longer than the trap's
 * threshold, on any step. (A busy machine only makes the visitor slower, never faster.)
 */
async function takeAPersonsTime(page: Page): Promise<void> {
  await page.waitForTimeout(DEFAULT_MIN_FORM_MS);
}

/** Continue on step 4, and the answer the server gave it. */
async function submitContact(page: Page): Promise<Response> {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === "/api/quote",
  );
  await continueStep(page);
  return answer;
}

/** The one lead of this visitor is a real one, and the owner's "New quote" e-mail about it came. */
async function expectOwnerToldOfRealLead(contact: Contact): Promise<void> {
  expect(await storedLeads(contact.email)).toEqual([
    expect.objectContaining({ spam_reason: null }),
  ]);
  await expect.poll(() => ownerMail(contact.name).length, { timeout: 30_000 }).toBe(1);
  expect(ownerMail(contact.name)[0]?.mail.subject).toMatch(/^New quote: /);
}

/** What a browser's autofill does: one tap in the form, and every field filled at once. */
async function autofill(page: Page, contact: Contact): Promise<void> {
  await calculator(page).getByLabel("Full Name").click();
  await page.evaluate((values) => {
    for (const [field, value] of Object.entries(values)) {
      const input = document.getElementById(`quote-${field}`);
      if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
      const prototype = Object.getPrototypeOf(input) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, contact);
}

test("a reload on step 4, then Continue at once, reaches the owner as a real lead", async ({
  page,
}) => {
  const contact = { ...contactFor("Rhea Reload"), email: "rhea@example.com" };
  await start(page);
  await fillQuote(page, { ...CHOICES, contact });
  await takeAPersonsTime(page);
  await page.reload();
  await waitForScripts(page);
  await expect(calculator(page).getByLabel("Full Name")).toHaveValue(contact.name);
  expect((await submitContact(page)).status()).toBe(201);
  await expectStep(page, 5);
  await finishQuote(page);
  await expectOwnerToldOfRealLead(contact);
});

test("autofill filling the form in one tap, then Continue at once, reaches the owner as a real lead", async ({
  page,
}) => {
  const contact = { ...contactFor("Avery Autofill"), email: "avery@example.com" };
  await start(page);
  await takeAPersonsTime(page);
  await reachStepFour(page, CHOICES);
  await autofill(page, contact);
  await expect(calculator(page).getByLabel("Service Address")).toHaveValue(contact.address);
  expect((await submitContact(page)).status()).toBe(201);
  await expectStep(page, 5);
  await expectOwnerToldOfRealLead(contact);
});

test("a bot that submits at once is caught, told nothing, and reaches the owner as suspected spam until released", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const contact = { ...contactFor("Quincy Quickbot"), email: "quincy@example.com" };
  // The page's clock stands still while the bot works: its submit is 0 ms after its first tap
  // however busy the machine is.
  await page.clock.install();
  await page.goto(`${site.url}/`);
  await waitForScripts(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  await fillQuote(page, { ...CHOICES, contact });
  const answer = await submitContact(page);
  await page.clock.resume();
  await expect(toast(page, SUCCESS)).toBeVisible();
  await expectStep(page, 5);
  expect(answer.request().postDataJSON()[FORM_TIME_KEY]).toBe(0);

  // Its answer is a real lead's: the same status, headers and fields, linkEmailed included.
  const real = await fetch(`${site.url}/api/quote`, {
    method: "POST",
    headers: browserHeaders(site, { "idempotency-key": randomUUID() }),
    body: JSON.stringify({
      ...validQuote({ name: "Pat Person", email: "pat@example.com" }),
      [FORM_TIME_KEY]: 60_000,
    }),
  });
  const shape = (
    status: number,
    headers: Record<string, string>,
    body: Record<string, unknown>,
  ) => ({
    status,
    headers: Object.keys(headers)
      .filter((name) => name !== "date")
      .sort(),
    fields: Object.keys(body).sort(),
    linkEmailed: body.linkEmailed,
  });
  const botBody = (await answer.json()) as Record<string, unknown>;
  expect(shape(answer.status(), answer.headers(), botBody)).toEqual(
    shape(
      real.status,
      Object.fromEntries(real.headers.entries()),
      (await real.json()) as Record<string, unknown>,
    ),
  );
  expect(botBody.linkEmailed).toBe(true);

  const [bot] = await storedLeads(contact.email);
  expect(String(bot?.spam_reason)).toMatch(
    /^sent 0 ms after the visitor first touched the calculator/,
  );
  // The owner hears of it, marked, with the reason and the command; the visitor hears nothing.
  await expect.poll(() => ownerMail(contact.name).length, { timeout: 30_000 }).toBe(1);
  const warning = ownerMail(contact.name)[0];
  expect(warning?.mail.subject).toMatch(/^\[Suspected spam\] New quote: Quincy Q\. — /);
  const flat = (warning?.mail.text ?? "").replace(/\s+/g, " ");
  expect(flat).toContain("A bot trap flagged this request: sent 0 ms after the visitor first");
  expect(flat).toContain(`npm run leads -- release ${String(bot?.id)}`);
  expect(smtp.received.some((each) => each.to.includes(contact.email))).toBe(false);

  // The owner says it is real: the visitor gets their confirmation, with the link, once.
  const leads = (...args: string[]) =>
    promisify(execFile)("npm", ["run", "-s", "leads", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
  const released = await leads("release", String(bot?.id).slice(0, 8));
  expect(released.stdout).toContain("Visitor: their confirmation e-mail is queued, with the link");
  await expect
    .poll(() => smtp.received.filter((each) => each.to.includes(contact.email)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const confirmation = smtp.received.find((each) => each.to.includes(contact.email));
  expect(confirmation?.mail.text).toContain(`/my-quote#${String(bot?.id)}.`);
  expect(await storedLeads(contact.email)).toEqual([
    expect.objectContaining({ spam_reason: null }),
  ]);
  await expect(leads("release", String(bot?.id))).rejects.toMatchObject({
    stderr: expect.stringContaining("is not flagged as spam"),
  });
});

test("a visitor over the rate limit is told when to try again, and the number to call", async ({
  page,
}) => {
  const own = await testDatabase();
  // One new lead per client per 10 minutes, which this client has just used.
  const limited = await startSite({ DATABASE_URL: own.url, LEADS_CREATE_LIMIT: "1" });
  try {
    const first = await fetch(`${limited.url}/api/quote`, {
      method: "POST",
      headers: browserHeaders(limited, { "idempotency-key": randomUUID() }),
      body: JSON.stringify({ ...validQuote(), [FORM_TIME_KEY]: 60_000 }),
    });
    expect(first.status).toBe(201);

    await page.goto(`${limited.url}/`);
    await waitForScripts(page);
    await fillQuote(page, { ...CHOICES, contact: contactFor("Lee Limited") });
    const answer = await submitContact(page);
    expect(answer.status()).toBe(429);
    const wait = Number(answer.headers()["retry-after"]);
    expect(wait).toBeGreaterThan(60);
    const minutes = Math.ceil(wait / 60);
    await expect(
      toast(
        page,
        `Failed to submit. Please try again in ${minutes} minutes or call us directly at ${SITE.phone.display}.`,
      ),
    ).toBeVisible();
    await expectStep(page, 4);
  } finally {
    await limited.stop();
    await own.drop();
  }
});
