import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test";

/** WCAG 2.2 AA, and the A and AA rules of every earlier version it includes. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the page (or the part `include` selects, less what `exclude` selects): no violation. */
export async function expectNoViolations(page: Page, include?: string, exclude?: string) {
  // Mid-transition colours are not what a visitor reads: let transitions (a toast fading in) finish.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (include) builder.include(include);
  if (exclude) builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const summary = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(" ")} ${node.failureSummary ?? ""}`,
    ),
  );
  expect(summary).toEqual([]);
}
