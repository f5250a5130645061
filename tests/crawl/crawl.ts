import { expect, type APIRequestContext } from "@playwright/test";
import { parseHTML } from "linkedom";
import { jsonLdThing } from "../e2e/json-ld";

/**
 * A crawler's view of the built site: the HTML each URL answers with, parsed, no browser and no
 * script run. Checks of many pages read it here, where they are exact and quick; a browser test
 * loads only the few pages it needs.
 */

export type CrawledPage = ReturnType<typeof parsePage>;

function parsePage(path: string, status: number, html: string) {
  const { document } = parseHTML(html);
  const attribute = (selector: string, name: string) =>
    document.querySelector(selector)?.getAttribute(name) ?? null;
  const jsonLdBlocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => script.textContent ?? "",
  );
  return {
    path,
    status,
    document,
    title: document.querySelector("title")?.textContent ?? "",
    /** The content of `<meta name=…>` or `<meta property=…>`, or null. */
    meta: (name: string) =>
      attribute(`meta[name="${name}"]`, "content") ??
      attribute(`meta[property="${name}"]`, "content"),
    canonical: attribute('link[rel="canonical"]', "href"),
    h1: (document.querySelector("h1")?.textContent ?? "").replace(/\s+/g, " ").trim(),
    jsonLd: jsonLdBlocks.map((text): unknown => JSON.parse(text)),
    jsonLdOfType(type: string): Record<string, unknown> {
      const found = jsonLdThing(jsonLdBlocks, type);
      if (!found) throw new Error(`no ${type} JSON-LD on ${path}`);
      return found;
    },
  };
}

/** GETs a path of the test server and parses its HTML. */
export async function crawl(request: APIRequestContext, path: string): Promise<CrawledPage> {
  const response = await request.get(path);
  expect(response.headers()["content-type"] ?? "", path).toMatch(/^text\/html/);
  return parsePage(path, response.status(), await response.text());
}

/** The URLs the sitemap lists, as the public site names them. */
export async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
}

/** The words a reader sees in an element (one implementation, beside the similarity it feeds). */
export { textOf } from "@/lib/seo/similarity";
