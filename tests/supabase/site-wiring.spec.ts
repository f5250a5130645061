import type { Page } from "@playwright/test";
import { ADD_ONS, PRICE_TABLE, formatUsd } from "@shared/content/pricing";
import { calculator, contactFor, continueStep, reachStepFive, uniqueName } from "../e2e/quote-flow";
import { ANON_KEY, answerColumns, expect, sqlText, test } from "./fixtures";
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

  // Every delivery (create, update, plan switch) went the way supabase-js sends it, with the
  // project's key and the lead's one Idempotency-Key, which the row keeps, signed with the secret. The gateway records a
  // call when the function's answer reaches it, which can be after the row is written: wait for it.
  const callsFor = () =>
    backend.gateway.calls.filter((call) => call.body.includes(String(rows[0]?.id)));
  await expect.poll(() => callsFor().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  const calls = callsFor();
  for (const call of calls) {
    expect(call).toMatchObject({
      path: "/functions/v1/crm-lead",
      headers: {
        apikey: ANON_KEY,
        "idempotency-key": rows[0]?.idempotency_key,
        "x-signature": expect.stringMatching(/^v1=/),
      },
    });
    expect(call.status).toBeLessThan(300);
  }
});

// The outbox relay retries the function (5xx while PostgreSQL is down) until the lead gets through.
test("with PostgreSQL stopped the site still acknowledges the visitor, and the lead arrives once it is back", async ({
  backend,
  site,
  page,
}) => {
  test.setTimeout(90_000);
  const name = uniqueName("outage", "chromium");
  await backend.cluster.stop();
  try {
    // The success toast and step 5: acknowledged from the site's own inbox.
    await quoteFromHome(page, site.url, name, "Monthly");
    await expect
      .poll(
        () => backend.gateway.calls.some((call) => call.body.includes(name) && call.status === 500),
        {
          message: "the site tried the function while PostgreSQL was down",
          timeout: 15_000,
        },
      )
      .toBe(true);
  } finally {
    await backend.cluster.start();
  }
  await expect
    .poll(() => backend.leads(`name = ${sqlText(name)}`), { timeout: 60_000 })
    .toEqual([expect.objectContaining({ name, pane_count: "0-25", frequency: "monthly" })]);
  // The failed call and the one that got through carried the same key, so the function deduped.
  // The gateway records the successful call once the function's answer reaches it, which can be
  // after the row is written: wait for that record too.
  const callsFor = () => backend.gateway.calls.filter((call) => call.body.includes(name));
  await expect
    .poll(() => callsFor().some((call) => call.status < 300), {
      message: "the gateway recorded the call that got through",
      timeout: 15_000,
    })
    .toBe(true);
  const keys = callsFor().map((call) => call.headers["idempotency-key"]);
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
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

  // "See My Price" sends steps 5-6 with the plan (Initial Clean); that request is held on its way.
  let inFlight = 0;
  let most = 0;
  let releaseFirst = () => {};
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  await page.route("**/api/quote/*", async (route) => {
    const request = route.request();
    if (request.method() !== "PATCH") return route.continue();
    inFlight += 1;
    most = Math.max(most, inFlight);
    if (request.postDataJSON()?.frequency === "initial") await firstHeld;
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
