import { expect, test } from "@playwright/test";
import { ONE_PAGE_PER_TYPE } from "../support/page-types";
import { installObservatory, observatoryGrade } from "../../scripts/security/observatory";

/**
 * Mozilla HTTP Observatory's own tests and grading, on the built site's responses for each page
 * type: A+ (100 or more), with the two tests of the host platform left out (docs/security.md;
 * scripts/security/observatory.ts).
 */
const PAGES = ONE_PAGE_PER_TYPE;

test.beforeAll(() => {
  // First run only: npm installs the package into .tools/observatory.
  test.setTimeout(120_000);
  installObservatory();
});

for (const [type, path] of Object.entries(PAGES)) {
  test(`Mozilla Observatory grades the ${type} page A+`, async ({ baseURL }) => {
    const result = await observatoryGrade(new URL(path, baseURL).href);
    console.log(`observatory ${type}: ${result.grade} (${result.score})`);
    const failing = Object.entries(result.tests).filter(([, test]) => test.modifier < 0);
    expect(failing).toEqual([]);
    expect(result.tests["content-security-policy"]?.result).toBe(
      "csp-implemented-with-unsafe-inline-in-style-src-only",
    );
    expect(result.grade).toBe("A+");
    expect(result.score).toBeGreaterThanOrEqual(100);
  });
}
