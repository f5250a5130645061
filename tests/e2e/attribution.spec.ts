import { execFileSync } from "node:child_process";
import { expect, test } from "./test";
import { SITE } from "@/content/site";
import { e2eAdminUrl } from "../support/stored-leads";
import { databaseUrl } from "../support/test-postgres";
import { calculator, contactFor, reachStepFive, storedLead, uniqueName } from "./quote-flow";

/**
 * Lead attribution (docs/leads.md, "Attribution"): an ad's visit lands on a city page, moves on to
 * another page of the site, sends the quote there, and the owner's own command shows where the
 * visit came from.
 */

const LANDING =
  "/locations/tampa?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=abc123";
const REFERRER = "https://www.google.com/";

/** `npm run leads -- …` on the store the test server writes, as the owner runs it. */
function leadsCommand(...args: string[]): string {
  return execFileSync("npm", ["run", "-s", "leads", "--", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl(e2eAdminUrl(), "e2e") },
    encoding: "utf8",
  });
}

test("a quote from an ad's visit keeps its campaign, referrer and landing page, for the owner to see", async ({
  page,
}, testInfo) => {
  const name = uniqueName("attribution", testInfo.project.name);
  await page.goto(LANDING, { referer: REFERRER });
  // The visitor scrolls to the calculator, which starts its scripts and notes the visit.
  await calculator(page).scrollIntoViewIfNeeded();
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem("suncoast-shine:visit-attribution")))
    .not.toBeNull();
  // …then goes on to the home page through the site's own link, and asks for the quote there.
  await page
    .getByRole("link", { name: new RegExp(`^${SITE.shortName}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await reachStepFive(page, {
    panes: "0-25",
    plan: "Initial Clean",
    addOns: [],
    contact: contactFor(name),
  });
  const lead = await storedLead(name);
  expect(lead).toMatchObject({ source_page: "/" });
  const id = String(lead?.id);

  const shown = leadsCommand("show", id);
  expect(shown).toMatch(/^utm_source:\s+google$/m);
  expect(shown).toMatch(/^utm_medium:\s+cpc$/m);
  expect(shown).toMatch(/^utm_campaign:\s+spring$/m);
  expect(shown).toMatch(/^gclid:\s+abc123$/m);
  expect(shown).toMatch(/^Referrer:\s+https:\/\/www\.google\.com\/$/m);
  expect(shown).toMatch(/^Landing page:\s+\/locations\/tampa$/m);

  // The attribution's columns come last: utm_source … wbraid, referrer, landing_page.
  const csv = leadsCommand("export", "--csv").trimEnd().split("\r\n");
  expect(csv[0]).toMatch(
    /,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,gbraid,wbraid,referrer,landing_page$/,
  );
  expect(csv.find((line) => line.startsWith(`${id},`))).toMatch(
    /,google,cpc,spring,,,abc123,,,https:\/\/www\.google\.com\/,\/locations\/tampa$/,
  );
});
