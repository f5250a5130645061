import { execFileSync } from "node:child_process";
import { expect, test, waitForScripts, type Page } from "./test";
import { QUOTE_LINK } from "@/content/navigation";
import { e2eAdminUrl } from "../support/stored-leads";
import { databaseUrl } from "../support/test-postgres";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { validQuote } from "../support/quote";
import { contactFor, reachStepFive, storedLead, uniqueName } from "./quote-flow";

/**
 * Lead attribution (docs/leads.md, "Attribution"): an ad's visit, whatever page or tab the quote is
 * finished in, reaches the owner with its campaign, referrer and landing page; the owner's own
 * commands show it, and erase a lead on its visitor's request (docs/leads.md, "Erasure").
 */

const CAMPAIGN = "utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=abc123";
const REFERRER = "https://www.google.com/";

// A visitor who lands on a page and moves on never headed for its calculator: no page starts its
// scripts before the one the quote is sent from (sendQuote).
test.use({ startScripts: false });

/** `npm run leads -- …` on the store the test server writes, as the owner runs it. */
function leadsCommand(...args: string[]): string {
  return execFileSync("npm", ["run", "-s", "leads", "--", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl(e2eAdminUrl(), "e2e") },
    encoding: "utf8",
  });
}

/** The quote sent from `page`'s calculator by a visitor named `name`; the stored lead. */
async function sendQuote(page: Page, name: string) {
  await waitForScripts(page);
  await reachStepFive(page, {
    panes: "0-25",
    plan: "Initial Clean",
    addOns: [],
    contact: contactFor(name),
  });
  return await storedLead(name);
}

const adCampaign = (landingPage: string) => ({
  utm_source: "google",
  utm_medium: "cpc",
  utm_campaign: "spring",
  gclid: "abc123",
  referrer: REFERRER,
  landingPage,
});

/** The header's "Instant Quote" link, as a visitor taps it. */
const headerQuoteLink = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: QUOTE_LINK.label }).first();

test("an ad's visit moves on through the blog and asks for the quote on the home page: the campaign is kept", async ({
  page,
}, testInfo) => {
  const name = uniqueName("attribution blog", testInfo.project.name);
  await page.goto(`/locations/tampa?${CAMPAIGN}`, { referer: REFERRER });
  await page.goto("/blog"); // the visitor's next page, from the site's own link
  await headerQuoteLink(page).click();
  await expect(page).toHaveURL(/\/#contact$/);
  const lead = await sendQuote(page, name);
  expect(lead).toMatchObject({ source_page: "/", attribution: adCampaign("/locations/tampa") });

  const id = String(lead?.id);
  const shown = leadsCommand("show", id);
  expect(shown).toMatch(/^utm_source:\s+google$/m);
  expect(shown).toMatch(/^gclid:\s+abc123$/m);
  expect(shown).toMatch(/^Referrer:\s+https:\/\/www\.google\.com\/$/m);
  expect(shown).toMatch(/^Landing page:\s+\/locations\/tampa$/m);
  // The attribution's columns come before the last, the lead's changes (none here): utm_source …
  // wbraid, referrer, landing_page.
  const csv = leadsCommand("export", "--csv").trimEnd().split("\r\n");
  expect(csv[0]).toMatch(
    /,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,gbraid,wbraid,referrer,landing_page,changes$/,
  );
  expect(csv.find((line) => line.startsWith(`${id},`))).toMatch(
    /,google,cpc,spring,,,abc123,,,https:\/\/www\.google\.com\/,\/locations\/tampa,$/,
  );
});

test("a visitor's erasure request: the owner's command shows the lead, then erases it only with --yes", async ({
  request,
  baseURL,
}, testInfo) => {
  const name = uniqueName("erasure", testInfo.project.name);
  const sent = await request.post("/api/quote", {
    headers: { "sec-fetch-site": "same-origin", origin: baseURL ?? "" },
    data: { ...validQuote({ name }), [FORM_TIME_KEY]: 60_000 },
  });
  expect(sent.status()).toBe(201);
  const id = String((await storedLead(name))?.id);
  expect(() => leadsCommand("erase", id.slice(0, 8))).toThrow(/Nothing erased/);
  expect(await storedLead(name)).toBeDefined();
  expect(leadsCommand("erase", id, "--yes")).toContain(`Erased lead ${id} (${name},`);
  expect(await storedLead(name)).toBeUndefined();
});

test("the header's Instant Quote tapped at once on the landing page keeps the campaign", async ({
  page,
}, testInfo) => {
  const name = uniqueName("attribution at once", testInfo.project.name);
  await page.goto(`/locations/tampa?${CAMPAIGN}`, { referer: REFERRER });
  await headerQuoteLink(page).click();
  await expect(page).toHaveURL(/\/#contact$/);
  expect(await sendQuote(page, name)).toMatchObject({
    attribution: adCampaign("/locations/tampa"),
  });
});

test("an ad to a plan page, then Get Free Quote opened in a new tab, keeps the campaign", async ({
  page,
  context,
}, testInfo) => {
  const name = uniqueName("attribution new tab", testInfo.project.name);
  await page.goto(`/monthly-plan?${CAMPAIGN}`, { referer: REFERRER });
  const link = page.getByRole("link", { name: "Get Free Quote" }).first();
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    link.click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await tab!.waitForURL(/\/#contact$/);
  expect(await sendQuote(tab!, name)).toMatchObject({ attribution: adCampaign("/monthly-plan") });
});

test("a later direct visit keeps the campaign, a later referral replaces it", async ({
  page,
}, testInfo) => {
  const name = uniqueName("attribution later", testInfo.project.name);
  await page.goto(`/?${CAMPAIGN}`, { referer: REFERRER });
  await page.goto(`/locations/clearwater`); // typed in later: direct, nothing replaced
  await page.goto("/blog", { referer: "https://news.example/tampa-homes" });
  await page.goto("/#contact");
  expect(await sendQuote(page, name)).toMatchObject({
    attribution: { referrer: "https://news.example/tampa-homes", landingPage: "/blog" },
  });
});
