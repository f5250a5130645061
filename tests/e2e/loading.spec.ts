import {
  COMPILE_HINT,
  SCRIPTS_LOADED_ATTRIBUTE,
  scriptsAfterPaint,
} from "../../scripts/build/after-paint";
import { expect, scriptRequests, test, type Page } from "./test";

// What the post-build step (scripts/build/after-paint.ts) promises a visitor of a calculator page
// on a slow phone (docs/performance.md, "Scripts when wanted"): opened at the top, the page loads
// no script file at all; opened at the calculator, the first frame is rendered before any of the
// framework's JavaScript is even requested. (That the page comes alive once they run is what every other
// browser test relies on; the other ways of heading for the calculator are journeys, in Chromium
// and Firefox: tests/journeys/scripts-when-wanted.spec.ts.) The pages without the calculator load
// none at all (no-javascript.spec.ts).
test.use({ startScripts: false });

const CALCULATOR_PAGES = ["/", "/locations/tampa"];

/** The script files the page has requested so far, from its own resource timing. */
const scriptsRequested = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
  );

/** Two frames, each with the task after it: the loader has seen the page as it first stood. */
const framesPainted = (page: Page) =>
  page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    }
  });

for (const path of CALCULATOR_PAGES) {
  test(`${path} opened at the top loads no script file, and runs neither Next nor React`, async ({
    page,
  }) => {
    const fetched = scriptRequests(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await framesPainted(page);
    expect(fetched).toEqual([]);
    const started = await page.evaluate(
      (loaded) => ({
        scripts: document.documentElement.hasAttribute(loaded),
        react: Object.keys(document.querySelector("[data-quote-calculator]")!).some((key) =>
          key.startsWith("__react"),
        ),
      }),
      SCRIPTS_LOADED_ATTRIBUTE,
    );
    expect(started).toEqual({ scripts: false, react: false });
  });

  // The first frame is the first rendering update (requestAnimationFrame's time), which the
  // loader waits for. Not the first-contentful-paint entry: its time is when the frame reached the
  // screen, which Chromium may defer behind the frame itself (in a run on a host with a load of 23,
  // scripts requested at 669 ms after a frame, the entry at 910 ms); the paint itself is measured
  // by Lighthouse (npm run lighthouse), not timed here.
  test(`${path}#contact: scripts are requested at once, but only after the first frame`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      requestAnimationFrame((time) => Object.assign(window, { firstFrame: time }));
    });
    await page.goto(`${path}#contact`);
    await page.waitForFunction(
      (loaded) => document.documentElement.hasAttribute(loaded),
      SCRIPTS_LOADED_ATTRIBUTE,
    );
    const firstFrame = await page.evaluate(
      () => (window as unknown as { firstFrame?: number }).firstFrame ?? Number.NaN,
    );
    const scripts = await scriptsRequested(page);
    expect(firstFrame).toBeGreaterThan(0);
    const deferred = scriptsAfterPaint(await (await page.request.get(path)).text()) ?? [];
    expect(deferred.length).toBeGreaterThan(0);
    expect(scripts.map((script) => script.url)).toEqual(expect.arrayContaining(deferred));
    for (const script of scripts) {
      expect(script.start, `${script.url} started before the first frame`).toBeGreaterThan(
        firstFrame,
      );
    }
  });
}

test("every deferred chunk carries V8's compile hint", async ({ request }) => {
  const urls = scriptsAfterPaint(await (await request.get("/")).text()) ?? [];
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect((await (await request.get(url)).text()).startsWith(COMPILE_HINT), url).toBe(true);
  }
});
