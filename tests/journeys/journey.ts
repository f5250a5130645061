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
      // In front, so its document is visible: a page the browser keeps in the background runs no
      // requestAnimationFrame, which the locators' stable-box check waits on (the after-paint
      // loader loads a hidden page's scripts at once, so the page still came alive: a click then
      // waited out the whole bound, 1 journey in 2 fresh-clone CI runs at load 15-23).
      await page.bringToFront();
      // A bound, not an expectation, as in playwright.config.ts: on a 2-core host running three
      // workers beside builds, a locator waited over 10 s for a page to settle (1 in 24 runs).
      page.setDefaultTimeout(30_000);
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
 * Opens a path as a visitor does, and waits until the page stands as they find it: its runtime
 * scripts loaded if it starts them on its own (right after the first frame; on a calculator page,
 * when opened at or near the calculator: scripts/build/after-paint.ts), else none requested.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(siteUrl(path), { waitUntil: "load" });
  await scriptsSettled(page);
}

/**
 * Resolves once the page's scripts have loaded if it has asked for them by now, or once the loader
 * has looked at the page as it stands and asked for none (a calculator page far from its calculator).
 */
export async function scriptsSettled(page: Page): Promise<void> {
  await loaderHasLooked(page);
  if (await scriptsRequested(page)) await scriptsLoaded(page);
}

/**
 * Resolves after two frames, each with the task after it: the after-paint loader has seen the page
 * as it stands now (its first frame painted, the observer's report on the calculator delivered).
 */
export async function loaderHasLooked(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    }
  });
}

/**
 * Whether the page has asked for any script file: the loader inserts them, and nothing else in the
 * HTML may load one (scripts/build/csp.ts) but a `nomodule` fallback no browser here runs.
 */
export function scriptsRequested(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector("script[src]:not([nomodule])") !== null);
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

/** The calculator: where most journeys look for their buttons and fields (byRole's `within`). */
export const CALCULATOR = "[data-quote-calculator]";

/**
 * The element a visitor finds by its role and accessible name (puppeteer's ARIA query), in the part
 * of the page they look at (`within`, a CSS selector; else the whole page). Firefox works out the role and name of every
 * element the query covers, each time a locator looks: over a whole page that made the Firefox
 * journeys several times slower than Chromium's; the calculator alone is a fraction of it.
 */
export function byRole(page: Page, role: string, name: string, within?: string) {
  const query = `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
  return page.locator(within ? `${within} ${query}` : query);
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
