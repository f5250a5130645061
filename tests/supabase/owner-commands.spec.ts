import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { SITE } from "@/content/site";
import { migrate } from "../../scripts/postgres/cluster.ts";
import { readBackup, writeBackup } from "../../scripts/leads/backup";
import { datedBackupName } from "@/lib/leads/backups";
import { startSmtpSink } from "../support/smtp-sink";
import { DEFAULT_MAIL_TIMING } from "@shared/leads/mail-queue";
import { postgresQuoteStore, type CreateInput } from "@shared/leads/quote-store";
import { STORE_DEADLINE_MS } from "@shared/leads/store-contract";
import { quoteRequestSchema } from "@shared/quote/schema";
import { validQuote } from "../support/quote";
import { freePort } from "../support/processes";
import { TempCluster } from "./postgres";
import { missingTools, scriptWithSiteCode } from "./tools";

/**
 * The owner's commands on the PostgreSQL store (#43, item 6 and defects 1 and 5): each run as the
 * operator runs it (`npm run leads -- …`, scripts/leads.ts, with DATABASE_URL), against a throwaway
 * cluster whose leads were made by the store's own code (postgresQuoteStore).
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);
test.describe.configure({ mode: "serial" });

const ROLES = path.join(import.meta.dirname, "supabase-roles.sql");
const OLD_INBOX = path.join(import.meta.dirname, "old-inbox.sql");
let source: TempCluster;
let fresh: TempCluster;
let sql: postgres.Sql;
let dir: string;

/** A cluster with Supabase's roles (what the migrations grant to); `migrated`: and the schema. */
async function cluster(migrated: boolean): Promise<TempCluster> {
  const made = await TempCluster.create(await freePort());
  // Supabase's roles, which the migrations grant to (made by the embedded store's own migrate
  // once scripts/postgres/cluster.ts lands, which then replaces this file).
  if (existsSync(ROLES)) await made.psql({ file: ROLES });
  if (migrated) await migrate(made.url);
  return made;
}

/** `npm run leads -- …` on the store at `url`, as the operator runs it. */
async function leads(url: string | null, args: string[], env: Record<string, string> = {}) {
  const base: NodeJS.ProcessEnv = {
    NODE_ENV: "development",
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // An embedded store's folder that must never be made by a command on another store.
    LEADS_DATA_DIR: path.join(dir, "never-made"),
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  };
  try {
    const { stdout, stderr } = await scriptWithSiteCode(["scripts/leads.ts", ...args], {
      env: base,
      timeout: 60_000,
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? "", err: failed.stderr ?? "" };
  }
}

const store = (on: postgres.Sql) =>
  postgresQuoteStore(on, { webhookConfigured: true, mail: DEFAULT_MAIL_TIMING });

const limit = () => ({ client: randomBytes(16).toString("hex"), capacity: 100, windowMs: 600_000 });

async function createLead(
  on: postgres.Sql,
  overrides: Parameters<typeof validQuote>[0] = {},
  spamReason: string | null = null,
) {
  const input: CreateInput = {
    quote: quoteRequestSchema.parse(validQuote(overrides)),
    idempotency: null,
    sourcePage: "/",
    spamReason,
    linkEmailed: true,
    limit: limit(),
    leadLimit: limit(),
  };
  const { result } = await store(on).create(input, Date.now() + STORE_DEADLINE_MS);
  if (result.status !== "created") throw new Error(`expected a new lead, got ${result.status}`);
  return { id: result.lead.id, token: result.token };
}

async function changePlan(
  on: postgres.Sql,
  lead: { id: string; token: string },
  frequency: "monthly" | "quarterly" | "biannual",
) {
  const { result } = await store(on).update(
    {
      id: lead.id,
      token: lead.token,
      update: { frequency },
      timeZone: SITE.timeZone,
      limit: limit(),
      leadLimit: limit(),
      baseVersion: null,
      idempotency: null,
      linkEmailed: true,
    },
    Date.now() + STORE_DEADLINE_MS,
  );
  return result;
}

/** One CSV line's cells (RFC 4180: quoted cells may hold commas and doubled quotes). */
const csvCells = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell = ""]) =>
    cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
  );

const version = async (on: postgres.Sql, id: string) =>
  Number((await on`select version from public.quote_requests where id = ${id}`)[0]?.version);

/** Every lead as stored, but its version, by id. */
async function leadRows(on: postgres.Sql) {
  const rows = await on`select * from public.quote_requests order by id`;
  return rows.map(({ version: _version, ...rest }) => rest);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(tmpdir(), "owner-commands-"));
  source = await cluster(true);
  fresh = await cluster(false);
  sql = postgres(source.url, { max: 2, onnotice: () => undefined });
});

test.afterAll(async () => {
  await sql?.end();
  await source?.destroy();
  await fresh?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

let campaign: { id: string; token: string };
let flagged: { id: string; token: string };

test("list, show, release, retry, export and preview act on the PostgreSQL store", async () => {
  test.setTimeout(180_000);
  campaign = await createLead(sql, {
    name: "Campaign Lead",
    attribution: { utm_source: "google", utm_campaign: "spring", gclid: "abc123" },
  });
  flagged = await createLead(sql, { name: "Bot Lead" }, "the hidden honeypot field was filled in");
  // Received at noon on the Fourth of July in Tampa (16:00 UTC): the export says 12:00:00.
  await sql`update public.quote_requests set created_at = '2026-07-04T16:00:00Z' where id = ${campaign.id}`;

  const list = await leads(source.url, ["list"]);
  expect(list.code, list.err).toBe(0);
  expect(list.out).toContain("Campaign Lead");
  expect(list.out).toContain("1 lead, newest first");
  expect(list.out).toContain("1 more flagged as spam");

  const show = await leads(source.url, ["show", campaign.id.slice(0, 8)]);
  expect(show.code, show.err).toBe(0);
  expect(show.out).toMatch(new RegExp(`^ID:\\s+${campaign.id}$`, "m"));
  expect(show.out).toMatch(/^gclid:\s+abc123$/m);
  expect(show.out).toContain("Jul 4, 2026, 12:00 PM EDT");

  const unknown = await leads(source.url, ["show", "ffffffff"]);
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('No lead with ID "ffffffff"');

  // No CRM_WEBHOOK_URL here (on Supabase it is the function's secret): the store's own CRM posts
  // say it posts to a CRM.
  const released = await leads(source.url, ["release", flagged.id.slice(0, 8)]);
  expect(released.code, released.err).toBe(0);
  expect(released.out).toContain("Released lead");
  expect(released.out).toContain("CRM: queued");
  expect(released.out).toContain("Visitor: their confirmation e-mail is queued, with the link");
  const [held] =
    await sql`select spam_reason, webhook_status from public.quote_requests where id = ${flagged.id}`;
  expect(held).toEqual({ spam_reason: null, webhook_status: "pending" });
  expect((await leads(source.url, ["release", flagged.id])).code).toBe(1);

  // The CRM refused the campaign lead's post for good, recorded as the CRM outbox records it.
  const refusal = "HTTP 410 from the CRM webhook";
  await sql.begin(async (tx) => {
    await tx`
      update public.quote_requests set webhook_status = 'failed', webhook_error = ${refusal}
      where id = ${campaign.id}`;
    await tx`
      update public.lead_outbox set status = 'dead', attempts = 1, last_error = ${refusal}
      where lead_id = ${campaign.id} and channel = 'crm'`;
  });
  const failed = await leads(source.url, ["list", "--failed"]);
  expect(failed.out).toContain("Campaign Lead");
  expect(failed.out).toContain("HTTP 410");
  const retried = await leads(source.url, ["retry", campaign.id.slice(0, 8)]);
  expect(retried.code, retried.err).toBe(0);
  expect(retried.out).toContain("Queued 1 again");
  const [owed] =
    await sql`select status from public.lead_outbox where lead_id = ${campaign.id} and channel = 'crm'`;
  expect(owed?.status).toBe("pending");
  const nothing = await leads(source.url, ["retry", "--all"]);
  expect(nothing.code).toBe(1);
  expect(nothing.err).toContain("Nothing was refused");

  const csv = await leads(source.url, ["export", "--csv"]);
  expect(csv.code, csv.err).toBe(0);
  const [header, ...rows] = csv.out.trimEnd().split("\r\n");
  const columns = csvCells(header ?? "");
  expect(columns).toEqual(expect.arrayContaining(["utm_source", "gclid", "landing_page"]));
  expect(rows).toHaveLength(2);
  const row = csvCells(rows.find((line) => line.startsWith(campaign.id)) ?? "");
  const cell = (name: string) => row[columns.indexOf(name)];
  expect(cell("utm_source")).toBe("google");
  expect(cell("gclid")).toBe("abc123");
  expect(cell(`created_at (${SITE.timeZone})`)).toBe("2026-07-04 12:00:00");

  const preview = await leads(source.url, ["preview", campaign.id.slice(0, 8)]);
  expect(preview.code, preview.err).toBe(0);
  expect(preview.out).toContain("=== To the owner ===");
  expect(preview.out).toContain("=== To the visitor ===");
  expect(existsSync(path.join(dir, "never-made"))).toBe(false);
});

test("backup then restore into a fresh store gives every lead back; a change after it is not stale (defect 1)", async () => {
  test.setTimeout(240_000);
  const file = path.join(dir, "leads.backup.gz");
  // A visitor within the price lock (the campaign lead was received in July).
  const visitor = await createLead(sql, { name: "Changes After The Backup" });
  const atBackup = await leadRows(sql);
  const owedAtBackup = await sql`
    select lead_id::text as lead, kind from public.lead_outbox where status = 'pending' order by id`;
  expect(owedAtBackup).toContainEqual({ lead: visitor.id, kind: "owner" });
  const backup = await leads(source.url, ["backup", file]);
  expect(backup.code, backup.err).toBe(0);
  expect(backup.out).toContain("It holds 3 leads");
  expect(backup.out).toContain("Checked: restored into a scratch database");
  expect(statSync(file).size).toBeGreaterThan(0);
  // The same store named by SUPABASE_DB_URL (the project's, as copied from its dashboard): the
  // backup also says what Supabase keeps itself.
  const viaSupabase = await leads(null, ["backup", path.join(dir, "supabase.backup")], {
    SUPABASE_DB_URL: source.url,
  });
  expect(viaSupabase.code, viaSupabase.err).toBe(0);
  expect(viaSupabase.out).toContain("(SUPABASE_DB_URL, 127.0.0.1:");
  expect(viaSupabase.out).toContain("Supabase backs the project up too, daily");
  // The scratch databases of the checks are gone.
  expect(
    await source.rows("select datname from pg_database where datname like 'leads_backup_check_%'"),
  ).toEqual([]);

  // After the backup the visitor changes plans twice: the CRM is posted versions up to 3.
  expect((await changePlan(sql, visitor, "monthly")).status).toBe("updated");
  expect((await changePlan(sql, visitor, "quarterly")).status).toBe("updated");
  const reached = await version(sql, visitor.id);
  expect(reached).toBe(3);
  const late = await createLead(sql, { name: "After The Backup" });

  const restored = await leads(fresh.url, ["restore", file]);
  expect(restored.code, restored.err).toBe(0);
  expect(restored.out).toContain("3 leads");
  // What the snapshot owed may have gone out since (#51, item 5): held and listed, never resent.
  expect(restored.out).toContain(`Held ${owedAtBackup.length} of what the snapshot owed`);
  expect(restored.out).toMatch(
    new RegExp(
      `${visitor.id.slice(0, 8)}  Changes After The Backup: the owner's "New quote request" e-mail`,
    ),
  );
  const onFresh = postgres(fresh.url, { max: 2, onnotice: () => undefined });
  try {
    const [pending] = await onFresh`
      select count(*)::int as n from public.lead_outbox where status = 'pending'`;
    expect(pending?.n).toBe(0);
    const failed = await leads(fresh.url, ["list", "--failed"]);
    expect(failed.out).toContain("Changes After The Backup");
    expect(failed.out).toContain("held by a restore");
    // The owner checked: the visitor's e-mails did not go. `retry` sends them.
    const visitorOwed = owedAtBackup.filter((row) => row.lead === visitor.id).length;
    const retried = await leads(fresh.url, ["retry", visitor.id.slice(0, 8)]);
    expect(retried.code, retried.err).toBe(0);
    expect(retried.out).toContain(`Queued ${visitorOwed} again`);
    expect(
      await onFresh`
      select kind from public.lead_outbox where status = 'pending' and lead_id = ${visitor.id}
      order by id`,
    ).toEqual(owedAtBackup.filter((row) => row.lead === visitor.id).map(({ kind }) => ({ kind })));
    expect(await leadRows(onFresh)).toEqual(atBackup);
    // The saved-quote link still opens the quote: the token's hash came back.
    const viewed = await store(onFresh).view(
      { id: visitor.id, token: visitor.token, limit: limit() },
      Date.now() + STORE_DEADLINE_MS,
    );
    expect(viewed.result.status).toBe("found");
    // The visitor's next change: stored, queued for the CRM above every version it was posted.
    expect((await changePlan(onFresh, visitor, "biannual")).status).toBe("updated");
    const after = await version(onFresh, visitor.id);
    expect(after).toBeGreaterThan(reached);
    const posts = await onFresh`
      select version from public.lead_outbox
      where lead_id = ${visitor.id} and channel = 'crm' order by id desc limit 1`;
    expect(Number(posts[0]?.version)).toBe(after);
  } finally {
    await onFresh.end();
  }

  // Into the store it came from: refused while it holds leads, then replaced whole.
  const refused = await leads(source.url, ["restore", file]);
  expect(refused.code).toBe(1);
  expect(refused.err).toContain("already holds 4 leads");
  const replaced = await leads(source.url, ["restore", file, "--replace"]);
  expect(replaced.code, replaced.err).toBe(0);
  const ids = (await sql`select id from public.quote_requests`).map((row) => String(row.id));
  expect(ids).not.toContain(late.id);
  expect(ids.sort()).toEqual(atBackup.map((row) => String(row.id)).sort());
  expect(await version(sql, visitor.id)).toBeGreaterThan(reached);

  // A backup made before the lead function's nonces were dropped (their migration) still restores.
  const older = readBackup(file);
  const nonces = { name: "signed_request_nonces", columns: ["nonce", "expires_at"], rows: 1 };
  const withNonces = path.join(dir, "with-nonces.backup");
  writeFileSync(
    withNonces,
    writeBackup(
      {
        header: { ...older.header, tables: [...older.header.tables, nonces] },
        rows: new Map([
          ...older.rows,
          [nonces.name, ["n0nce-0123456789abcdef\t2026-12-01 00:00:00+00"]],
        ]),
      },
      false,
    ),
  );
  const fromOlder = await leads(fresh.url, ["restore", withNonces, "--replace"]);
  expect(fromOlder.code, fromOlder.err).toBe(0);
  expect(fromOlder.out).toContain("3 leads");
});

test("erase removes one lead and everything kept about it, only when confirmed", async () => {
  const input: CreateInput = {
    quote: quoteRequestSchema.parse(validQuote({ name: "Erase Me" })),
    idempotency: { key: randomBytes(16).toString("hex"), requestHash: "a".repeat(64) },
    sourcePage: "/",
    spamReason: null,
    linkEmailed: true,
    limit: limit(),
    leadLimit: limit(),
  };
  const { result } = await store(sql).create(input, Date.now() + STORE_DEADLINE_MS);
  if (result.status !== "created") throw new Error(`expected a new lead, got ${result.status}`);
  const { id } = result.lead;
  const kept = async () => {
    const [row] = await sql`
      select
        (select count(*)::int from public.quote_requests where id = ${id}) as leads,
        (select count(*)::int from public.lead_outbox where lead_id = ${id}) as outbox,
        (select count(*)::int from public.lead_idempotency_keys where lead_id = ${id}) as keys`;
    return row;
  };
  const before = await kept();
  expect(before?.leads).toBe(1);
  expect(before?.outbox).toBeGreaterThan(0); // the CRM post and the e-mails, owed
  expect(before?.keys).toBe(1);

  const unconfirmed = await leads(source.url, ["erase", id.slice(0, 8)]);
  expect(unconfirmed.code).toBe(1);
  expect(unconfirmed.err).toContain("Nothing erased");
  expect(unconfirmed.err).toContain(`npm run leads -- erase ${id} --yes`);
  expect(await kept()).toEqual(before);

  const erased = await leads(source.url, ["erase", id, "--yes"]);
  expect(erased.code, erased.err).toBe(0);
  expect(erased.out).toContain(`Erased lead ${id} (Erase Me,`);
  expect(erased.out).toContain("The CRM has its own copy");
  expect(await kept()).toEqual({ leads: 0, outbox: 0, keys: 0 });
  expect((await leads(source.url, ["erase", id, "--yes"])).err).toContain(
    `No lead with ID "${id}"`,
  );
});

test("a store that cannot be reached, or is not set, fails the command: nothing is reported done", async () => {
  test.setTimeout(120_000);
  const closed = `postgres://postgres:wrong@127.0.0.1:${await freePort()}/postgres`;
  const file = path.join(dir, "unreachable.backup");
  const backup = await leads(closed, ["backup", file]);
  expect(backup.code).toBe(1);
  expect(backup.err).toMatch(/The lead store \(DATABASE_URL, 127\.0\.0\.1:\d+\/postgres\) failed/);
  expect(backup.err).toContain("Nobody was e-mailed about it: SMTP_URL is not set");
  expect(backup.out).toBe("");
  expect(existsSync(file)).toBe(false);

  // The scheduled backup fails (#51, item 1): the owner is e-mailed straight over SMTP, with what
  // it said and the last good backup in the folder it writes (LEADS_BACKUP_DIR).
  const smtp = await startSmtpSink();
  try {
    const backups = path.join(dir, "backups");
    mkdirSync(backups);
    const lastGood = new Date(Date.now() - 30 * 3_600_000);
    writeFileSync(path.join(backups, datedBackupName(lastGood)), "");
    const mail = {
      SMTP_URL: smtp.url,
      LEADS_NOTIFY_TO: "owner@suncoastshine.test",
      MAIL_FROM: "Suncoast Shine <quotes@suncoastshine.test>",
      LEADS_BACKUP_DIR: backups,
    };
    const failed = await leads(closed, ["backup", "--keep", "14"], mail);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain("The owner was e-mailed about it (owner@suncoastshine.test).");
    expect(smtp.received).toHaveLength(1);
    const [alert] = smtp.received;
    expect(alert?.to).toEqual(["owner@suncoastshine.test"]);
    expect(alert?.mail.subject).toMatch(/^Backup failed \(/);
    // The plain-text part wraps its lines.
    const text = alert?.mail.text?.replace(/\s+/g, " ");
    expect(text).toMatch(/The lead store \(DATABASE_URL, 127\.0\.0\.1:\d+\/postgres\) failed/);
    expect(text).toContain("Once it is fixed, check it with a backup now:");
    expect(text).toContain("npm run leads -- backup --keep 14");
    expect(text).toContain(`(30 hours ago): ${path.join(backups, datedBackupName(lastGood))}`);
    // A wrong cron line fails every night too: told, without the usage.
    const wrong = await leads(closed, ["backup", "--keep", "0"], mail);
    expect(wrong.code).toBe(2);
    expect(smtp.received).toHaveLength(2);
    const wrongText = smtp.received[1]?.mail.text?.replace(/\s+/g, " ");
    expect(wrongText).toContain("--keep takes how many dated backups to keep");
    expect(wrongText).not.toContain("Usage:");
  } finally {
    await smtp.down();
  }

  // The leads in Supabase, no database URL here: no command runs on a local file (defect 5).
  const shared = await leads(null, ["backup"], {
    SUPABASE_URL: "http://127.0.0.1:9",
    SUPABASE_SECRET_KEY: "sb_secret_unused",
  });
  expect(shared.code).toBe(1);
  expect(shared.err).toContain("SUPABASE_DB_URL");
  // No settings and no embedded store made yet: said, never made empty and reported on.
  const list = await leads(null, ["export", "--csv"]);
  expect(list.code).toBe(1);
  expect(list.err).toContain("There is no lead store in");
  expect(existsSync(path.join(dir, "never-made"))).toBe(false);
});

test("import-sqlite moves an old embedded inbox's leads into PostgreSQL, once", async () => {
  test.setTimeout(180_000);
  // The old inbox, recreated from its committed SQL (old-inbox.sql says what it holds).
  const inboxFile = path.join(dir, "old-leads.db");
  const [meta = "", ...script] = readFileSync(OLD_INBOX, "utf8").split("\n");
  const inbox = new DatabaseSync(inboxFile);
  inbox.exec(script.join("\n"));
  inbox.close();
  const made = JSON.parse(meta.replace(/^-- /, "")) as {
    mailRows: number;
    leads: { id: string; token: string; createdAt: string; version: number }[];
  };
  await fresh.psql({ sql: "create database imported", transaction: false });
  const url = Object.assign(new URL(fresh.url), { pathname: "/imported" }).toString();
  await migrate(url);
  const into = postgres(url, { max: 2, onnotice: () => undefined });
  // The inbox had forwarded its changed lead to the lead function, whose store kept a copy
  // without the token, at its own version 2, before the last change arrived.
  const forwarded = made.leads[1];
  if (!forwarded) throw new Error("old-inbox.sql holds three leads");
  await into`
    insert into public.quote_requests (id, idempotency_key, name, email, phone, address, pane_count,
      frequency, total_price, webhook_status, version)
    values (${forwarded.id}, ${forwarded.id}, 'Imported Changed', 'jane@example.com', '813',
      'Tampa', '26-40', 'monthly', 1, 'delivered', 2)`;
  try {
    const imported = await leads(url, ["import-sqlite", inboxFile]);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain("Imported 2 leads");
    expect(imported.out).toContain("1 the inbox had forwarded to the lead function were completed");
    // The inbox still owed the lead function both real leads' deliveries; this store has no CRM.
    expect(imported.out).toContain("Not carried: 2 CRM deliveries the inbox still owed");
    for (const lead of made.leads) {
      const [row] = await into`
        select created_at, version from public.quote_requests where id = ${lead.id}`;
      expect(row?.created_at).toEqual(new Date(lead.createdAt));
      expect(Number(row?.version)).toBe(lead.version);
      // The saved-quote link of the old inbox opens it here.
      const viewed = await store(into).view(
        { id: lead.id, token: lead.token, limit: limit() },
        Date.now() + STORE_DEADLINE_MS,
      );
      expect(viewed.result.status).toBe("found");
    }
    // The first lead's add-ons and attribution, as the inbox held them (1/0 and JSON text there).
    const [first] = await into`
      select add_on_interior, add_on_screens, add_on_tracks, attribution
      from public.quote_requests where id = ${made.leads[0]?.id ?? ""}`;
    expect(first).toEqual({
      add_on_interior: true,
      add_on_screens: false,
      add_on_tracks: true,
      attribution: { utm_source: "google", gclid: "imp123" },
    });
    expect(forwarded.version).toBeGreaterThan(2);
    const [copy] = await into`
      select frequency, webhook_status from public.quote_requests where id = ${forwarded.id}`;
    expect(copy).toEqual({ frequency: "quarterly", webhook_status: "delivered" });
    const [mail] =
      await into`select count(*)::int as n from public.lead_outbox where channel = 'mail'`;
    expect(mail?.n).toBe(made.mailRows);
    const csv = await leads(url, ["export", "--csv"]);
    expect(csv.out).toContain("imp123");
  } finally {
    await into.end();
  }
  const again = await leads(url, ["import-sqlite", inboxFile]);
  expect(again.code, again.err).toBe(0);
  expect(again.out).toContain("Imported 0 leads");
  expect(again.out).toContain("3 were in the store already");
  // Into a new store, no migration applied yet (a new embedded one): the import runs them first.
  await fresh.psql({ sql: "create database imported_new", transaction: false });
  const unmigrated = Object.assign(new URL(fresh.url), { pathname: "/imported_new" }).toString();
  const intoNew = await leads(unmigrated, ["import-sqlite", inboxFile]);
  expect(intoNew.code, intoNew.err).toBe(0);
  expect(intoNew.out).toContain("Imported 3 leads");
});
