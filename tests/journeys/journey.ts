import { test as base } from "@playwright/test";
import type { Browser, Page, Viewport } from "puppeteer-core";
import { AFTER_PAINT_ATTRIBUTE, SCRIPTS_LOADED_ATTRIBUTE } from "../../scripts/build/after-paint";
import { launch, type Engine } from "./engines";

export { expect } from "@playwright/test";
export type { Page } from "puppeteer-core";

/** The screens a layout-dependent journey is walked on: a laptop and a phone (Pixel 7's CSS size). */
export const SCREENS = {
  desktop: { width: 1280, height: 720 },
  phone: { width: 412, height: 915, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 },
} satisfies Record<string, Viewport>;
export type Screen = keyof typeof SCREENS;

type JourneyFixtures = {
  /** A fresh page in a fresh browser context, sized as the screen (default: desktop). */
  openPage: (screen?: Screen) => Promise<Page>;
};
type WorkerFixtures = { engine: Engine; engineBrowser: Browser };

/**
 * Playwright's test runner with the page driven by puppeteer-core, so that one journey runs in
 * Chromium and in Firefox ESR (the projects "chromium journeys" and "firefox journeys" of
 * playwright.config.ts): Playwright drives only its own builds of Firefox, which cannot be
 * downloaded here, and puppeteer drives Debian's over WebDriver BiDi.
 */
export const test = base.extend<JourneyFixtures, WorkerFixtures>({
  engine: ["chromium", { option: true, scope: "worker" }],
  engineBrowser: [
    async ({ engine }, provide) => {
      const browser = await launch(engine);
      await provide(browser);
      await browser.close();
    },
    // A browser's start took up to 16 s on a 2-core host busy with builds.
    { scope: "worker", timeout: 120_000 },
  ],
  openPage: async ({ engineBrowser, engine }, provide) => {
    const contexts: { close(): Promise<void> }[] = [];
    await provide(async (screen = "desktop") => {
      const context = await engineBrowser.createBrowserContext();
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const viewport: Viewport = SCREENS[screen];
      // Firefox over BiDi sets a viewport's size and scale, not touch emulation.
      await page.setViewport(
        engine === "firefox" ? { width: viewport.width, height: viewport.height } : viewport,
      );
      return page;
    });
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  },
});

/** The site's address of a path, from the config's baseURL. */
export function siteUrl(path: string): string {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error("playwright.config.ts sets no baseURL for the journeys");
  return new URL(path, base).href;
}

/**
 * Opens a path and waits until the page's runtime scripts have loaded (the loader of
 * scripts/build/after-paint.ts marks <html> then); a page without the loader is ready at load.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(siteUrl(path), { waitUntil: "load" });
  await scriptsLoaded(page);
}

/** Resolves once the deferred runtime scripts have loaded, or at once on a page without them. */
export async function scriptsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    (loader: string, loaded: string) =>
      !document.querySelector(`script[${loader}]`) || document.documentElement.hasAttribute(loaded),
    { polling: 50 },
    AFTER_PAINT_ATTRIBUTE,
    SCRIPTS_LOADED_ATTRIBUTE,
  );
}

/** The element a visitor finds by its role and accessible name (puppeteer's ARIA query). */
export function byRole(page: Page, role: string, name: string) {
  return page.locator(`::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`);
}

/** Resolves once the calculator shows "Step N of 6". */
export function stepShown(page: Page, step: number) {
  return page.waitForFunction(
    (n: number) =>
      document
        .querySelector("[data-quote-calculator] form")
        ?.textContent?.includes(`Step ${n} of 6`),
    {},
    step,
  );
}
