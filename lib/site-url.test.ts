import { pathToFileURL } from "node:url";
import path from "node:path";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolveSiteUrl, siteUrl, siteUrlNotice } from "./site-url";

const PLATFORM_VARIABLES = [
  "NEXT_PUBLIC_SITE_URL",
  "VERCEL_PROJECT_PRODUCTION_URL",
  "NETLIFY",
  "URL",
  // Set once next.config.ts has warned, so that its build workers do not repeat it.
  "SITE_URL_NOTICE_SHOWN",
];

/** next.config.ts's default export: the config for a phase. */
async function nextConfigFor(phase: string): Promise<{ env?: Record<string, string> }> {
  const url = pathToFileURL(path.resolve(import.meta.dirname, "../next.config.ts")).href;
  const loaded: unknown = await import(/* @vite-ignore */ url);
  if (!loaded || typeof loaded !== "object" || !("default" in loaded)) throw new Error("no config");
  const config = loaded.default;
  if (typeof config !== "function") throw new Error("next.config.ts exports no function");
  return config(phase);
}

beforeEach(() => {
  // The machine's own settings must not leak in: every source starts unset.
  for (const name of PLATFORM_VARIABLES) vi.stubEnv(name, "");
  // The build folder `npm run build` gives `next build` (scripts/build/build-folder.ts).
  vi.stubEnv("NEXT_DIST_DIR", ".next-a");
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("the site's base URL", () => {
  it("is NEXT_PUBLIC_SITE_URL when set, without a trailing slash, over any platform's", () => {
    expect(
      resolveSiteUrl({
        NEXT_PUBLIC_SITE_URL: "https://suncoastshine.com/",
        VERCEL_PROJECT_PRODUCTION_URL: "shine.vercel.app",
      }),
    ).toEqual({ url: "https://suncoastshine.com", source: "NEXT_PUBLIC_SITE_URL" });
  });

  it("takes the host platform's production URL, over https, when the setting is not given", () => {
    expect(resolveSiteUrl({ VERCEL_PROJECT_PRODUCTION_URL: "suncoastshine.com" })).toEqual({
      url: "https://suncoastshine.com",
      source: "VERCEL_PROJECT_PRODUCTION_URL",
    });
    expect(resolveSiteUrl({ NETLIFY: "true", URL: "https://shine.netlify.app" })).toEqual({
      url: "https://shine.netlify.app",
      source: "URL",
    });
    // URL alone is too common a name: only Netlify's build is trusted with it.
    expect(resolveSiteUrl({ URL: "https://elsewhere.example" }).source).toBeNull();
  });

  it("falls back to localhost with nothing set, which is what the quick start serves", () => {
    expect(resolveSiteUrl({})).toEqual({ url: "http://localhost:3000", source: null });
    expect(siteUrl("/blog")).toBe("http://localhost:3000/blog");
  });

  it("refuses a setting that is not an http(s) URL, naming it", () => {
    expect(() => resolveSiteUrl({ NEXT_PUBLIC_SITE_URL: "suncoastshine.com" })).toThrow(
      /^NEXT_PUBLIC_SITE_URL must be an http\(s\) URL/,
    );
    expect(() => resolveSiteUrl({ NEXT_PUBLIC_SITE_URL: "ftp://suncoastshine.com" })).toThrow(
      /NEXT_PUBLIC_SITE_URL/,
    );
  });

  it("builds every absolute link from the resolved base", () => {
    vi.stubEnv("VERCEL_PROJECT_PRODUCTION_URL", "suncoastshine.com");
    expect(siteUrl()).toBe("https://suncoastshine.com/");
    expect(siteUrl("sitemap.xml")).toBe("https://suncoastshine.com/sitemap.xml");
    vi.stubEnv("NEXT_PUBLIC_SITE_URL", "https://www.suncoastshine.com/");
    expect(siteUrl("/my-quote")).toBe("https://www.suncoastshine.com/my-quote");
  });
});

describe("a production build's base URL (next.config.ts)", () => {
  it("warns loudly when it falls back to localhost, naming the variable and all it affects", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const config = await nextConfigFor(PHASE_PRODUCTION_BUILD);
    expect(config.env).toEqual({ NEXT_PUBLIC_SITE_URL: "http://localhost:3000" });
    expect(warn).toHaveBeenCalledTimes(1);
    const text = String(warn.mock.calls[0]?.[0]);
    for (const words of [
      "NEXT_PUBLIC_SITE_URL is not set",
      "http://localhost:3000",
      "canonical links",
      "sitemap",
      "robots.txt",
      "JSON-LD",
      "Open Graph",
      "saved-quote links in e-mails",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("says nothing in development, nor when the setting is given", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    await nextConfigFor(PHASE_DEVELOPMENT_SERVER);
    vi.stubEnv("NEXT_PUBLIC_SITE_URL", "https://suncoastshine.com");
    expect((await nextConfigFor(PHASE_PRODUCTION_BUILD)).env).toEqual({
      NEXT_PUBLIC_SITE_URL: "https://suncoastshine.com",
    });
    expect(warn).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  });

  it("inlines the platform's production URL, and says where it came from", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    vi.stubEnv("VERCEL_PROJECT_PRODUCTION_URL", "suncoastshine.com");
    expect((await nextConfigFor(PHASE_PRODUCTION_BUILD)).env).toEqual({
      NEXT_PUBLIC_SITE_URL: "https://suncoastshine.com",
    });
    expect(warn).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(
      siteUrlNotice({ url: "https://suncoastshine.com", source: "VERCEL_PROJECT_PRODUCTION_URL" })
        ?.text,
    );
  });
});
