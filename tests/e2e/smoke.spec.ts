import { expect, test } from "@playwright/test";

test("the home page names the business", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Suncoast Shine");
});
