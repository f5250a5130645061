import { expect, test } from "./test";
import { SITE, TEL_HREF } from "@/content/site";
import { calculator } from "./quote-flow";

// Without JavaScript the calculator cannot work (docs/calculator.md, "The section around it").
test.use({ javaScriptEnabled: false });

for (const path of ["/", "/locations/largo"]) {
  test(`${path} without JavaScript: a call with the number instead of a calculator that cannot work`, async ({
    page,
  }) => {
    await page.goto(`${path}#contact`);
    const section = calculator(page);
    // Playwright's text matching skips <noscript>: the notice is found by its role.
    const notice = section.getByRole("note");
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(
      `Without JavaScript, call ${SITE.phone.display} for your quote.`,
    );
    await expect(notice.getByRole("link", { name: SITE.phone.display })).toHaveAttribute(
      "href",
      TEL_HREF,
    );
    await expect(section.getByText(`We reply within ${SITE.responseHours} hours.`)).toBeVisible();
    // No pane card to tap above a Continue that would never answer.
    await expect(section.getByRole("radio")).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Continue" })).toHaveCount(0);
  });
}
