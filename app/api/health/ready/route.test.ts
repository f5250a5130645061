import { afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { READINESS_CACHE_MS } from "@/lib/health";
import { captureLogs, type LogLine } from "@/lib/log";
import { resetProcessState } from "@/lib/process-state";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
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

describe("GET /api/health", () => {
  it("answers that the process is alive, without asking the store", async () => {
    await unreachableStore();
    const response = live();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "alive" });
  });
});

describe("GET /api/health/ready", () => {
  it("is 200 naming each check when the store and the mail server answer", async () => {
    expect(await readiness()).toEqual({
      status: 200,
      body: {
        status: "ready",
        checkedAt: new Date().toISOString(),
        checks: { store: "ok", mail: "ok" },
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
    expect(later.body.checks).toEqual({ store: "ok", mail: expect.stringMatching(/^SMTP/) });
    expect(later.body.checkedAt).toBe(new Date().toISOString());
  });
});
