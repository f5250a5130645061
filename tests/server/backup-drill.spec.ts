import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { z } from "zod";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { startFunctionsStub, type RecordedCall } from "../support/functions-stub";
import { validQuote } from "../support/quote";
import { browserHeaders, readInbox, startSiteWithMail, type SiteServer } from "./site-server";

/**
 * The restore drill (docs/leads.md, "Backups and restore"): visitors send quotes and their later
 * answers while `npm run leads -- backup` copies the inbox; the copy is the inbox at one instant.
 * The server is stopped, the backup restored over its inbox with the owner's command, and a fresh
 * server started on it: every lead acknowledged before the backup began is there with its
 * acknowledged updates, nothing is there twice, the e-mails the backup still owed go once, and
 * what the CRM already had is not sent again.
 */

const UPDATES = [
  { isPostConstruction: "no", stories: "2", frequency: "monthly" },
  { frequency: "biannual" },
] as const;
const WORKERS = 6;
/** Leads acknowledged before the backup starts, and visitors who start after it ended. */
const BEFORE = 12;
const AFTER = 3;

type Visitor = {
  key: string;
  name: string;
  /** When each call (the create, then each update) was sent, and when each was answered. */
  sent: number[];
  answered: number[];
};

const run = promisify(execFile);

function leadsCommand(dbPath: string, ...args: string[]) {
  return run("npm", ["run", "-s", "leads", "--", ...args], {
    env: { ...process.env, LEADS_DB_PATH: dbPath },
  });
}

/** One visitor: the contact step, then steps 5-6, then a plan switch; every answer a success. */
async function visit(site: SiteServer, visitor: Visitor): Promise<void> {
  visitor.sent.push(Date.now());
  const created = await fetch(`${site.url}/api/quote`, {
    method: "POST",
    headers: browserHeaders(site, { "idempotency-key": visitor.key }),
    body: JSON.stringify({
      // Each visitor their own address: a fourth confirmation to one address would be capped.
      ...validQuote({ name: visitor.name, email: `${visitor.key}@example.com` }),
      [FORM_TIME_KEY]: 20_000,
    }),
  });
  expect(created.status).toBe(201);
  visitor.answered.push(Date.now());
  const { id, token } = await created.json();
  for (const update of UPDATES) {
    visitor.sent.push(Date.now());
    const response = await fetch(`${site.url}/api/quote/${id}`, {
      method: "PATCH",
      headers: browserHeaders(site, { authorization: `Bearer ${token}` }),
      body: JSON.stringify(update),
    });
    expect(response.status).toBe(200);
    visitor.answered.push(Date.now());
  }
}

/** How far along a stored lead is: 1 after the create, 2 after steps 5-6, 3 after the switch. */
function stage(row: Record<string, unknown>): number {
  if (row.frequency === "biannual") return 3;
  return row.stories === "2" ? 2 : 1;
}

const leadRows = (dbPath: string) =>
  readInbox(dbPath, (db) =>
    db
      .prepare(
        `SELECT l.id, l.name, l.idempotency_key, l.stories, l.frequency,
           (SELECT COUNT(*) FROM outbox o WHERE o.lead_id = l.id) AS deliveries,
           (SELECT group_concat(kind) FROM (SELECT kind FROM mail_outbox m
             WHERE m.lead_id = l.id ORDER BY kind)) AS mail
         FROM leads l ORDER BY l.id`,
      )
      .all(),
  );

const pending = (dbPath: string, table: "outbox" | "mail_outbox") =>
  readInbox(dbPath, (db) =>
    Number(db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE status = 'pending'`).get()?.n),
  );

/** "1 lead", "3 leads", as the command counts. */
const count = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;

const bodyOf = (call: RecordedCall) => z.record(z.string(), z.unknown()).parse(call.body);

test("a backup under load, restored into a fresh server: every acknowledged lead, update and e-mail, none twice", async () => {
  test.setTimeout(120_000);
  const stub = await startFunctionsStub((call) => ({
    status: 200,
    body: { success: true, id: bodyOf(call).id },
  }));
  const crm = {
    SUPABASE_URL: stub.url,
    SUPABASE_ANON_KEY: "drill-anon-key",
    LEAD_SIGNING_SECRET: Buffer.alloc(32, 7).toString("base64"),
  };
  // The mail server is down until the restore: what the backup owes by e-mail is still owed then.
  const mailing = await startSiteWithMail(
    { ...crm, LEADS_CREATE_LIMIT: "10000", LEADS_UPDATE_LIMIT: "10000" },
    { sinkDown: true },
  );
  const { smtp, inbox } = mailing;
  let site = mailing.site;
  try {
    const visitors: Visitor[] = [];
    const backup: { started?: number; ended?: number; output?: string; error?: unknown } = {};
    let acknowledged = 0;
    let backingUp: Promise<void> | undefined;
    const startedAfterBackup = () =>
      visitors.filter((each) => backup.ended && (each.sent[0] ?? 0) > backup.ended).length;
    const server = site;
    // Visitors keep coming, WORKERS at a time, until the backup has ended and AFTER more came.
    const worker = async () => {
      while (startedAfterBackup() < AFTER) {
        const visitor = {
          key: randomUUID(),
          name: `Drill ${visitors.length}`,
          sent: [],
          answered: [],
        };
        visitors.push(visitor);
        await visit(server, visitor);
        acknowledged += 1;
        if (acknowledged === BEFORE) {
          backup.started = Date.now();
          const folder = path.join(path.dirname(inbox.dbPath), "backups");
          backingUp = leadsCommand(inbox.dbPath, "backup", folder).then(({ stdout }) => {
            backup.ended = Date.now();
            backup.output = stdout;
          });
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await backingUp;
    expect(backup.error).toBeUndefined();
    const { started = 0, ended = 0, output = "" } = backup;
    // The site kept taking quotes while the backup ran.
    expect(visitors.some((each) => each.answered.some((at) => at > started && at < ended))).toBe(
      true,
    );
    const backupFile = /^Backed up .* to (\S+) \(/.exec(output)?.[1] ?? "";
    expect(path.basename(backupFile)).toMatch(/^leads-[\dT:.-]+Z\.db$/);
    expect(output).toContain("Checked: SQLite's integrity check passed");

    // The copy is the inbox at one instant between the backup's start and end: each lead in it
    // has its create and some first updates, all it had acknowledged before the start, and none
    // sent after the end; with the e-mails and CRM deliveries those queued, and no others.
    const inBackup = leadRows(backupFile);
    const rowOf = new Map(inBackup.map((row) => [row.idempotency_key, row]));
    for (const visitor of visitors) {
      const row = rowOf.get(visitor.key);
      const answeredBefore = visitor.answered.filter((at) => at < started).length;
      const sentBefore = visitor.sent.filter((at) => at < ended).length;
      if (!row) {
        expect(answeredBefore, visitor.name).toBe(0);
        continue;
      }
      expect(stage(row), visitor.name).toBeGreaterThanOrEqual(answeredBefore);
      expect(stage(row), visitor.name).toBeLessThanOrEqual(sentBefore);
      expect(row.deliveries, visitor.name).toBe(stage(row));
      expect(row.mail, visitor.name).toBe("owner,visitor");
    }
    expect(inBackup.length).toBeGreaterThanOrEqual(BEFORE);
    expect(inBackup.length).toBeLessThanOrEqual(visitors.length - AFTER);
    expect(new Set(inBackup.map((row) => row.idempotency_key)).size).toBe(inBackup.length);

    // The server sends the CRM everything it owes, then stops.
    await expect.poll(() => pending(inbox.dbPath, "outbox"), { timeout: 30_000 }).toBe(0);
    const beforeRestore = leadRows(inbox.dbPath);
    expect(beforeRestore).toHaveLength(visitors.length);
    await site.stop();
    // Deliveries only: each start also asks the function's outbox for its health (lib/health.ts).
    const deliveryCalls = () => stub.calls.filter((call) => !call.path.endsWith("/outbox"));
    const callsBeforeRestore = deliveryCalls().length;
    const crmOwedInBackup = pending(backupFile, "outbox");
    const mailOwedInBackup = pending(backupFile, "mail_outbox");

    // The owner restores the backup over the inbox: --force, since leads came after it.
    const restored = await leadsCommand(inbox.dbPath, "restore", backupFile, "--force");
    const lines = restored.stdout.trim().split("\n");
    expect(lines[0]).toMatch(
      /^Restored .* \(SQLite's integrity check passed; schema version \d+\)\.$/,
    );
    const kept = /^The replaced inbox is kept as (\S+);/.exec(lines[2] ?? "")?.[1] ?? "";
    const lost = beforeRestore.length - inBackup.length;
    const changed = inBackup.filter(
      (row) => beforeRestore.find((each) => each.id === row.id)?.frequency !== row.frequency,
    ).length;
    expect(lines).toContain(
      `Only in the replaced inbox, not merged: ${count(lost, "lead")} received after the backup, ${changed} changed since. See them: LEADS_DB_PATH=${kept} npm run leads -- list`,
    );
    expect(lines).toContain(
      `Already sent from the replaced inbox, so marked sent here and not sent again: 0 e-mails, ${count(crmOwedInBackup, "CRM delivery", "CRM deliveries")}.`,
    );
    expect(lines.at(-1)).toBe(
      `Start the server again: it sends what is still waiting (${count(mailOwedInBackup, "e-mail")}, 0 CRM deliveries) at once, under the same Message-IDs and Idempotency-Keys as before.`,
    );
    expect(leadRows(kept)).toEqual(beforeRestore);
    await smtp.up();
    site = await mailing.startAgain();
    await expect.poll(() => pending(inbox.dbPath, "mail_outbox"), { timeout: 30_000 }).toBe(0);
    const after = leadRows(inbox.dbPath);
    expect(after).toEqual(inBackup);
    for (const visitor of visitors.filter((each) => (each.answered[0] ?? Infinity) < started))
      expect(after.filter((row) => row.idempotency_key === visitor.key)).toHaveLength(1);

    // Each e-mail once, to the Message-ID its row names; the CRM got nothing again.
    const ids = smtp.received.map((received) => received.mail.messageId ?? "");
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(
      after
        .flatMap((row) => [
          `<${row.id}.owner@suncoastshine.example>`,
          `<${row.id}.visitor@suncoastshine.example>`,
        ])
        .sort(),
    );
    expect(deliveryCalls().length).toBe(callsBeforeRestore);
    const deliveries = deliveryCalls().map((call) =>
      JSON.stringify([call.headers["idempotency-key"], call.body]),
    );
    expect(new Set(deliveries).size).toBe(deliveries.length);
    test.info().annotations.push({
      type: "figures",
      description: `${visitors.length} visitors (${visitors.length * (1 + UPDATES.length)} calls); the backup took ${ended - started} ms and holds ${inBackup.length} leads; ${lost} came after it; ${ids.length} e-mails sent after the restore`,
    });
  } finally {
    await mailing.close();
    await stub.close();
  }
});
