import type { Page } from "@playwright/test";
import { ADD_ONS, PRICE_TABLE, formatUsd } from "@shared/content/pricing";
import { calculator, contactFor, continueStep, reachStepFive, uniqueName } from "../e2e/quote-flow";
import { answerColumns, expect, SECRET_KEY, sqlText, test } from "./fixtures";
import { missingTools } from "./tools";

const missing = missingTools();
test.skip(Boolean(missing), missing);

const addOnPrice = (id: (typeof ADD_ONS)[number]["id"]) =>
  ADD_ONS.find((addOn) => addOn.id === id)?.price ?? NaN;

/** From the home page's calculator to step 5: the smallest house, `plan`, no add-ons, as `name`. */
async function quoteFromHome(page: Page, url: string, name: string, plan: string) {
  await page.goto(url);
  await reachStepFive(page, { panes: "0-25", plan, addOns: [], contact: contactFor(name) });
}

test("a visitor's quote from the calculator reaches PostgreSQL with every field and the steps 5-6 update", async ({
  backend,
  site,
  page,
}) => {
  const name = uniqueName("supabase", "chromium");
  const contact = contactFor(name);
  await page.goto(`${site.url}/locations/tampa`);
  await reachStepFive(page, {
    panes: "41-60",
    plan: "Initial Clean",
    addOns: ["Interior Cleaning", "Track Cleaning"],
    contact,
  });
  const lead = () => backend.leads(`name = ${sqlText(name)}`);
  // Step 4 alone already made the row, with the later answers still open.
  await expect
    .poll(lead, { timeout: 15_000 })
    .toEqual([expect.objectContaining({ is_post_construction: null, stories: null })]);

  const form = calculator(page);
  await form.getByRole("radio", { name: /^No/ }).check();
  await continueStep(page);
  await form.getByRole("radio", { name: "2 stories" }).check();
  await form.getByRole("button", { name: "See My Price" }).click();
  await form.getByRole("button", { name: /^Quarterly/ }).click();
  const addOns = addOnPrice("interior") + addOnPrice("tracks");
  await expect(form.getByTestId("quote-total")).toHaveText(
    formatUsd(PRICE_TABLE["41-60"].quarterly + addOns),
  );

  await expect
    .poll(async () => (await lead())[0]?.frequency, { timeout: 15_000 })
    .toBe("quarterly");
  const rows = await lead();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    ...answerColumns({
      ...contact,
      paneCount: "41-60",
      frequency: "quarterly",
      addOns: { interior: true, screens: false, tracks: true },
      isPostConstruction: "no",
      stories: "2",
      totalPrice: PRICE_TABLE["41-60"].quarterly + addOns,
      sourcePage: "/locations/tampa",
    }),
    status: "new",
  });
  // Posted on to the CRM from the function's outbox, after its answer.
  await expect
    .poll(async () => (await lead())[0]?.webhook_status, { timeout: 15_000 })
    .toBe("delivered");

  // Every operation (the create under the lead's one Idempotency-Key, which the row keeps, then
  // the update and the plan switch of its id) went the way supabase-js sends it, with the project's
  // secret key. The gateway records a call when the function's answer reaches it,
  // which can be after the row is written: wait for it.
  const callsFor = (operation: string, mark: string) =>
    backend.gateway.calls.filter(
      (call) => call.path.endsWith(`/quotes/${operation}`) && call.body.includes(mark),
    );
  await expect
    .poll(() => callsFor("update", String(rows[0]?.id)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const calls = [
    ...callsFor("create", String(rows[0]?.idempotency_key)),
    ...callsFor("update", String(rows[0]?.id)),
  ];
  expect(calls.length).toBeGreaterThanOrEqual(3);
  for (const call of calls) {
    expect(call).toMatchObject({
      path: expect.stringMatching(/^\/functions\/v1\/crm-lead\/quotes\/(create|update)$/),
      headers: { apikey: SECRET_KEY },
    });
    expect(call.status).toBeLessThan(300);
  }
});

test("a plan switch made while the steps 5-6 update is slow ends on the switch: in PostgreSQL and the CRM", async ({
  backend,
  site,
  page,
}) => {
  test.setTimeout(90_000);
  const name = uniqueName("switch", "chromium");
  await quoteFromHome(page, site.url, name, "Initial Clean");
  const lead = () => backend.leads(`name = ${sqlText(name)}`);
  await expect.poll(async () => (await lead()).length, { timeout: 15_000 }).toBe(1);

  // "See My Price" sends steps 5-6 (the plan left alone, so not sent); that request is held on its way.
  let inFlight = 0;
  let most = 0;
  let releaseFirst = () => {};
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  await page.route("**/api/quote/*", async (route) => {
    const request = route.request();
    if (request.method() !== "PATCH") return route.continue();
    inFlight += 1;
    most = Math.max(most, inFlight);
    if (request.postDataJSON()?.frequency === undefined) await firstHeld;
    const response = await route.fetch();
    inFlight -= 1;
    await route.fulfill({ response });
  });
  const form = calculator(page);
  await form.getByRole("radio", { name: /^No/ }).check();
  await continueStep(page);
  await form.getByRole("radio", { name: "2 stories" }).check();
  await form.getByRole("button", { name: "See My Price" }).click();
  await expect.poll(() => inFlight, { timeout: 10_000 }).toBe(1);

  const switched = page
    .waitForRequest(
      (request) => request.method() === "PATCH" && request.postDataJSON()?.frequency === "monthly",
      { timeout: 3_000 },
    )
    .catch(() => null);
  await form.getByRole("button", { name: /^Monthly/ }).click();
  await expect(form.getByTestId("quote-total")).toHaveText(formatUsd(PRICE_TABLE["0-25"].monthly));
  // One at a time: the switch waits for the first answer, so it is not sent while that is held.
  expect(await switched).toBeNull();
  releaseFirst();

  await expect.poll(async () => (await lead())[0]?.frequency, { timeout: 15_000 }).toBe("monthly");
  expect(most).toBe(1);
  const [row] = await lead();
  expect(row).toMatchObject({ stories: "2", is_post_construction: "no" });
  await expect
    .poll(
      () =>
        (backend.webhook.accepted as Array<{ lead: { id: string; frequency: string } }>)
          .filter((post) => post.lead.id === row?.id)
          .at(-1)?.lead.frequency,
      { timeout: 15_000 },
    )
    .toBe("monthly");
});
