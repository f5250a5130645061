import { test as base, type Page } from "@playwright/test";
import {
  AFTER_PAINT_ATTRIBUTE,
  SCRIPTS_LOADED_ATTRIBUTE,
  WHEN_WANTED_ATTRIBUTE,
} from "../../scripts/build/after-paint";
import { SCRIPTS_WANTED_ATTRIBUTE, WANTED_NEAR } from "@/lib/scripts-on-demand";

export { expect } from "@playwright/test";
export type { Locator, Page, Request } from "@playwright/test";

/**
 * Waits until a page's runtime scripts have loaded. Built pages load them only after the first
 * paint (scripts/build/after-paint.ts), so the `load` event no longer means React is running; once
 * they have loaded, hydration has begun and React replays any event that reaches a part it has not
 * hydrated yet, just as it would for a visitor. A page without the loader (the pages that ship no
 * JavaScript, lib/pages-without-javascript.ts) has nothing to wait for. A calculator page loads
 * them only once the calculator (or the hero's ZIP check) is wanted: this starts them as a
 * visitor's first touch inside the calculator would (a `pointerdown` there), without scrolling.
 */
export async function waitForScripts(page: Page) {
  await page.evaluate(
    ([whenWanted, wanted, near]) => {
      if (!document.querySelector(`script[${whenWanted}]`)) return;
      const part =
        document.querySelector(`[${wanted}="${near}"]`) ?? document.querySelector(`[${wanted}]`);
      part?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    },
    [WHEN_WANTED_ATTRIBUTE, SCRIPTS_WANTED_ATTRIBUTE, WANTED_NEAR] as const,
  );
  await page.waitForFunction(
    ([loader, loaded]) =>
      !document.querySelector(`script[${loader}]`) || document.documentElement.hasAttribute(loaded),
    [AFTER_PAINT_ATTRIBUTE, SCRIPTS_LOADED_ATTRIBUTE] as const,
  );
}

/**
 * A test's details for a check the screen does not change: the phone project skips it
 * (playwright.config.ts), and it runs on desktop only.
 */
export const ANY_SCREEN = { tag: "@any-screen" };

/** The URLs of the script files the page asks for from now on, gathered as it asks. */
export function scriptRequests(page: Page): string[] {
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") fetched.push(request.url());
  });
  return fetched;
}

type Options = {
  /**
   * Whether `page.goto` and `page.reload` start and wait for the page's scripts (default), or
   * leave the page as a visitor who opened it finds it: a calculator page with no script yet.
   */
  startScripts: boolean;
};

/**
 * Playwright's `test`, whose `page.goto` and `page.reload` resolve once the scripts have loaded
 * (at once for tests that turn JavaScript off or `test.use({ startScripts: false })`).
 */
export const test = base.extend<Options>({
  startScripts: [true, { option: true }],
  page: async ({ page, javaScriptEnabled, startScripts }, provide) => {
    if (javaScriptEnabled === false || !startScripts) return provide(page);
    const thenWaitForScripts =
      <Args extends unknown[], Result>(navigate: (...args: Args) => Promise<Result>) =>
      async (...args: Args) => {
        const response = await navigate(...args);
        await waitForScripts(page);
        return response;
      };
    page.goto = thenWaitForScripts(page.goto.bind(page));
    page.reload = thenWaitForScripts(page.reload.bind(page));
    await provide(page);
  },
});
