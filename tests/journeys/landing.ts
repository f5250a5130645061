import type { Page } from "puppeteer-core";

/** Resolves once the page has stopped scrolling (smooth scrolling runs for a few hundred ms): ten frames at the same place. */
export function scrollSettled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const check = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/**
 * Where a link's target sits once the page has scrolled to it: its top relative to the bottom of
 * the fixed header, and the screen's height, for the check "in the top of the screen".
 */
export async function targetPlacement(page: Page, id: string) {
  await scrollSettled(page);
  return page.evaluate((targetId: string) => {
    const target = document.getElementById(targetId);
    if (!target) throw new Error(`no #${targetId} on ${location.pathname}`);
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    return {
      belowHeader: Math.round(target.getBoundingClientRect().top - header),
      screen: window.innerHeight,
      hash: location.hash,
    };
  }, id);
}
