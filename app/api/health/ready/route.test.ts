import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { noteWrite, READINESS_CACHE_MS, RECENT_WRITES_MS } from "@/lib/health";
import { datedBackupName } from "@/lib/leads/backups";
import { captureLogs, type LogLine } from "@/lib/log";
import { resetProcessState } from "@/lib/process-state";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { testDir } from "@/tests/support/temp-dir";
import { freePort } from "@/tests/support/processes";
import { createTestDatabase } from "@/tests/support/test-postgres";
import { GET as live } from "../route";
import { GET as ready } from "./route";

let sink: SmtpSink;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject("postgresAdminUrl"));
});
let logs: LogLine[];
let restoreLogs: () => void;

beforeEach(async () => {
  logs = [];
  restoreLogs = captureLogs(logs);
  sink = await startSmtpSink();
  vi.stubEnv("DATABASE_URL", databaseUrl);
  vi.stubEnv("SMTP_URL", sink.url);
  vi.stubEnv("LEADS_NOTIFY_TO", "owner@suncoastshine.test");
  vi.stubEnv("MAIL_FROM", "quotes@suncoastshine.test");
  vi.useFakeTimers({ toFake: ["Date"] });
  resetProcessState();
});

afterEach(async () => {
  restoreLogs();
  resetProcessState();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  await sink.down();
});

/** A store that cannot be reached: nothing listens where DATABASE_URL points. Its address. */
async function unreachableStore(): Promise<string> {
  const address = `127.0.0.1:${await freePort()}`;
  vi.stubEnv("DATABASE_URL", `postgres://postgres@${address}/leads`);
  resetProcessState();
  return address;
}

async function readiness() {
  const response = await ready();
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, body: await response.json() };
}

async function health() {
  const response = await live();
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.status).toBe(200);
  return response.json();
}

describe("GET /api/health", () => {
  it("answers that the process is alive, without asking the store, with the last backup's age", async () => {
    await unreachableStore();
    const backups = testDir("health-backups");
    vi.stubEnv("LEADS_BACKUP_DIR", backups);
    resetProcessState();
    const empty = await health();
    expect(empty).toEqual({
      status: "alive",
      disk: null,
      writes: { failedLast10Minutes: 0, lastFailedAt: null, lastFailure: null },
      backup: { folder: backups, lastAt: null, ageHours: null },
    });
    // Two good backups and one being checked (never renamed into place if its check fails).
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    for (const name of [datedBackupName(at(30)), datedBackupName(at(6.5))]) {
      writeFileSync(path.join(backups, name), "");
    }
    writeFileSync(path.join(backups, `${datedBackupName(at(0.1))}.partial-123`), "");
    expect((await health()).backup).toEqual({
      folder: backups,
      lastAt: at(6.5).toISOString(),
      ageHours: 6.5,
    });
  });

  it("reports the data folder's free space and e-mails the owner once when it is low", async () => {
    const dataDir = testDir("health-data");
    vi.stubEnv("LEADS_DATA_DIR", dataDir);
    // More than any disk has free: low, without filling one.
    vi.stubEnv("LEADS_MIN_FREE_MB", "999999999");
    resetProcessState();
    const { disk } = await health();
    expect(disk).toEqual({
      folder: dataDir,
      freeMb: expect.any(Number),
      totalMb: expect.any(Number),
      lowBelowMb: 999999999,
      low: true,
    });
    expect(disk.freeMb).toBeGreaterThan(0);
    await vi.waitFor(() => expect(sink.received).toHaveLength(1), { timeout: 20_000 });
    await health();
    const { status, body } = await readiness();
    expect(status).toBe(503);
    // The free space as sampled then: other processes write to the same disk meanwhile.
    expect(body.checks.disk).toMatch(
      new RegExp(`^\\d+ MB free in ${dataDir}, below 999999999 MB \\(LEADS_MIN_FREE_MB\\)$`),
    );
    expect(body.checks.store).toBe("ok");
    const [alert] = sink.received;
    expect(alert?.to).toEqual(["owner@suncoastshine.test"]);
    expect(alert?.mail.subject).toMatch(/^Low disk space \(/);
    expect(alert?.mail.text).toMatch(new RegExp(`\\d+ MB of ${disk.totalMb} MB`));
    expect(alert?.mail.text).toContain(dataDir);
    // Once per episode: the samples since sent nothing more.
    expect(sink.received).toHaveLength(1);
    expect(logs.filter((line) => line.event === "disk.low")).toHaveLength(1);
  });

  it("counts the writes the store refused: readiness fails until one is stored again", async () => {
    noteWrite("PostgresError: could not extend file: No space left on device");
    noteWrite("PostgresError: could not extend file: No space left on device");
    expect((await health()).writes).toEqual({
      failedLast10Minutes: 2,
      lastFailedAt: new Date().toISOString(),
      lastFailure: "PostgresError: could not extend file: No space left on device",
    });
    const failing = await readiness();
    expect(failing.status).toBe(503);
    expect(failing.body.checks.writes).toBe(
      "2 failed in the last 10 minutes, none stored since the last: PostgresError: could not extend file: No space left on device",
    );
    noteWrite(null);
    vi.advanceTimersByTime(READINESS_CACHE_MS);
    const stored = await readiness();
    expect(stored.status).toBe(200);
    expect(stored.body.checks.writes).toBe("ok");
    // Still counted for the owner until they are 10 minutes old.
    expect((await health()).writes.failedLast10Minutes).toBe(2);
    vi.advanceTimersByTime(RECENT_WRITES_MS);
    expect((await health()).writes.failedLast10Minutes).toBe(0);
  });
});

describe("GET /api/health/ready", () => {
  it("is 200 naming each check when the store and the mail server answer", async () => {
    expect(await readiness()).toEqual({
      status: 200,
      body: {
        status: "ready",
        checkedAt: new Date().toISOString(),
        checks: { store: "ok", mail: "ok", writes: "ok" },
      },
    });
  });

  it("is 503 naming what failed: a store that cannot be reached, a mail server that is down", async () => {
    const file = await unreachableStore();
    await sink.down();
    const { status, body } = await readiness();
    expect(status).toBe(503);
    expect(body.status).toBe("not ready");
    expect(body.checks.store).toContain(file);
    expect(body.checks.mail).toMatch(/^SMTP connection failed/);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: "health.not_ready", reason: expect.stringContaining(file) }),
    );
  });

  it("checks at most once a minute, then again: a failure shows within the minute after it", async () => {
    const first = await readiness();
    expect(first.status).toBe(200);
    await sink.down();
    vi.advanceTimersByTime(READINESS_CACHE_MS - 1);
    expect(await readiness()).toEqual(first);
    vi.advanceTimersByTime(1);
    const later = await readiness();
    expect(later.status).toBe(503);
    expect(later.body.checks).toEqual({
      store: "ok",
      mail: expect.stringMatching(/^SMTP/),
      writes: "ok",
    });
    expect(later.body.checkedAt).toBe(new Date().toISOString());
  });
});
