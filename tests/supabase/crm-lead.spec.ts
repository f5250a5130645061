import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify, stripVTControlCharacters } from "node:util";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { ADD_ONS, FREQUENCIES, PANE_RANGES, PRICE_TABLE } from "@shared/content/pricing";
import { signatureHeaders } from "@shared/leads/request-signature";
import { addOnSelection, quoteTotal } from "@shared/quote/pricing";
import {
  ANON_KEY,
  answerColumns,
  delivery,
  expect,
  FUNCTION_PATH,
  PREVIOUS_SIGNING_SECRET,
  signed,
  SIGNING_SECRET,
  sheetCheaperBy,
  sqlText,
  test,
} from "./fixtures";
import { SAMPLE_ATTRIBUTION } from "../support/quote";
import { newSigningSecret } from "./stack";
import { MIGRATIONS_DIR, SUPABASE_BASELINE } from "../../scripts/postgres/cluster.ts";
import { DENO_DIR, denoBinary, FUNCTION_DIR, missingTools } from "./tools";

const run = promisify(execFile);

/** The site's signature as it would have been made at `now` (a request held back). */
async function signatureAt(text: string, key: string, now: number) {
  return signatureHeaders(
    SIGNING_SECRET,
    {
      method: "POST",
      path: FUNCTION_PATH,
      idempotencyKey: key,
      body: text,
    },
    { now },
  );
}
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

test("only the function writes: RLS on, no policy, anon and authenticated have no privilege", async ({
  backend,
}) => {
  for (const name of [
    "quote_requests",
    "signed_request_nonces",
    "lead_idempotency_keys",
    "rate_limit_buckets",
    "lead_outbox",
  ]) {
    const [table] = await backend.cluster.rows(`
      select c.relrowsecurity as rls, (select count(*) from pg_policies where tablename = '${name}') as policies,
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

test("the function trusts nobody: unsigned, forged, stale, replayed or from a browser, refused; nothing stored", async ({
  backend,
}) => {
  const body = delivery();
  const text = JSON.stringify(body);
  const key = randomUUID();
  const stale = Date.now() - 10 * 60 * 1000;
  const cases: Array<[Promise<Response>, number, string]> = [
    [backend.deliver(body, { key, secret: null }), 401, "The request is not signed"],
    [
      backend.deliver(body, { key, secret: newSigningSecret() }),
      401,
      "The signature does not match",
    ],
    // Signed for one body, sent with another: a price changed on the way.
    [
      backend.deliver({ ...body, totalPrice: 1 }, { key, signature: await signed(text, key) }),
      401,
      "The signature does not match",
    ],
    [
      backend.deliver(body, {
        key,
        signature: await signatureAt(text, key, stale),
      }),
      401,
      "The signature's timestamp is more than 300 seconds from the function's clock",
    ],
  ];
  for (const [response, status, error] of cases) {
    const answer = await response;
    expect(answer.status, error).toBe(status);
    expect(await answer.json()).toEqual({ success: false, error });
  }
  const preflight = await fetch(`${backend.supabaseUrl}${FUNCTION_PATH}`, {
    method: "OPTIONS",
    headers: { Origin: "https://example.com", "Access-Control-Request-Method": "POST" },
  });
  expect(preflight.status).toBe(403);
  expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  const fromPage = await fetch(`${backend.supabaseUrl}${FUNCTION_PATH}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${ANON_KEY}`,
      "Content-Type": "application/json",
      Origin: "https://example.com",
      "Idempotency-Key": key,
      ...(await signed(text, key)),
    },
    body: text,
  });
  expect(fromPage.status).toBe(403);
  expect(await fromPage.json()).toEqual({
    success: false,
    error: "Browsers may not call this function",
  });
  expect(await backend.leads(`id = ${sqlText(body.id)}`)).toEqual([]);

  // The site's own request gets in once; the very same request sent again does not.
  const signature = await signed(text, key);
  expect((await backend.deliver(body, { key, signature })).status).toBe(201);
  const replay = await backend.deliver(body, { key, signature });
  expect(replay.status).toBe(401);
  expect(await replay.json()).toEqual({
    success: false,
    error: "This signed request was already received",
  });
  expect(await backend.leads(`id = ${sqlText(body.id)}`)).toHaveLength(1);
});

test("while the secret rotates, the previous one is still accepted", async ({ backend }) => {
  const body = delivery();
  const response = await backend.deliver(body, { secret: PREVIOUS_SIGNING_SECRET });
  expect(response.status).toBe(201);
  expect(await backend.leads(`id = ${sqlText(body.id)}`)).toHaveLength(1);
});

test("bad input gets a 4xx with the site's message and stores nothing", async ({ backend }) => {
  const id = randomUUID();
  const cases: Array<[unknown, number, string, string?]> = [
    [delivery({ id, name: "  " }), 400, "Name is required"],
    [delivery({ id, name: "x".repeat(101) }), 400, "Name must be at most 100 characters"],
    [delivery({ id, email: "nope" }), 400, "Invalid email address"],
    [delivery({ id, phone: "1".repeat(21) }), 400, "Phone must be at most 20 characters"],
    [delivery({ id, address: "" }), 400, "Address is required"],
    [delivery({ id, message: "m".repeat(1001) }), 400, "Message must be at most 1000 characters"],
    [delivery({ id, paneCount: "7" }), 400, "Choose a pane count range"],
    [delivery({ id, totalPrice: -5 }), 400, "totalPrice must not be negative"],
    [delivery({ id, event: "delete" }), 400, 'event must be "create" or "update"'],
    [delivery({ id, name: "a\u0000b" }), 400, "Text must not contain NUL characters"],
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
        const response = await backend.deliver(
          delivery({
            paneCount: range.id,
            frequency,
            addOns,
            totalPrice: 1,
            sourcePage: `/${batch}`,
          }),
        );
        expect(response.status, `${range.id} ${frequency} ${addOn?.id}`).toBe(201);
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
});

test("the same key twice, or five times at once, gives one row and the same id", async ({
  backend,
}) => {
  const key = randomUUID();
  const body = delivery();
  const first = await backend.deliver(body, { key });
  expect(first.status).toBe(201);
  const { id } = await first.json();
  const before = await postedToCrm(backend, `idempotency_key = ${sqlText(key)}`);

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
  const before = await postedToCrm(backend, `id = ${sqlText(first.id)}`);

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
  const created = delivery({ frequency: "initial" });
  const { id } = await (await backend.deliver(created, { key })).json();
  expect(id).toBe(created.id);

  // As the site sends it: no `event`, the answers make it an update.
  const answered = { ...created, event: "update", isPostConstruction: "no", stories: "2" };
  expect(await (await backend.deliver(answered, { key })).json()).toEqual({ success: true, id });
  const switched = { ...answered, event: "update", frequency: "monthly" };
  const response = await backend.deliver(switched, { key });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ success: true, id });
  await backend.deliver(created, { key });

  const rows = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    id,
    ...answerColumns({
      ...switched,
      totalPrice: quoteTotal(created.paneCount, "monthly", created.addOns),
    }),
    status: "new",
  });
  expect(Date.parse(String(rows[0]?.updated_at))).toBeGreaterThan(
    Date.parse(String(rows[0]?.created_at)),
  );
});

test("a plan or add-on change is priced from the table the quote was made with (the price lock)", async ({
  backend,
}) => {
  const key = randomUUID();
  const created = delivery({ paneCount: "41-60", frequency: "initial" });
  expect((await backend.deliver(created, { key })).status).toBe(201);
  const [row] = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(row?.price_sheet).toEqual({
    plans: PRICE_TABLE,
    addOns: Object.fromEntries(ADD_ONS.map((addOn) => [addOn.id, addOn.price])),
  });
  // The quote was made when every price was $7 lower than today's table.
  const before = (usd: number) => usd - 7;
  const dayOfQuote = sheetCheaperBy(7);
  await backend.cluster.psql({
    sql: `update public.quote_requests set price_sheet = ${sqlText(JSON.stringify(dayOfQuote))}
          where idempotency_key = ${sqlText(key)}`,
  });

  // Steps 5-6 move no price; a plan switch and an add-on change are priced from that day's table.
  const answered = { ...created, event: "update", isPostConstruction: "no", stories: "1" };
  await backend.deliver(answered, { key });
  expect((await backend.leads(`idempotency_key = ${sqlText(key)}`))[0]?.total_price).toBe(
    row?.total_price,
  );
  const addOns = addOnSelection(() => true);
  const switched = { ...answered, frequency: "monthly", addOns };
  expect((await backend.deliver(switched, { key })).status).toBe(200);
  const [after] = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(after?.total_price).toBe(
    before(PRICE_TABLE["41-60"].monthly) +
      ADD_ONS.reduce((sum, addOn) => sum + before(addOn.price), 0),
  );
  expect(after?.price_sheet).toEqual(dayOfQuote);

  // A lead stored before sheets were kept: its first change takes today's table, which it keeps.
  const legacyKey = randomUUID();
  const legacy = delivery();
  await backend.deliver(legacy, { key: legacyKey });
  await backend.cluster.psql({
    sql: `update public.quote_requests set price_sheet = null, total_price = 1
          where idempotency_key = ${sqlText(legacyKey)}`,
  });
  await backend.deliver({ ...legacy, event: "update", stories: "2" }, { key: legacyKey });
  expect(await backend.leads(`idempotency_key = ${sqlText(legacyKey)}`)).toEqual([
    expect.objectContaining({ total_price: 1, price_sheet: null, stories: "2" }),
  ]);
  await backend.deliver({ ...legacy, event: "update", frequency: "monthly" }, { key: legacyKey });
  expect(await backend.leads(`idempotency_key = ${sqlText(legacyKey)}`)).toEqual([
    expect.objectContaining({
      total_price: quoteTotal(legacy.paneCount, "monthly", legacy.addOns),
      price_sheet: row?.price_sheet,
    }),
  ]);
});

test("a visit window from the saved-quote page is stored, kept by later updates, and refused when malformed", async ({
  backend,
}) => {
  const key = randomUUID();
  const created = delivery();
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
  // Posted from the outbox after the answer.
  await expect
    .poll(() => backend.webhook.accepted, { timeout: 10_000 })
    .toContainEqual({
      event: "lead.updated",
      lead: expect.objectContaining({ id: created.id, frequency: "monthly", visitWindow }),
    });

  for (const [bad, message] of [
    [{ earliestDate: "1 Dec", partOfDay: "any" }, "Choose an earliest date for the visit"],
    [{ earliestDate: "2026-02-30", partOfDay: "any" }, "Choose an earliest date for the visit"],
    [{ earliestDate: "2026-12-01", partOfDay: "evening" }, "Choose morning, afternoon or any time"],
    ["soon", "The visit window must be an object of earliestDate and partOfDay"],
  ] as const) {
    const response = await backend.deliver({ ...delivery(), event: "update", visitWindow: bad });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: message });
  }
});

test("a forwarded lead's attribution is stored with it, kept by updates, and refused when malformed", async ({
  backend,
}) => {
  const key = randomUUID();
  const attribution = SAMPLE_ATTRIBUTION;
  const created = delivery({ attribution });
  expect((await backend.deliver(created, { key })).status).toBe(201);
  await backend.deliver({ ...created, event: "update", frequency: "monthly" }, { key });
  const [row] = await backend.leads(`idempotency_key = ${sqlText(key)}`);
  expect(row).toMatchObject({ frequency: "monthly", attribution });
  // The CRM gets it with the lead (the create and the update may go as one post of the newest).
  await expect
    .poll(() => backend.webhook.accepted, { timeout: 10_000 })
    .toContainEqual(
      expect.objectContaining({
        lead: expect.objectContaining({ id: created.id, frequency: "monthly", attribution }),
      }),
    );
  const without = delivery();
  await backend.deliver(without);
  expect((await backend.leads(`id = ${sqlText(without.id)}`))[0]).toMatchObject({
    attribution: null,
  });

  for (const [bad, message] of [
    [{ gclid: "g".repeat(201) }, "gclid must be at most 200 characters"],
    [{ utm_source: "a\u0000b" }, "utm_source must be printable text"],
    [{ referrer: "ftp://example.com/" }, "referrer must be an http(s) URL"],
    [{ landingPage: "//evil.example/" }, "landingPage must be a path on this site"],
  ] as const) {
    const response = await backend.deliver(delivery({ attribution: bad }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: message });
  }
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

test("supabase-js functions.invoke reaches it at {SUPABASE_URL}/functions/v1/crm-lead, signed as the site signs", async ({
  backend,
}) => {
  const supabase = createClient(backend.supabaseUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const key = randomUUID();
  const text = JSON.stringify(delivery());
  const invoke = async (body: string, headers: Record<string, string> = {}) =>
    supabase.functions.invoke("crm-lead", {
      body,
      headers: { "Content-Type": "application/json", "Idempotency-Key": key, ...headers },
    });
  const { data, error } = await invoke(text, await signed(text, key));
  expect(error).toBeNull();
  expect(data).toEqual({ success: true, id: expect.any(String) });
  expect(await backend.leads(`idempotency_key = ${sqlText(key)}`)).toHaveLength(1);

  // The anon key alone, which Supabase treats as public, opens nothing.
  const unsigned = await invoke(JSON.stringify(delivery()));
  expect(unsigned.data).toBeNull();
  expect(unsigned.error?.name).toBe("FunctionsHttpError");
  expect(unsigned.response?.status).toBe(401);
});
