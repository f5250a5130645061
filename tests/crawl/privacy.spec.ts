import { expect, test } from "@playwright/test";
import { PRIVACY_LINK } from "@/content/navigation";
import { SITE } from "@/content/site";
import { CAMPAIGN_COOKIE, CAMPAIGN_DAYS } from "@/lib/attribution/campaign-cookie";
import { RETENTION, retentionInWords } from "@shared/leads/retention";
import { crawl, sitemapUrls, textOf } from "./crawl";

/** The privacy notice as served (docs/pages.md, "Privacy"): reachable, script-free, and true to the code. */

test("the privacy notice, in the sitemap and without script, states the periods the code keeps things for", async ({
  request,
}) => {
  // Every page's footer links to it: seo.spec.ts's check of every sitemap URL.
  const paths = (await sitemapUrls(request)).map((url) => new URL(url).pathname);
  expect(paths).toContain(PRIVACY_LINK.href);
  const notice = await crawl(request, PRIVACY_LINK.href);
  expect(notice.status).toBe(200);
  // A page of text: it ships no script of its own (lib/pages-without-javascript.ts).
  expect(notice.document.querySelectorAll("script[src]")).toHaveLength(0);
  const text = textOf(notice.document.querySelector("main")).replace(/\s+/g, " ");
  expect(text).toContain(`a cookie named ${CAMPAIGN_COOKIE}`);
  expect(text).toContain(`The campaign cookie: ${CAMPAIGN_DAYS} days`);
  for (const ms of Object.values(RETENTION)) expect(text).toContain(retentionInWords(ms));
  // How to ask for erasure: the privacy contact's address and the business's number.
  expect(text).toContain(SITE.privacyContact.email);
  expect(text).toContain(SITE.phone.display);
});
