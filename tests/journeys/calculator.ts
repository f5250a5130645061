import { SCRIPTS_LOADED_ATTRIBUTE } from "../../scripts/build/after-paint";
import { expect, scriptsLoaded, TAP_SHIELD, type Page } from "./journey";

/** What a visitor finds the calculator doing, in the journeys: read from the page, never from React. */

/** Whether the page's scripts have all loaded (the loader marks <html>). */
export const scriptsHaveLoaded = (page: Page) =>
  page.evaluate(
    (loaded) => document.documentElement.hasAttribute(loaded),
    SCRIPTS_LOADED_ATTRIBUTE,
  );

/**
 * Taps a choice card: its native input lies transparent over it (components/quote/ChoiceCard.tsx).
 * In the middle of the screen first, as a visitor sees a card before tapping it: a card left at the
 * top can lie under the fixed header, where the click lands on the header's links (one journey
 * opened /blog that way; another waited out its 30 s bound on the page's first card).
 */
export async function tapCard(page: Page, selector: string): Promise<void> {
  await page.$eval(selector, (input) => input.scrollIntoView({ block: "center" }));
  await tapInPlace(page, selector);
}

/** Taps a choice card's transparent input where it is (the saved-quote page's plans and add-ons). */
export const tapInPlace = (page: Page, selector: string) =>
  page.locator(selector).setVisibility(null).click();

/** The native radio of a pane range: transparent over its card (components/quote/ChoiceCard.tsx), so a tap lands on it. */
export const paneSelector = (range: string) => `#contact input[type=radio][value="${range}"]`;
export const paneRadio = (page: Page, range: string) =>
  page.locator(paneSelector(range)).setVisibility(null);

/**
 * Taps a pane range on the server-rendered step 1, checks it came before the scripts, then lets
 * them come (`scripts`, held back by slow-scripts.ts) and waits for them.
 */
export async function tapBeforeScripts(page: Page, range: string, scripts: { release(): void }) {
  await paneRadio(page, range).click();
  expect(await scriptsHaveLoaded(page), "the tap came before the scripts").toBe(false);
  scripts.release();
  await scriptsLoaded(page);
}

/** Waits until the calculator shows "Step N of 6" with the range chosen, Continue enabled, and takes presses. */
export async function waitForChoice(page: Page, step: number, range: string) {
  await page.waitForFunction(
    (n: number, value: string, shield: string) => {
      const calculator = document.querySelector("[data-quote-calculator]");
      const form = calculator?.querySelector("form");
      const radio = form?.querySelector<HTMLInputElement>(`input[value="${value}"]`);
      const submit = form?.querySelector<HTMLButtonElement>("button[type=submit]");
      return (
        form?.textContent?.includes(`Step ${n} of 6`) &&
        radio?.checked &&
        !submit?.disabled &&
        !document.querySelector(shield)?.getAnimations().length
      );
    },
    {},
    step,
    range,
    TAP_SHIELD,
  );
}
