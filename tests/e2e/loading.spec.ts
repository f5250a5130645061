import { COMPILE_HINT, scriptsAfterPaint } from "../../scripts/build/after-paint";
import { expect, test } from "./test";

// What the post-build step (scripts/build/after-paint.ts) promises a visitor on a slow phone: the
// text paints before any of the framework's JavaScript is even requested. (That the page still
// comes alive afterwards is what every other browser test relies on.) The pages with scripts are
// those with the calculator; the others load none at all (no-javascript.spec.ts).
// The paint is the end of the rendering update that painted the text (`paintTime`, where the engine
// has it); `startTime` is when the screen showed it, which headless Chromium reports tens of ms later.
for (const path of ["/", "/locations/tampa"]) {
  test(`${path}: scripts are requested only after the first contentful paint`, async ({ page }) => {
    await page.goto(path);
    const { paint, scripts } = await page.evaluate(() => ({
      paint:
        performance
          .getEntriesByName("first-contentful-paint")
          .map(
            (entry) =>
              (entry as PerformanceEntry & { paintTime?: number }).paintTime ?? entry.startTime,
          )[0] ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(paint).not.toBeNull();
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.start, `${script.url} started before the first paint`).toBeGreaterThan(paint!);
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
