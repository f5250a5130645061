import { randomBytes, randomUUID } from "node:crypto";
import { crmOutbox, mailOutbox } from "@shared/leads/outbox";
import { connectPool } from "@shared/leads/pool";
import { performOperation, postgresQuoteStore } from "@shared/leads/quote-store";
import { purgeExpired } from "@shared/leads/retention";
import { STORE_DEADLINE_MS } from "@shared/leads/store-contract";
import { migrate, SITE_ROLE } from "../../scripts/postgres/cluster.ts";
import { databaseUrl } from "../support/test-postgres";
import { expectLeastPrivilege } from "../support/site-role";
import { createRequest, expect, MAIL_TIMING, test, updateRequest } from "./fixtures";
import { missingTools } from "./tools";

/**
 * The lead store's login role (migration 20261214100000_lead_store_role.sql; docs/security.md,
 * "The database role"), made where Supabase's API roles already are and by a role like Supabase's
 * `postgres` (CREATEROLE, the tables' owner, no superuser), as `supabase db push` applies it.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);

/** Every grant lead_store holds in `database`, as `object: privileges` lines. */
const GRANTS = `
  select table_name || ': ' || string_agg(privilege_type, ',' order by privilege_type) as grant
    from information_schema.table_privileges where grantee = '${SITE_ROLE}' group by table_name
  union all
  select 'function ' || p.proname || ': EXECUTE' from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and has_function_privilege('${SITE_ROLE}', p.oid, 'execute')
  union all
  select 'schema ' || nspname || ': USAGE' from pg_namespace
    where has_schema_privilege('${SITE_ROLE}', oid, 'usage')
      and nspname not like 'pg\\_%' and nspname <> 'information_schema'
  order by 1`;

test("the migrations, applied as Supabase's postgres role, give lead_store only what the store's code uses: a whole quote is stored, changed, read, posted, mailed and purged as it, and it cannot touch the schema, a lead's existence or what is not its own", async ({
  backend,
}) => {
  const { cluster } = backend;
  const suffix = randomBytes(4).toString("hex");
  const password = randomBytes(16).toString("hex");
  const owner = `supabase_owner_${suffix}`;
  const database = `role_${suffix}`;
  for (const statement of [
    `create role ${owner} login createrole password '${password}'`,
    `create database ${database} owner ${owner}`, // no transaction: one statement each
    `alter role ${SITE_ROLE} password '${password}'`,
  ]) {
    await cluster.psql({ sql: statement, transaction: false });
  }
  const asRole = (role: string) => {
    const url = new URL(databaseUrl(cluster.url, database));
    url.username = role;
    url.password = password;
    return url.href;
  };
  await migrate(asRole(owner));

  expect(
    await cluster.rows(
      `select rolcanlogin, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls, rolreplication,
        (select count(*)::int from pg_auth_members where member = r.oid) as memberships
       from pg_roles r where rolname = '${SITE_ROLE}'`,
    ),
  ).toEqual([
    {
      rolcanlogin: true,
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolbypassrls: false,
      rolreplication: false,
      memberships: 0,
    },
  ]);
  expect((await cluster.rows(GRANTS, database)).map((row) => row.grant)).toEqual([
    "function take_rate_limit_token: EXECUTE",
    "lead_idempotency_keys: DELETE,INSERT,SELECT,UPDATE",
    "lead_outbox: DELETE,INSERT,SELECT,UPDATE",
    "quote_requests: INSERT,SELECT,UPDATE",
    "rate_limit_buckets: DELETE,INSERT,SELECT,UPDATE",
    "schema public: USAGE",
  ]);

  const sql = connectPool(asRole(SITE_ROLE));
  try {
    const quotes = postgresQuoteStore(sql, { webhookConfigured: true, mail: MAIL_TIMING });
    const deadline = () => Date.now() + STORE_DEADLINE_MS;
    const email = `role-${randomUUID()}@example.com`;
    const created = await performOperation(quotes, "create", createRequest({ email }), deadline());
    if (!("result" in created) || created.result.status !== "created") {
      throw new Error(`not created: ${JSON.stringify(created)}`);
    }
    const lead = { id: created.result.lead.id, token: created.result.token };
    const finished = { isPostConstruction: "no", stories: "2" };
    const update = updateRequest(lead, finished);
    expect(await performOperation(quotes, "update", update, deadline())).toMatchObject({
      result: { status: "updated" },
    });
    const view = { ...lead, limit: { client: `c-${suffix}`, capacity: 10, windowMs: 60_000 } };
    expect(await performOperation(quotes, "view", view, deadline())).toMatchObject({
      result: { status: "found", lead: { stories: "2" } },
    });
    const crm = crmOutbox({ sql, webhookUrl: backend.webhook.url, log: () => undefined });
    expect(await crm.drain()).toEqual({ sent: 1, retry: 0, dead: 0 });
    // The visitor's confirmation falls due once the settle time has passed.
    const mail = mailOutbox(sql, MAIL_TIMING);
    let claimed: Awaited<ReturnType<typeof mail.claim>> = [];
    await expect.poll(async () => (claimed = await mail.claim(10)).length).toBeGreaterThan(0);
    const [visitor] = claimed;
    expect(visitor?.lead.email).toBe(email);
    const report = { id: visitor!.id, leaseId: visitor!.leaseId, version: visitor!.lead.version };
    expect(await mail.report({ ...report, outcome: { ok: true } })).toBe("sent");
    const aYearOn = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
    expect((await purgeExpired(sql, aYearOn)).idempotencyRecords).toBe(0);
  } finally {
    await sql.end();
  }
  await expectLeastPrivilege(asRole(SITE_ROLE));
});
