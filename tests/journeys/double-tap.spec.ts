import { PANE_RANGES } from "@shared/content/pricing";
import { paneSelector, tapCard, waitForChoice } from "./calculator";
import { byRole, CALCULATOR, expect, stepShown, test, visit, type Page } from "./journey";

type Point = { x: number; y: number };

/** The native control under a point of the screen, as a tap there would find it. */
const controlAt = (page: Page, { x, y }: Point) =>
  page.evaluate(
    (px: number, py: number) => {
      const hit = document.elementFromPoint(px, py);
      return hit instanceof HTMLInputElement
        ? { type: hit.type, name: hit.name, checked: hit.checked }
        : (hit?.tagName ?? null);
    },
    x,
    y,
  );

const checkedChoices = (page: Page) =>
  page.$$eval(`${CALCULATOR} form input:checked`, (inputs) => inputs.length);

/**
 * Two presses on one point, the second once step 2 is in the page: in Chromium a finger's double
 * tap (touch events), in Firefox a mouse's double-click (its WebDriver BiDi has no touch emulation),
 * one action sequence, its second press reaching the page while it handles the first. Chromium makes
 * touches sent back to back a double-tap gesture with no click, so its second tap waits for step 2;
 * so that the wait cannot outlast the half-second hold on a busy host, the page's animations (the
 * hold is one) run at a tenth of their speed meanwhile (DevTools' Animation domain). There, a third
 * touch then lands during the hold and lifts right after it: it makes no click either.
 */
async function doubleTap(page: Page, engine: string, { x, y }: Point) {
  if (engine !== "chromium") return page.mouse.click(x, y, { count: 2 });
  const cdp = await page.createCDPSession();
  const rate = (playbackRate: number) => cdp.send("Animation.setPlaybackRate", { playbackRate });
  await rate(0.1);
  await page.touchscreen.tap(x, y);
  await page.waitForFunction(
    () => document.querySelector("[data-quote-calculator] form")?.textContent?.includes("Step 2"),
    { polling: "mutation" },
  );
  await page.touchscreen.tap(x, y);
  // Lifted as soon as the hold is over, sped up to end at once: a finger resting longer would be a
  // long press, which makes no click anyway.
  await page.touchscreen.touchStart(x, y);
  await rate(1000);
  await stepShown(page, 2);
  await page.touchscreen.touchEnd();
  await rate(1);
}

async function tap(page: Page, engine: string, { x, y }: Point) {
  if (engine === "chromium") await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

test("a double tap on Continue chooses nothing on the step it shows; a later tap there does", async ({
  openPage,
  engine,
}) => {
  const page = await openPage("phone");
  await visit(page, "/#contact");
  const range = PANE_RANGES[0]!.id;
  // In the middle of the screen, as tapCard does: opened at #contact, the first card lies under the
  // fixed header (this click waited out its 30 s bound in the fresh-clone CI run of 69b8a8a).
  await tapCard(page, paneSelector(range));
  await waitForChoice(page, 1, range);
  // Continue at 650 px of the phone's 915: step 2's heading, taking focus, scrolls to the middle,
  // which puts the first plan card where Continue was (the assertion below checks it still does).
  // Scrolled at once, as for a visitor who asks for reduced motion: the smooth scroll of step 2's
  // heading into view would put a different part of the step under the second press each run.
  await page.evaluate(() => (document.documentElement.style.scrollBehavior = "auto"));
  const continueButton = await byRole(page, "button", "Continue", CALCULATOR).waitHandle();
  const point = await continueButton.evaluate((button) => {
    button.scrollIntoView({ block: "center", behavior: "instant" });
    const box = button.getBoundingClientRect();
    window.scrollBy({ top: box.top + box.height / 2 - 650, behavior: "instant" });
    const moved = button.getBoundingClientRect();
    return { x: moved.left + moved.width / 2, y: moved.top + moved.height / 2 };
  });

  // Each wait named, so that a bound reached says which.
  await test.step("the double tap", () => doubleTap(page, engine, point));
  await test.step("step 2 taking presses", () => stepShown(page, 2));
  // The second press fell where step 2 has a plan card, and chose nothing.
  expect(await controlAt(page, point)).toEqual({
    type: "radio",
    name: "frequency",
    checked: false,
  });
  expect(await checkedChoices(page)).toBe(0);

  // Half a second on, a tap at the same point is a choice.
  await tap(page, engine, point);
  await test.step("the later tap's choice", () =>
    page.waitForFunction(
      (x: number, y: number) => (document.elementFromPoint(x, y) as HTMLInputElement).checked,
      {},
      point.x,
      point.y,
    ));
  expect(await checkedChoices(page)).toBe(1);
});
