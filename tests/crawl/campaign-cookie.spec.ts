import { expect, test, type APIResponse } from "@playwright/test";
import { CAMPAIGN_COOKIE, CAMPAIGN_DAYS } from "@/lib/attribution/campaign-cookie";

/**
 * The campaign cookie over HTTP (docs/leads.md, "Attribution"): set by the proxy only on a landing
 * that carries campaign parameters or an outside Referer, with that one answer kept by no cache;
 * every other page keeps the long cache of a prerendered page and sets nothing.
 */

const campaignCookie = (response: APIResponse) =>
  response
    .headersArray()
    .filter(({ name }) => name.toLowerCase() === "set-cookie")
    .map(({ value }) => value)
    .find((value) => value.startsWith(`${CAMPAIGN_COOKIE}=`));

test("an ad's or another site's landing sets the campaign cookie, on an answer no cache keeps", async ({
  request,
}) => {
  for (const [path, headers] of [
    ["/locations/tampa?utm_source=google&utm_medium=cpc&gclid=abc123", {}],
    ["/blog", { referer: "https://www.google.com/", "sec-fetch-dest": "document" }],
    ["/monthly-plan?gbraid=0AAAA", { referer: "https://www.bing.com/" }],
  ] as const) {
    const response = await request.get(path, { headers, maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const cookie = campaignCookie(response);
    expect(cookie, path).toBeDefined();
    const attributes = (cookie ?? "").split(/;\s*/).map((part) => part.toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining([
        "path=/",
        `max-age=${CAMPAIGN_DAYS * 24 * 60 * 60}`,
        "httponly",
        "samesite=lax",
      ]),
    );
    // The test build's site address is http://…: a Secure cookie would never come back.
    expect(attributes).not.toContain("secure");
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("a direct visit, a move between this site's pages, the saved quote and a data fetch set nothing and keep the cache", async ({
  request,
  baseURL,
}) => {
  const plain = await request.get("/locations/tampa");
  const cached = plain.headers()["cache-control"];
  expect(cached).toMatch(/s-maxage=\d{4,}/);
  for (const [path, headers] of [
    ["/", {}],
    ["/blog", { referer: `${baseURL}/locations/tampa?utm_source=google` }],
    ["/my-quote?utm_source=newsletter", { referer: "https://mail.example/" }],
    // Next's own fetch of a page's data (a prefetch), which a browser marks as no navigation.
    ["/blog?utm_source=google", { "sec-fetch-dest": "empty", referer: "https://www.google.com/" }],
  ] as const) {
    const response = await request.get(path, { headers });
    expect(campaignCookie(response), path).toBeUndefined();
    if (!("sec-fetch-dest" in headers))
      expect(response.headers()["cache-control"], path).toBe(cached);
  }
});
