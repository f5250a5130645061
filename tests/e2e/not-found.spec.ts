import { ANY_SCREEN, expect, test } from "./test";

// The not-found page's answer, words and head: only its header changes with the screen.

test(
  "an unknown path answers 404, says so, links home and logs the path",
  ANY_SCREEN,
  async ({ page }) => {
    const logs: string[] = [];
    page.on("console", (message) => logs.push(message.text()));
    const response = await page.goto("/no-such-page/here");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Oops! Page not found" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect.poll(() => logs.some((line) => line.includes("/no-such-page/here"))).toBe(true);
    // The shared header and footer are there, so a visitor can carry on.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  },
);

test("the not-found page is kept out of search results", ANY_SCREEN, async ({ page }) => {
  await page.goto("/missing");
  const robots = page.locator('meta[name="robots"]');
  await expect(robots).toHaveCount(1);
  await expect(robots).toHaveAttribute("content", /noindex/);
  await expect(page).toHaveTitle(/^Page not found/);
});
