import { expect, test } from "@playwright/test";
import { LOCATIONS } from "@/content/locations";
import { PLANS } from "@/content/plans";
import { installObservatory, observatoryGrade } from "../../scripts/security/observatory";

/**
 * Mozilla HTTP Observatory's own tests and grading, on the built site's responses for each page
 * type: A+ (100 or more), with the two tests of the host platform left out (README, "Security
 * headers"; scripts/security/observatory.ts).
 */
const PAGES = {
  home: "/",
  city: `/locations/${LOCATIONS[0]!.slug}`,
  plan: `/${PLANS[0]!.slug}`,
  "blog index": "/blog",
  article: "/blog/how-often-clean-windows-tampa-bay",
  // The hosted Observatory refuses to scan a 404; its tests still grade the headers.
  "404": "/no-such-page/here",
};

test.beforeAll(() => {
  // First run only: npm installs the package into .tools/observatory.
  test.setTimeout(120_000);
  installObservatory();
});

for (const [type, path] of Object.entries(PAGES)) {
  test(`Mozilla Observatory grades the ${type} page A+`, async ({ baseURL }) => {
    const result = await observatoryGrade(new URL(path, baseURL).href);
    console.log(
      `observatory ${type}: ${result.grade} (${result.score}); with the platform's tests ${result.full.grade} (${result.full.score})`,
    );
    const failing = Object.entries(result.tests).filter(
      ([, test]) => test.counted && test.modifier < 0,
    );
    expect(failing).toEqual([]);
    expect(result.tests["content-security-policy"]?.result).toBe(
      "csp-implemented-with-unsafe-inline-in-style-src-only",
    );
    expect(result.grade).toBe("A+");
    expect(result.score).toBeGreaterThanOrEqual(100);
  });
}
