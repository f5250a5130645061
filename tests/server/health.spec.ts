import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { datedBackupName } from "@/lib/leads/backups";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { validQuote } from "../support/quote";
import { browserHeaders, OWNER, startSiteWithMail, type SiteServer } from "./site-server";

/**
 * What the owner and a load balancer read of a server whose store cannot take writes (#51, item
 * 4): the store still answers `select 1` (as with a full disk), but creates get 503. /api/health
 * says so with the data folder's free space, the failed writes and the last backup's age;
 * readiness is 503 naming them; the owner is e-mailed about the low space once; the pages serve.
 */

function create(site: SiteServer) {
  return fetch(`${site.url}/api/quote`, {
    method: "POST",
    headers: browserHeaders(site, { "idempotency-key": randomUUID() }),
    body: JSON.stringify({ ...validQuote({ name: "Health Check" }), [FORM_TIME_KEY]: 20_000 }),
  });
}

const json = async (site: SiteServer, route: string) => {
  const response = await fetch(`${site.url}${route}`);
  return { status: response.status, body: await response.json() };
};

test("a store refusing writes and a low disk: told in /api/health and readiness, e-mailed once, the pages still served", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "health-data-"));
  const backups = mkdtempSync(path.join(tmpdir(), "health-backups-"));
  const lastGood = new Date(Date.now() - 26 * 3_600_000);
  writeFileSync(path.join(backups, datedBackupName(lastGood)), "");
  const mailing = await startSiteWithMail({
    LEADS_DATA_DIR: dataDir,
    // More than any disk has free: low, without filling one.
    LEADS_MIN_FREE_MB: "999999999",
    LEADS_BACKUP_DIR: backups,
  });
  const { site, smtp, database } = mailing;
  try {
    expect((await create(site)).status).toBe(201);
    // The database now refuses every write, as a full disk does, and still answers reads.
    const name = new URL(database.url).pathname.slice(1);
    await database.sql.unsafe(`alter database "${name}" set default_transaction_read_only = on`);
    await database.sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = ${name} and pid <> pg_backend_pid()`;
    for (let i = 0; i < 3; i++) expect((await create(site)).status).toBe(503);

    const health = await json(site, "/api/health");
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      status: "alive",
      disk: { folder: dataDir, lowBelowMb: 999999999, low: true },
      writes: {
        failedLast10Minutes: 3,
        lastFailure: expect.stringContaining("read-only transaction"),
      },
      backup: { folder: backups, lastAt: lastGood.toISOString(), ageHours: 26 },
    });
    const ready = await json(site, "/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toEqual({
      store: "ok",
      mail: "ok",
      disk: expect.stringMatching(/^\d+ MB free in .+, below 999999999 MB \(LEADS_MIN_FREE_MB\)$/),
      writes: expect.stringMatching(
        /^3 failed in the last 10 minutes, none stored since the last: /,
      ),
    });
    // The pages need no store.
    expect((await fetch(`${site.url}/monthly-plan`)).status).toBe(200);

    const lowSpace = () => smtp.received.filter(({ mail }) => mail.subject?.startsWith("Low disk"));
    await expect.poll(() => lowSpace().length, { timeout: 30_000 }).toBe(1);
    const [alert] = lowSpace();
    expect(alert?.to).toEqual([OWNER]);
    expect(alert?.mail.text).toContain(dataDir);
    // Every write and health request sampled the disk since: still one e-mail for the episode.
    await json(site, "/api/health");
    expect((await create(site)).status).toBe(503);
    expect(lowSpace()).toHaveLength(1);
    expect(site.output().match(/"event":"disk\.low"/g)).toHaveLength(1);
  } finally {
    await mailing.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backups, { recursive: true, force: true });
  }
});
