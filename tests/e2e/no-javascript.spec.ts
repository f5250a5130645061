import { LOCATIONS } from "@/content/locations";
import { inlineScriptsKept, routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import { ONE_PAGE_PER_TYPE, prerenderedRoute } from "../support/page-types";
import { openMenu } from "./site-nav";
import { ANY_SCREEN, expect, scriptRequests, test, type Page } from "./test";

// Pages that ship no JavaScript (lib/pages-without-javascript.ts; docs/pages.md, "Pages without
// JavaScript"), in a browser with JavaScript on: nothing is fetched or run, and the page still
// works, its header menus included (native popovers).
const PAGES = Object.entries(ONE_PAGE_PER_TYPE).filter(([type]) =>
  routeWithoutJavaScript(prerenderedRoute(type as keyof typeof ONE_PAGE_PER_TYPE)),
);
const [city] = LOCATIONS;

/** The scripts a document holds that a browser would run: external URLs and inline texts. */
const executableScripts = (page: Page) =>
  page.evaluate(() =>
    [...document.scripts]
      .filter((script) => ["", "text/javascript", "module"].includes(script.type.toLowerCase()))
      .map((script) => script.src || script.text),
  );

test("the pages without JavaScript include every page type but the calculator's", () => {
  expect(PAGES.map(([type]) => type).sort()).toEqual(
    ["404", "article", "blog index", "locations hub", "plan", "service area"].sort(),
  );
});

for (const [type, path] of PAGES) {
  // One load carries both checks: what the page fetches and runs (the same on any screen, so run
  // on a phone too at no extra load), then its menu, which the screen changes.
  test(`the ${type} page fetches no script and runs none but its own, and its menu leads to a city page`, async ({
    page,
    isMobile,
  }) => {
    const fetched = scriptRequests(page);
    await page.goto(path);
    await test.step("it fetches no script and runs none but its own", async () => {
      await page.waitForLoadState("networkidle");
      expect(fetched).toEqual([]);
      expect((await executableScripts(page)).sort()).toEqual(
        [...inlineScriptsKept(prerenderedRoute(type as keyof typeof ONE_PAGE_PER_TYPE))].sort(),
      );
      // Neither Next's payload nor React ever ran.
      const framework = await page.evaluate(() => ({
        payload: "__next_f" in self,
        react: Object.keys(document.body).some((key) => key.startsWith("__react")),
      }));
      expect(framework).toEqual({ payload: false, react: false });
    });
    await test.step("its menu leads to a city page", async () => {
      const navigation = await openMenu(page, isMobile);
      // The city list: a popover on desktop, a disclosure inside the open menu on phones.
      if (isMobile) await navigation.getByText("Locations", { exact: true }).click();
      else await navigation.getByRole("button", { name: "Locations" }).click();
      const link = navigation.getByRole("link", { name: city.name, exact: true });
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(`/locations/${city.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(city.name);
    });
  });
}

test("the blog index links to its articles without a script", ANY_SCREEN, async ({ page }) => {
  await page.goto("/blog");
  const article = page.locator('main a[href^="/blog/"]').first();
  const href = await article.getAttribute("href");
  await article.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
