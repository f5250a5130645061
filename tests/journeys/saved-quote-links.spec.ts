import { SAVED_QUOTE_PATH, quoteFragment } from "@/lib/quote/saved-quote";
import type { APIRequestContext } from "@playwright/test";
import { createLead, savedQuotePath, type SavedLead } from "../e2e/saved-quote-flow";
import { byRole, expect, scriptsLoaded, siteUrl, test, visit, type Page } from "./journey";

/**
 * The saved-quote page (docs/pages.md, "Saved quote") keeps its quote whatever link on it the
 * visitor follows, in both engines: the link travels in the fragment, which the page's own links
 * (the skip link's #main) change too.
 */

/** The saved-quote page's quote (app/my-quote/page.tsx). */
const SAVED_QUOTE = "[data-saved-quote]";

/** The quote is on screen, not "We couldn't find this quote", and its link is in the address. */
async function expectQuoteKept(page: Page, lead: SavedLead) {
  await page.waitForFunction((hash: string) => location.hash === hash, {}, quoteFragment(lead));
  await byRole(page, "heading", "Quote for Jane", SAVED_QUOTE).wait();
  const notFound = await page.evaluate(() =>
    [...document.querySelectorAll("h2")].some(
      (h) => h.textContent === "We couldn't find this quote",
    ),
  );
  expect(notFound).toBe(false);
}

/** The page's links that stay on it (http, same path): following one changes only the fragment. */
async function linksToThisPage(page: Page) {
  const onThisPage = [];
  for (const link of await page.$$("a[href]")) {
    const staying = await link.evaluate(
      (a, path) =>
        a instanceof HTMLAnchorElement && a.protocol.startsWith("http") && a.pathname === path,
      SAVED_QUOTE_PATH,
    );
    if (staying) onThisPage.push(link);
  }
  return onThisPage;
}

/** A new lead's page, opened by its link (with `tail` pasted after it), in a desktop browser. */
async function openSavedQuote(
  {
    openPage,
    request,
    baseURL,
  }: { openPage: () => Promise<Page>; request: APIRequestContext; baseURL?: string },
  tail = "",
) {
  const lead = await createLead(request, baseURL!);
  const page = await openPage();
  await visit(page, `${savedQuotePath(lead)}${tail}`);
  await expectQuoteKept(page, lead);
  return { lead, page };
}

test("every link on the saved-quote page keeps the quote", async ({
  openPage,
  request,
  baseURL,
}) => {
  const { lead, page } = await openSavedQuote({ openPage, request, baseURL });

  await test.step("the skip link: the first Tab, then Enter", async () => {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    await expectQuoteKept(page, lead);
  });

  await test.step("every link that stays on the page, by keyboard", async () => {
    const links = await linksToThisPage(page);
    // None but the skip link, today: the footer's social placeholders are no links.
    expect(
      await Promise.all(links.map((link) => link.evaluate((a) => a.getAttribute("href")))),
    ).toEqual(["#main"]);
    for (const link of links) {
      await link.focus();
      await page.keyboard.press("Enter");
      await expectQuoteKept(page, lead);
    }
  });

  await test.step("a link that leaves, then Back", async () => {
    await Promise.all([page.waitForNavigation(), byRole(page, "link", "Blog", "header").click()]);
    // Back as the browser's button does: Firefox brings the page back from its back/forward
    // cache without the navigation event puppeteer's goBack waits for.
    await page.evaluate(() => history.back());
    await page.waitForFunction((path: string) => location.pathname === path, {}, SAVED_QUOTE_PATH);
    await scriptsLoaded(page);
    await expectQuoteKept(page, lead);
  });

  await test.step("a reload", async () => {
    await page.reload();
    await scriptsLoaded(page);
    await expectQuoteKept(page, lead);
  });
});

test("a saved-quote link pasted with the punctuation of its sentence opens the quote", async ({
  openPage,
  request,
  baseURL,
}) => {
  // Opened, with the clean link back in the address.
  await openSavedQuote({ openPage, request, baseURL }, ").");
});

test("another quote's link pasted into the address bar of an open saved-quote page opens that quote", async ({
  openPage,
  request,
  baseURL,
}) => {
  const { page } = await openSavedQuote({ openPage, request, baseURL });
  const other = await createLead(request, baseURL!, { name: "Rosa Diaz" });
  // Typed or pasted into the address bar: only the fragment differs, so the page stays.
  await page.goto(siteUrl(savedQuotePath(other)));
  await byRole(page, "heading", "Quote for Rosa", SAVED_QUOTE).wait();
  await page.waitForFunction((hash: string) => location.hash === hash, {}, quoteFragment(other));
  // A reload opens it again: it is the link in the address.
  await page.reload();
  await scriptsLoaded(page);
  await byRole(page, "heading", "Quote for Rosa", SAVED_QUOTE).wait();
});
