import { FREQUENCIES } from "@/content/pricing";
import { quoteTotal } from "@/lib/quote/pricing";
import { validQuote } from "../support/quote";
import { ANON_KEY, expect, sqlText, test } from "./fixtures";
import { missingTools } from "./tools";

const missing = missingTools();
test.skip(Boolean(missing), missing);

/** The site's own API, called as its page does (same origin), from `page`. */
function siteApi(
  siteUrl: string,
  path: string,
  init: { method: string; body: unknown; token?: string; page?: string },
) {
  return fetch(`${siteUrl}${path}`, {
    method: init.method,
    headers: {
      "Content-Type": "application/json",
      Origin: siteUrl,
      "Sec-Fetch-Site": "same-origin",
      Referer: `${siteUrl}${init.page ?? "/"}`,
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body),
  });
}

test("a quote sent to the site arrives in PostgreSQL with every field, then its steps 5-6 update", async ({
  backend,
  site,
}) => {
  const quote = validQuote({ totalPrice: 1 });
  const created = await siteApi(site.url, "/api/quote", {
    method: "POST",
    body: quote,
    page: "/locations/tampa",
  });
  expect(created.status).toBe(201);
  const { id, token } = await created.json();

  const row = () => backend.leads(`id = ${sqlText(id)}`).then((rows) => rows[0]);
  await expect.poll(row, { timeout: 15_000 }).toMatchObject({
    id,
    idempotency_key: expect.any(String),
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    address: quote.address,
    message: quote.message,
    pane_count: quote.paneCount,
    frequency: quote.frequency,
    add_on_interior: quote.addOns.interior,
    add_on_screens: quote.addOns.screens,
    add_on_tracks: quote.addOns.tracks,
    is_post_construction: null,
    stories: null,
    // The site's own price, not the 1 the request claimed.
    total_price: quoteTotal(quote.paneCount, quote.frequency, quote.addOns),
    source_page: "/locations/tampa",
    status: "new",
  });

  const plan = FREQUENCIES.find((frequency) => frequency !== quote.frequency) ?? "initial";
  const updated = await siteApi(site.url, `/api/quote/${id}`, {
    method: "PATCH",
    body: { isPostConstruction: "no", stories: "4+", frequency: plan },
    token,
  });
  expect(updated.status).toBe(200);
  await expect.poll(row, { timeout: 15_000 }).toMatchObject({
    id,
    name: quote.name,
    is_post_construction: "no",
    stories: "4+",
    frequency: plan,
    total_price: quoteTotal(quote.paneCount, plan, quote.addOns),
  });
  expect(await backend.leads(`id = ${sqlText(id)}`)).toHaveLength(1);

  // The site reached the function the way supabase-js does, with the project's key.
  const calls = backend.gateway.calls.filter((call) => call.body.includes(id));
  expect(calls.map((call) => [call.path, call.status])).toEqual([
    ["/functions/v1/crm-lead", 201],
    ["/functions/v1/crm-lead", 200],
  ]);
  for (const call of calls) expect(call.headers.apikey).toBe(ANON_KEY);
});

// Needs issue 6's outbox relay: until it lands the site forwards each lead once, and a lead whose
// one attempt met a stopped PostgreSQL stays in the inbox only. Flip to `test` when it lands.
test.fixme("with PostgreSQL stopped the site still acknowledges, and the lead arrives once it is back", async ({
  backend,
  site,
}) => {
  test.setTimeout(90_000);
  const quote = validQuote({ name: "Outage Visitor" });
  await backend.cluster.stop();
  let id: string;
  try {
    const created = await siteApi(site.url, "/api/quote", { method: "POST", body: quote });
    expect(created.status).toBe(201);
    ({ id } = await created.json());
    // The site tried, and the function answered 5xx: the lead is only in the site's inbox.
    await expect
      .poll(
        () => backend.gateway.calls.some((call) => call.body.includes(id) && call.status === 500),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  } finally {
    await backend.cluster.start();
  }
  await expect
    .poll(() => backend.leads(`id = ${sqlText(id)}`), { timeout: 60_000 })
    .toEqual([expect.objectContaining({ id, name: quote.name, email: quote.email })]);
});
