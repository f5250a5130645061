import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify, stripVTControlCharacters } from "node:util";
import { createClient } from "@supabase/supabase-js";
import { FREQUENCIES, PANE_RANGES } from "@/content/pricing";
import { ANON_KEY, delivery, expect, sqlText, test } from "./fixtures";
import { DENO_DIR, denoBinary, FUNCTION_DIR, missingTools } from "./tools";

const run = promisify(execFile);
const missing = missingTools();
test.skip(Boolean(missing), missing);

test("the function type-checks (deno check), lints clean (deno lint) and passes its unit tests (deno test)", async () => {
  test.setTimeout(120_000);
  const deno = denoBinary() ?? "deno";
  const env = { ...process.env, DENO_DIR, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" };
  await run(deno, ["check", "index.ts"], { cwd: FUNCTION_DIR, env });
  await run(deno, ["lint"], { cwd: FUNCTION_DIR, env });
  const { stdout } = await run(deno, ["test"], { cwd: FUNCTION_DIR, env });
  expect(stripVTControlCharacters(stdout)).toMatch(/ok \| \d+ passed \| 0 failed/);
});

test("only the function writes: RLS on, no policy, anon and authenticated have no privilege", async ({
  backend,
}) => {
  const [table] = await backend.cluster.rows(`
    select c.relrowsecurity as rls, (select count(*) from pg_policies where tablename = 'quote_requests') as policies,
      has_table_privilege('anon', c.oid, 'select, insert, update, delete') as anon,
      has_table_privilege('authenticated', c.oid, 'select, insert, update, delete') as authenticated,
      has_table_privilege('service_role', c.oid, 'select') and has_table_privilege('service_role', c.oid, 'insert')
        and has_table_privilege('service_role', c.oid, 'update') as service_role
    from pg_class c where c.oid = 'public.quote_requests'::regclass`);
  expect(table).toEqual({
    rls: true,
    policies: 0,
    anon: false,
    authenticated: false,
    service_role: true,
  });
  await expect(
    backend.cluster.psql({ sql: "set role anon; select count(*) from public.quote_requests" }),
  ).rejects.toThrow(/permission denied/);
});

test("CHECK constraints refuse what the site's schema refuses", async ({ backend }) => {
  const row = {
    idempotency_key: "'check-key'",
    name: "'Dana'",
    email: "'dana@example.com'",
    phone: "'8135550100'",
    address: "'12 Bayshore Blvd'",
    pane_count: "'0-25'",
    frequency: "'initial'",
    total_price: "275",
  };
  const insert = (patch: Record<string, string>) => {
    const values = { ...row, ...patch };
    return backend.cluster.psql({
      sql: `insert into public.quote_requests (${Object.keys(values).join(", ")}) values (${Object.values(values).join(", ")});
            delete from public.quote_requests where idempotency_key = ${values.idempotency_key}`,
    });
  };
  await insert({
    name: sqlText("x".repeat(100)),
    message: sqlText("m".repeat(1000)),
    stories: "'4+'",
    visit_earliest_date: "'2026-12-01'",
    visit_part_of_day: "'any'",
  });
  const refused: Array<Record<string, string>> = [
    { name: "''" },
    { name: sqlText("x".repeat(101)) },
    { name: "' Dana'" },
    { email: "'not-an-email'" },
    { email: sqlText(`${"a".repeat(244)}@example.com`) },
    { phone: sqlText("1".repeat(21)) },
    { address: "''" },
    { message: sqlText("m".repeat(1001)) },
    { pane_count: "'101-200'" },
    { frequency: "'weekly'" },
    { is_post_construction: "'maybe'" },
    { stories: "'5'" },
    { total_price: "-1" },
    { status: "'archived'" },
    { webhook_status: "'lost'" },
    { visit_earliest_date: "'2026-12-01'", visit_part_of_day: "'evening'" },
    { visit_earliest_date: "'2026-12-01'" },
    { visit_part_of_day: "'morning'" },
  ];
  for (const bad of refused) {
    await expect(insert(bad), JSON.stringify(bad)).rejects.toThrow(/violates check constraint/);
  }
});

test("bad input gets a 4xx with a JSON error and stores nothing", async ({ backend }) => {
  const id = randomUUID();
  const cases: Array<[unknown, number, string, string?]> = [
    [delivery({ id, name: "  " }), 400, "Name is required"],
    [delivery({ id, name: "x".repeat(101) }), 400, "Name must be less than 100 characters"],
    [delivery({ id, email: "nope" }), 400, "Invalid email address"],
    [delivery({ id, phone: "1".repeat(21) }), 400, "Phone must be less than 20 characters"],
    [delivery({ id, address: "" }), 400, "Address is required"],
    [delivery({ id, message: "m".repeat(1001) }), 400, "Message must be less than 1000 characters"],
    [delivery({ id, paneCount: "7" }), 400, "paneCount must be one of the pane ranges"],
    [delivery({ id, totalPrice: -5 }), 400, "totalPrice must be at least 0"],
    [delivery({ id, event: "delete" }), 400, 'event must be "create" or "update"'],
    [delivery({ id: "lead-1" }), 400, "id must be the lead's UUID"],
    ["{oops", 400, "The body must be valid JSON"],
    [delivery({ id }), 415, "Content-Type must be application/json", "text/plain"],
  ];
  for (const [body, status, error, contentType] of cases) {
    const response = await backend.deliver(body, { contentType });
    expect(response.status, error).toBe(status);
    expect(await response.json()).toEqual({ success: false, error });
  }
  expect(await backend.leads(`id = ${sqlText(id)}`)).toEqual([]);
});

test("every pane range and plan in the site's price table is accepted and stored", async ({
  backend,
}) => {
  const batch = randomUUID();
  for (const range of PANE_RANGES) {
    for (const frequency of FREQUENCIES) {
      const response = await backend.deliver(
        delivery({ paneCount: range.id, frequency, sourcePage: `/${batch}` }),
      );
      expect(response.status, `${range.id} ${frequency}`).toBe(201);
    }
  }
  const rows = await backend.leads(`source_page = ${sqlText(`/${batch}`)}`);
  expect(rows.map((row) => `${row.pane_count} ${row.frequency}`).sort()).toEqual(
    PANE_RANGES.flatMap((range) =>
      FREQUENCIES.map((frequency) => `${range.id} ${frequency}`),
    ).sort(),
  );
});

test("the same key twice, or five times at once, gives one row and the same id", async ({
  backend,
}) => {
  const key = randomUUID();
  const body = delivery();
  const first = await backend.deliver(body, { key });
  expect(first.status).toBe(201);
  const { id } = await first.json();
  const [before] = await backend.leads(`idempotency_key = ${sqlText(key)}`);

  const again = await backend.deliver({ ...body, name: "Someone Else" }, { key });
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ success: true, id });
  expect(await backend.leads(`idempotency_key = ${sqlText(key)}`)).toEqual([before]);

  const burstKey = randomUUID();
  const burstBody = delivery();
  const burst = await Promise.all(
    Array.from({ length: 5 }, () => backend.deliver(burstBody, { key: burstKey })),
  );
  const ids = new Set(await Promise.all(burst.map(async (response) => (await response.json()).id)));
  expect(burst.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
  expect(ids.size).toBe(1);
  expect(await backend.leads(`idempotency_key = ${sqlText(burstKey)}`)).toHaveLength(1);
});

test("without an Idempotency-Key the lead's id keys the row", async ({ backend }) => {
  const body = delivery();
  expect((await backend.deliver(body)).status).toBe(201);
  expect((await backend.deliver(body)).status).toBe(200);
  const rows = await backend.leads(`id = ${sqlText(body.id)}`);
  expect(rows.map((row) => row.idempotency_key)).toEqual([body.id]);
});

test("a key or an id already used by another lead is refused with 422 and changes nothing", async ({
  backend,
}) => {
  const key = randomUUID();
  const first = delivery();
  expect((await backend.deliver(first, { key })).status).toBe(201);
  const [before] = await backend.leads(`id = ${sqlText(first.id)}`);

  const otherLead = await backend.deliver(delivery(), { key });
  expect(otherLead.status).toBe(422);
  expect(await otherLead.json()).toEqual({
    success: false,
    error: "This Idempotency-Key was already used for another lead",
  });
  const otherKey = await backend.deliver(first, { key: randomUUID() });
  expect(otherKey.status).toBe(422);
  expect(await otherKey.json()).toEqual({
    success: false,
    error: "This lead id was already stored under another Idempotency-Key",
  });
  const update = await backend.deliver(
    { ...delivery(), isPostConstruction: "yes", stories: "1" },
    { key },
  );
  expect(update.status).toBe(422);
  expect(await backend.leads(`idempotency_key = ${sqlText(key)}`)).toEqual([before]);
});

test("steps 5-6 and a plan switch update the same row; a late duplicate create undoes nothing", async ({
  backend,
}) => {
  const key = randomUUID();
  const created = delivery({ frequency: "initial", totalPrice: 420 });
  const { id } = await (await backend.deliver(created, { key })).json();
  expect(id).toBe(created.id);

  // As the site sends it: no `event`, the answers make it an update.
  const answered = { ...created, isPostConstruction: "no", stories: "2" };
  expect(await (await backend.deliver(answered, { key })).json()).toEqual({ success: true, id });
  const switched = { ...answered, frequency: "monthly", totalPrice: 270 };
  const response = await backend.deliver(switched, { key });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ success: true, id });
  await backend.deliver(created, { key });

  const rows = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    id,
    name: created.name,
    email: created.email,
    phone: created.phone,
    address: created.address,
    message: created.message,
    pane_count: created.paneCount,
    frequency: "monthly",
    add_on_interior: true,
    add_on_screens: false,
    add_on_tracks: true,
    is_post_construction: "no",
    stories: "2",
    total_price: 270,
    source_page: "/",
    status: "new",
  });
  expect(Date.parse(String(rows[0]?.updated_at))).toBeGreaterThan(
    Date.parse(String(rows[0]?.created_at)),
  );
});

test("a visit window from the saved-quote page is stored, kept by later updates, and refused when malformed", async ({
  backend,
}) => {
  const key = randomUUID();
  const created = delivery({ event: "create" });
  await backend.deliver(created, { key });
  // The saved-quote page's update: steps 5-6 may still be unanswered, so it says it is one.
  const visitWindow = { earliestDate: "2026-12-01", partOfDay: "afternoon" };
  const asked = await backend.deliver({ ...created, event: "update", visitWindow }, { key });
  expect(asked.status).toBe(200);
  await backend.deliver({ ...created, event: "update", frequency: "monthly" }, { key });
  const [row] = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(row).toMatchObject({
    frequency: "monthly",
    visit_earliest_date: "2026-12-01",
    visit_part_of_day: "afternoon",
  });
  expect(backend.webhook.received).toContainEqual({
    event: "lead.updated",
    lead: expect.objectContaining({ id: created.id, frequency: "monthly", visitWindow }),
  });

  for (const [bad, message] of [
    [
      { earliestDate: "1 Dec", partOfDay: "any" },
      "visitWindow.earliestDate must be a date, YYYY-MM-DD",
    ],
    [
      { earliestDate: "2026-12-01", partOfDay: "evening" },
      'visitWindow.partOfDay must be "morning", "afternoon" or "any"',
    ],
    ["soon", "visitWindow must be an object of earliestDate and partOfDay"],
  ] as const) {
    const response = await backend.deliver({ ...delivery(), event: "update", visitWindow: bad });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: message });
  }
});

test("a failing CRM webhook is recorded on the row; the lead is kept and the answer is success", async ({
  backend,
}) => {
  const key = randomUUID();
  const body = delivery();
  backend.webhook.state.failing = true;
  try {
    const response = await backend.deliver(body, { key });
    expect(response.status).toBe(201);
    expect((await response.json()).success).toBe(true);
  } finally {
    backend.webhook.state.failing = false;
  }
  const [failed] = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(failed).toMatchObject({
    webhook_status: "failed",
    webhook_error: "HTTP 503 from the CRM webhook",
    webhook_attempts: 1,
  });

  // The relay's next delivery of the same lead passes it on once the CRM is back.
  expect((await backend.deliver(body, { key })).status).toBe(200);
  const [delivered] = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(delivered).toMatchObject({
    webhook_status: "delivered",
    webhook_error: null,
    webhook_attempts: 2,
  });
  expect(backend.webhook.received).toContainEqual({
    event: "lead.created",
    lead: expect.objectContaining({
      id: failed?.id,
      idempotencyKey: key,
      email: body.email,
      totalPrice: body.totalPrice,
    }),
  });
});

test("with PostgreSQL down the function answers 5xx, and the same delivery succeeds once it is back", async ({
  backend,
}) => {
  const key = randomUUID();
  const body = delivery();
  await backend.cluster.stop();
  try {
    const down = await backend.deliver(body, { key });
    expect(down.status).toBe(500);
    expect(await down.json()).toEqual({ success: false, error: "Could not store the lead" });
  } finally {
    await backend.cluster.start();
  }
  expect((await backend.deliver(body, { key })).status).toBe(201);
  expect(await backend.leads(`idempotency_key = ${sqlText(key)}`)).toHaveLength(1);
});

test("supabase-js functions.invoke reaches it at {SUPABASE_URL}/functions/v1/crm-lead", async ({
  backend,
}) => {
  const supabase = createClient(backend.supabaseUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const key = randomUUID();
  const body = delivery();
  const { data, error } = await supabase.functions.invoke("crm-lead", {
    body,
    headers: { "Idempotency-Key": key },
  });
  expect(error).toBeNull();
  expect(data).toEqual({ success: true, id: expect.any(String) });
  expect(await backend.leads(`idempotency_key = ${sqlText(key)}`)).toHaveLength(1);

  const refused = await supabase.functions.invoke("crm-lead", { body: { ...body, email: "nope" } });
  expect(refused.data).toBeNull();
  expect(refused.error?.name).toBe("FunctionsHttpError");

  const preflight = await fetch(`${backend.supabaseUrl}/functions/v1/crm-lead`, {
    method: "OPTIONS",
    headers: { Origin: "https://example.com", "Access-Control-Request-Method": "POST" },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
});
