import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify, stripVTControlCharacters } from "node:util";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { ADD_ONS, FREQUENCIES, PANE_RANGES, PRICE_TABLE } from "@shared/content/pricing";
import { addOnSelection, quoteTotal } from "@shared/quote/pricing";
import { acceptedVisitDates } from "@/lib/quote/closed-days";
import type { StoreOperation } from "@shared/leads/store-contract";
import {
  answerColumns,
  createRequest,
  expect,
  idempotency,
  operationPath,
  OTHER_SECRET_KEY,
  resultOf,
  SECRET_KEY,
  sheetCheaperBy,
  sqlText,
  test,
  updateRequest,
} from "./fixtures";
import { SAMPLE_ATTRIBUTION } from "../support/quote";
import { newSecretKey } from "./stack";
import { MIGRATIONS_DIR, SUPABASE_BASELINE } from "../../scripts/postgres/cluster.ts";
import { DENO_DIR, denoBinary, FUNCTION_DIR, missingTools } from "./tools";

const run = promisify(execFile);

/**
 * The lead's row once the CRM has it: the post goes from the outbox after the answer and records
 * itself on the row, so a row read before it would differ from one read after.
 */
async function postedToCrm(
  backend: { leads: (where: string) => Promise<Array<Record<string, unknown>>> },
  where: string,
) {
  await expect
    .poll(async () => (await backend.leads(where))[0]?.webhook_status, { timeout: 15_000 })
    .toBe("delivered");
  return (await backend.leads(where))[0];
}

const missing = missingTools();
test.skip(Boolean(missing), missing);

test("the function type-checks (deno check), lints clean (deno lint) and passes its unit tests (deno test)", async () => {
  test.setTimeout(120_000);
  const deno = denoBinary() ?? "deno";
  const env = { ...process.env, DENO_DIR, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" };
  await run(deno, ["check", "index.ts"], { cwd: FUNCTION_DIR, env });
  await run(deno, ["lint"], { cwd: FUNCTION_DIR, env });
  // The modules it shares with the site (their Vitest tests are the site's, linted by ESLint).
  await run(deno, ["lint", "_shared", "--ignore=_shared/**/*.test.ts"], {
    cwd: path.dirname(FUNCTION_DIR),
    env,
  });
  const { stdout } = await run(deno, ["test"], { cwd: FUNCTION_DIR, env });
  expect(stripVTControlCharacters(stdout)).toMatch(/ok \| \d+ passed \| 0 failed/);
});

test("only the function and the store's own role write: RLS on, a policy for lead_store alone, anon and authenticated have no privilege", async ({
  backend,
}) => {
  for (const name of [
    "quote_requests",
    "lead_idempotency_keys",
    "rate_limit_buckets",
    "lead_outbox",
  ]) {
    const [table] = await backend.cluster.rows(`
      select c.relrowsecurity as rls, (select count(*) from pg_policies where tablename = '${name}' and roles <> '{lead_store}'::name[]) as policies,
        has_table_privilege('anon', c.oid, 'select, insert, update, delete') as anon,
        has_table_privilege('authenticated', c.oid, 'select, insert, update, delete') as authenticated,
        has_table_privilege('service_role', c.oid, 'select') and has_table_privilege('service_role', c.oid, 'insert')
          and has_table_privilege('service_role', c.oid, 'update') as service_role
      from pg_class c where c.oid = 'public.${name}'::regclass`);
    expect(table, name).toEqual({
      rls: true,
      policies: 0,
      anon: false,
      authenticated: false,
      service_role: true,
    });
    await expect(
      backend.cluster.psql({ sql: `set role anon; select count(*) from public.${name}` }),
    ).rejects.toThrow(/permission denied/);
  }
  // The rate limits' counter: anon could otherwise spend any client's requests through the API.
  const take = "public.take_rate_limit_token(text, text, integer, integer)";
  const [execute] = await backend.cluster.rows(`
    select has_function_privilege('anon', '${take}', 'execute') as anon,
      has_function_privilege('authenticated', '${take}', 'execute') as authenticated,
      has_function_privilege('service_role', '${take}', 'execute') as service_role`);
  expect(execute).toEqual({ anon: false, authenticated: false, service_role: true });
  // The signed requests' nonces are gone with the signatures (the secret key replaced them).
  const [nonces] = await backend.cluster.rows(
    "select to_regclass('public.signed_request_nonces') as nonces",
  );
  expect(nonces).toEqual({ nonces: null });
});

/** The last migration deployments ran before the shared store (LEADS_STORE=supabase). */
const DEPLOYED = "20261201080000_signed_requests_price_lock.sql";

test("a deployment on an earlier schema upgrades: its leads are kept, priced as before, and the shared store's tables come empty", async ({
  backend,
}) => {
  const database = "upgrade_check";
  const migrations = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const deployed = migrations.indexOf(DEPLOYED);
  expect(deployed).toBeGreaterThan(0);
  expect(migrations.length).toBeGreaterThan(deployed + 1);
  const inDatabase = (sql: string) => backend.cluster.psql({ sql, database });
  const apply = async (files: string[]) => {
    for (const file of files) {
      await backend.cluster.psql({ file: path.join(MIGRATIONS_DIR, file), database });
    }
  };
  await backend.cluster.psql({ sql: `drop database if exists ${database}`, transaction: false });
  // CREATE DATABASE cannot run in psql's single transaction: a statement of its own.
  await backend.cluster.psql({ sql: `create database ${database}`, transaction: false });
  try {
    // Supabase's default privileges are per database; its roles already exist in the cluster.
    await backend.cluster.psql({ file: SUPABASE_BASELINE, database });
    // A lead from before price sheets were kept, then the schema deployments run today.
    await apply(migrations.slice(0, deployed));
    await inDatabase(`insert into public.quote_requests
      (id, idempotency_key, name, email, phone, address, pane_count, frequency, total_price)
      values ('11111111-2222-4333-8444-555555555555', 'legacy-key', 'Dana', 'dana@example.com',
              '8135550100', '12 Bayshore Blvd', '0-25', 'initial', 199)`);
    await apply([DEPLOYED]);
    await inDatabase(`insert into public.quote_requests
      (id, idempotency_key, name, email, phone, address, pane_count, frequency, total_price,
       webhook_status, price_sheet)
      values ('22222222-2222-4333-8444-555555555555', 'forwarded-key', 'Lee', 'lee@example.com',
              '8135550101', '14 Bayshore Blvd', '26-40', 'monthly', 145, 'failed',
              '{"plans": {}, "addOns": {}}')`);
    await apply(migrations.slice(deployed + 1));
    const rows = await backend.cluster.rows(
      `select idempotency_key, total_price, price_sheet is not null as sheet, webhook_status,
         token_hash, spam_reason, client_total_price
       from public.quote_requests order by idempotency_key`,
      database,
    );
    const kept = { token_hash: null, spam_reason: null, client_total_price: null };
    expect(rows).toEqual([
      {
        idempotency_key: "forwarded-key",
        total_price: 145,
        sheet: true,
        webhook_status: "failed",
        ...kept,
      },
      {
        idempotency_key: "legacy-key",
        total_price: 199,
        sheet: false,
        webhook_status: "not_configured",
        ...kept,
      },
    ]);
    const [counts] = await backend.cluster.rows(
      `select (select count(*) from public.lead_idempotency_keys) as keys,
         (select count(*) from public.rate_limit_buckets) as buckets`,
      database,
    );
    expect(counts).toEqual({ keys: 0, buckets: 0 });
  } finally {
    await backend.cluster.psql({ sql: `drop database ${database}`, transaction: false });
  }
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
    { token_hash: "'not-a-hash'" },
    { spam_reason: "''" },
    { client_total_price: "-1" },
    { visit_earliest_date: "'2026-12-01'", visit_part_of_day: "'evening'" },
    { visit_earliest_date: "'2026-12-01'" },
    { visit_part_of_day: "'morning'" },
    { price_sheet: `'[]'` },
    { price_sheet: `'{"plans": 1, "addOns": {}}'` },
  ];
  for (const bad of refused) {
    await expect(insert(bad), JSON.stringify(bad)).rejects.toThrow(/violates check constraint/);
  }
});

test("the function trusts nobody: without one of the project's secret keys, or from a browser, refused; nothing stored", async ({
  backend,
}) => {
  const email = `trusts-nobody-${randomUUID()}@example.com`;
  const request = createRequest({ email });
  const path = operationPath("create");
  const noKey = "The request has no apikey: the lead function takes the project's secret key";
  const wrongKey = "The apikey is not one of the project's secret keys";
  const cases: Array<[Promise<Response>, string]> = [
    [backend.quotes("create", request, { key: null }), noKey],
    [backend.quotes("create", request, { key: newSecretKey() }), wrongKey],
    // The publishable key, which browsers may hold, is not a secret key.
    [backend.quotes("create", request, { key: "sb_publishable_abc" }), wrongKey],
  ];
  for (const [response, error] of cases) {
    const answer = await response;
    expect(answer.status, error).toBe(401);
    expect(await answer.json()).toEqual({ success: false, error });
  }
  const preflight = await fetch(`${backend.supabaseUrl}${path}`, {
    method: "OPTIONS",
    headers: { Origin: "https://example.com", "Access-Control-Request-Method": "POST" },
  });
  expect(preflight.status).toBe(403);
  expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  const fromPage = await fetch(`${backend.supabaseUrl}${path}`, {
    method: "POST",
    headers: {
      apikey: SECRET_KEY,
      "Content-Type": "application/json",
      Origin: "https://example.com",
    },
    body: JSON.stringify(request),
  });
  expect(fromPage.status).toBe(403);
  expect(await fromPage.json()).toEqual({
    success: false,
    error: "Browsers may not call this function",
  });
  expect(await backend.leads(`email = ${sqlText(email)}`)).toEqual([]);

  // With the key, the site's request gets in.
  expect(await resultOf(await backend.quotes("create", request))).toMatchObject({
    status: "created",
  });
  expect(await backend.leads(`email = ${sqlText(email)}`)).toHaveLength(1);
});

test("each of the project's secret keys gets in: a key rotated in works before the old one goes", async ({
  backend,
}) => {
  const email = `rotating-${randomUUID()}@example.com`;
  const response = await backend.quotes("create", createRequest({ email }), {
    key: OTHER_SECRET_KEY,
  });
  expect(await resultOf(response)).toMatchObject({ status: "created" });
  expect(await backend.leads(`email = ${sqlText(email)}`)).toHaveLength(1);
});

test("bad input gets a 4xx with the site's message and stores nothing", async ({ backend }) => {
  const email = `bad-input-${randomUUID()}@example.com`;
  const create = (quote: Record<string, unknown>) => createRequest({ email, ...quote });
  const lead = { id: randomUUID(), token: "t" };
  const cases: Array<[StoreOperation, unknown, number, string, string?]> = [
    ["create", create({ name: "  " }), 400, "Name is required"],
    ["create", create({ email: "nope" }), 400, "Invalid email address"],
    ["create", create({ paneCount: "7" }), 400, "Choose a pane count range"],
    ["create", create({ totalPrice: -5 }), 400, "totalPrice must not be negative"],
    ["create", create({ name: "a\u0000b" }), 400, "Text must not contain NUL characters"],
    ["update", updateRequest(lead, {}), 400, "The update changes nothing"],
    ["update", updateRequest(lead, { frequency: "weekly" }), 400, "Choose a service plan"],
    ["create", "{oops", 400, "The body must be valid JSON"],
    ["create", create({}), 415, "Content-Type must be application/json", "text/plain"],
  ];
  for (const [operation, body, status, error, contentType] of cases) {
    const response = await backend.quotes(operation, body, { contentType });
    expect(response.status, error).toBe(status);
    expect(await response.json()).toEqual({ success: false, error });
  }
  expect(await backend.leads(`email = ${sqlText(email)}`)).toEqual([]);
});

test("every choice of the site's price table is stored at the site's price, whatever price is sent", async ({
  backend,
}) => {
  const batch = randomUUID();
  const expected: string[] = [];
  for (const range of PANE_RANGES) {
    for (const frequency of FREQUENCIES) {
      // Each add-on alone, so every price of the table is read once.
      for (const addOn of [null, ...ADD_ONS]) {
        const addOns = addOnSelection((id) => id === addOn?.id);
        await backend.createLead(
          { paneCount: range.id, frequency, addOns, totalPrice: 1 },
          { sourcePage: `/${batch}` },
        );
        expected.push(
          `${range.id} ${frequency} ${addOn?.id ?? "-"} ${quoteTotal(range.id, frequency, addOns)}`,
        );
      }
    }
  }
  const rows = await backend.leads(`source_page = ${sqlText(`/${batch}`)}`);
  const addOnOf = (row: Record<string, unknown>) =>
    ADD_ONS.find((addOn) => row[`add_on_${addOn.id}`] === true)?.id ?? "-";
  expect(
    rows
      .map((row) => `${row.pane_count} ${row.frequency} ${addOnOf(row)} ${row.total_price}`)
      .sort(),
  ).toEqual(expected.sort());
  expect(rows.every((row) => row.client_total_price === 1)).toBe(true);
});

test("the same Idempotency-Key twice, or five times at once, gives one row and the same id; another request under it updates that row", async ({
  backend,
}) => {
  const key = randomUUID();
  const request = createRequest({}, { idempotency: idempotency(key) });
  const first = await resultOf(await backend.quotes("create", request));
  expect(first.status).toBe("created");
  const { id } = first.lead as { id: string };
  const before = await postedToCrm(backend, `idempotency_key = ${sqlText(key)}`);

  expect(await resultOf(await backend.quotes("create", request))).toEqual({
    status: "replayed",
    id,
    token: first.token,
    linkEmailed: first.linkEmailed,
    version: 1,
  });
  // The same key with another request (the site hashes what it was sent): the session's lead,
  // updated (a copied tab's submit, docs/leads.md, "One session, one lead"), never a second row.
  const other = createRequest(
    { name: "Someone Else" },
    { idempotency: { key, requestHash: "another request" } },
  );
  expect(await resultOf(await backend.quotes("create", other))).toMatchObject({
    status: "merged",
    lead: { id, name: "Someone Else", version: 2 },
    token: first.token,
  });
  expect(await backend.leads(`idempotency_key = ${sqlText(key)}`)).toEqual([
    expect.objectContaining({ id: before?.id, name: "Someone Else" }),
  ]);

  const burstKey = randomUUID();
  const burstRequest = createRequest({}, { idempotency: idempotency(burstKey) });
  const burst = await Promise.all(
    Array.from({ length: 5 }, async () => resultOf(await backend.quotes("create", burstRequest))),
  );
  expect(burst.map((result) => result.status).sort()).toEqual([
    "created",
    "replayed",
    "replayed",
    "replayed",
    "replayed",
  ]);
  const ids = new Set(
    burst.map((result) => (result.lead as { id: string } | undefined)?.id ?? result.id),
  );
  expect(ids.size).toBe(1);
  expect(await backend.leads(`idempotency_key = ${sqlText(burstKey)}`)).toHaveLength(1);
});

test("steps 5-6 and a plan switch update the same row; a late replay of the create undoes nothing", async ({
  backend,
}) => {
  const key = randomUUID();
  const request = createRequest({ frequency: "initial" }, { idempotency: idempotency(key) });
  const created = await resultOf(await backend.quotes("create", request));
  const lead = { id: (created.lead as { id: string }).id, token: String(created.token) };

  const answered = { isPostConstruction: "no", stories: "2" } as const;
  expect(await backend.updateLead(lead, answered)).toMatchObject({
    status: "updated",
    lead: { id: lead.id, ...answered },
  });
  expect(await backend.updateLead(lead, { frequency: "monthly" })).toMatchObject({
    status: "updated",
    lead: { id: lead.id, frequency: "monthly" },
  });
  expect(await resultOf(await backend.quotes("create", request))).toMatchObject({
    status: "replayed",
    id: lead.id,
  });

  const rows = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(rows).toHaveLength(1);
  const { quote } = request;
  expect(rows[0]).toMatchObject({
    id: lead.id,
    ...answerColumns({
      ...quote,
      ...answered,
      frequency: "monthly",
      message: quote.message ?? "",
      totalPrice: quoteTotal(quote.paneCount, "monthly", quote.addOns),
      sourcePage: "/",
    }),
    status: "new",
    version: 3,
  });
  expect(Date.parse(String(rows[0]?.updated_at))).toBeGreaterThan(
    Date.parse(String(rows[0]?.created_at)),
  );
});

test("a plan or add-on change is priced from the table the quote was made with (the price lock)", async ({
  backend,
}) => {
  const lead = await backend.createLead({ paneCount: "41-60", frequency: "initial" });
  const [row] = await backend.leads(`id = ${sqlText(lead.id)}`);
  expect(row?.price_sheet).toEqual({
    plans: PRICE_TABLE,
    addOns: Object.fromEntries(ADD_ONS.map((addOn) => [addOn.id, addOn.price])),
  });
  // The quote was made when every price was $7 lower than today's table.
  const before = (usd: number) => usd - 7;
  const dayOfQuote = sheetCheaperBy(7);
  await backend.cluster.psql({
    sql: `update public.quote_requests set price_sheet = ${sqlText(JSON.stringify(dayOfQuote))}
          where id = ${sqlText(lead.id)}`,
  });

  // Steps 5-6 move no price; a plan switch and an add-on change are priced from that day's table.
  await backend.updateLead(lead, { isPostConstruction: "no", stories: "1" });
  expect((await backend.leads(`id = ${sqlText(lead.id)}`))[0]?.total_price).toBe(row?.total_price);
  const addOns = addOnSelection(() => true);
  expect(await backend.updateLead(lead, { frequency: "monthly", addOns })).toMatchObject({
    status: "updated",
  });
  const [after] = await backend.leads(`id = ${sqlText(lead.id)}`);
  expect(after?.total_price).toBe(
    before(PRICE_TABLE["41-60"].monthly) +
      ADD_ONS.reduce((sum, addOn) => sum + before(addOn.price), 0),
  );
  expect(after?.price_sheet).toEqual(dayOfQuote);

  // A lead stored before sheets were kept: its first change takes today's table, which it keeps.
  const legacy = await backend.createLead();
  const { quote } = createRequest();
  await backend.cluster.psql({
    sql: `update public.quote_requests set price_sheet = null, total_price = 1
          where id = ${sqlText(legacy.id)}`,
  });
  await backend.updateLead(legacy, { stories: "2" });
  expect(await backend.leads(`id = ${sqlText(legacy.id)}`)).toEqual([
    expect.objectContaining({ total_price: 1, price_sheet: null, stories: "2" }),
  ]);
  await backend.updateLead(legacy, { frequency: "monthly" });
  expect(await backend.leads(`id = ${sqlText(legacy.id)}`)).toEqual([
    expect.objectContaining({
      total_price: quoteTotal(quote.paneCount, "monthly", quote.addOns),
      price_sheet: row?.price_sheet,
    }),
  ]);
});

test("a visit window from the saved-quote page is stored, kept by later updates, and refused when malformed", async ({
  backend,
}) => {
  const lead = await backend.createLead();
  const [earliestDate = ""] = acceptedVisitDates(new Date());
  const visitWindow = { earliestDate, partOfDay: "afternoon" } as const;
  expect(await backend.updateLead(lead, { visitWindow })).toMatchObject({ status: "updated" });
  await backend.updateLead(lead, { frequency: "monthly" });
  const [row] = await backend.leads(`id = ${sqlText(lead.id)}`);
  expect(row).toMatchObject({
    frequency: "monthly",
    visit_earliest_date: earliestDate,
    visit_part_of_day: "afternoon",
  });
  // Posted from the outbox after the answer.
  await expect
    .poll(() => backend.webhook.accepted, { timeout: 10_000 })
    .toContainEqual({
      event: "lead.updated",
      lead: expect.objectContaining({ id: lead.id, frequency: "monthly", visitWindow }),
    });

  for (const [bad, message] of [
    [{ earliestDate: "1 Dec", partOfDay: "any" }, "Choose an earliest date for the visit"],
    [{ earliestDate: "2026-02-30", partOfDay: "any" }, "Choose an earliest date for the visit"],
    [{ earliestDate, partOfDay: "evening" }, "Choose morning, afternoon or any time"],
    ["soon", "The visit window must be an object of earliestDate and partOfDay"],
  ] as const) {
    const response = await backend.quotes("update", updateRequest(lead, { visitWindow: bad }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: message });
  }
});

test("a lead's attribution is stored with it, kept by updates, and refused when malformed", async ({
  backend,
}) => {
  const attribution = SAMPLE_ATTRIBUTION;
  const lead = await backend.createLead({ attribution });
  await backend.updateLead(lead, { frequency: "monthly" });
  const [row] = await backend.leads(`id = ${sqlText(lead.id)}`);
  expect(row).toMatchObject({ frequency: "monthly", attribution });
  // The CRM gets it with the lead (the create and the update may go as one post of the newest).
  await expect
    .poll(() => backend.webhook.accepted, { timeout: 10_000 })
    .toContainEqual(
      expect.objectContaining({
        lead: expect.objectContaining({ id: lead.id, frequency: "monthly", attribution }),
      }),
    );
  const without = await backend.createLead();
  expect((await backend.leads(`id = ${sqlText(without.id)}`))[0]).toMatchObject({
    attribution: null,
  });

  for (const [bad, message] of [
    [{ gclid: "g".repeat(201) }, "gclid must be at most 200 characters"],
    [{ utm_source: "a\u0000b" }, "utm_source must be printable text"],
    [{ referrer: "ftp://example.com/" }, "referrer must be an http(s) URL"],
    [{ landingPage: "//evil.example/" }, "landingPage must be a path on this site"],
  ] as const) {
    const response = await backend.quotes("create", createRequest({ attribution: bad }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: message });
  }
});

test("with PostgreSQL down the function answers 5xx, and the same request succeeds once it is back", async ({
  backend,
}) => {
  const key = randomUUID();
  const request = createRequest({}, { idempotency: idempotency(key) });
  await backend.cluster.stop();
  try {
    const down = await backend.quotes("create", request);
    expect(down.status).toBe(500);
    expect(await down.json()).toEqual({ success: false, error: "Could not store the lead" });
  } finally {
    await backend.cluster.start();
  }
  expect(await resultOf(await backend.quotes("create", request))).toMatchObject({
    status: "created",
  });
  expect(await backend.leads(`idempotency_key = ${sqlText(key)}`)).toHaveLength(1);
});

test("supabase-js functions.invoke reaches it at {SUPABASE_URL}/functions/v1/crm-lead/quotes/create with the secret key", async ({
  backend,
}) => {
  const invoke = (key: string, body: object) =>
    createClient(backend.supabaseUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false },
    }).functions.invoke("crm-lead/quotes/create", { body });
  const email = `invoked-${randomUUID()}@example.com`;
  const { data, error } = await invoke(SECRET_KEY, createRequest({ email }));
  expect(error).toBeNull();
  expect(data).toMatchObject({ success: true, result: { status: "created" } });
  expect(await backend.leads(`email = ${sqlText(email)}`)).toHaveLength(1);

  // A client on another key, the publishable one say, opens nothing.
  const refused = await invoke("sb_publishable_abc", createRequest());
  expect(refused.data).toBeNull();
  expect(refused.error?.name).toBe("FunctionsHttpError");
  expect(refused.response?.status).toBe(401);
});
