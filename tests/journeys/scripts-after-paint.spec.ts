import { expect, test, visit } from "./journey";

/**
 * The page's scripts start right after its first frame in every engine, never on a timer
 * (scripts/build/after-paint.ts). Firefox ESR reports no first contentful paint on a city page
 * opened at #contact, where a loader waiting for one made the visitor wait for its 4 s fallback.
 */
test("a city page opened at #contact loads its scripts right after the first frame, with no timer to wait on", async ({
  openPage,
}) => {
  const page = await openPage();
  await page.evaluateOnNewDocument(() => {
    // No timer of a second or more ever fires here: a loader that needed one never loads.
    const setTimer = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
      (delay ?? 0) >= 1000 ? 0 : setTimer(handler, delay, ...rest)) as typeof window.setTimeout;
    const frames = window as unknown as { firstFrameAt: number };
    requestAnimationFrame(() => (frames.firstFrameAt = performance.now()));
  });
  await visit(page, "/locations/tampa#contact");
  const { firstFrame, firstScript } = await page.evaluate(() => ({
    firstFrame: (window as unknown as { firstFrameAt: number }).firstFrameAt,
    firstScript: Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(firstScript, "the scripts were requested before the first frame").toBeGreaterThan(
    firstFrame,
  );
});
