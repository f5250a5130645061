import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { validQuote } from "../support/quote";
import { browserHeaders, startSite, testDatabase, type SiteServer } from "./site-server";

/**
 * The promise behind every 201: a lead the server acknowledged survives the server dying at any
 * moment, because PostgreSQL committed it before the answer left. 200 visitors submit at once,
 * the server is killed with SIGKILL part-way, and after a restart on the same database every
 * acknowledged lead is there exactly once; the visitors left without an answer retry with their
 * key and end up as exactly one lead each too.
 */

const SUBMISSIONS = 200;
const KILL_AFTER = 60;

type Attempt = { key: string; name: string; address: string; status: number | null; id?: string };

test("a kill -9 mid-burst loses no acknowledged lead and duplicates none", async () => {
  test.setTimeout(120_000);
  const database = await testDatabase();
  const { sql } = database;
  // Each visitor has its own address (through a trusted proxy), so the rate limit applies as in life.
  const env = { DATABASE_URL: database.url, TRUST_PROXY: "1" };
  let site: SiteServer | undefined = await startSite(env);
  try {
    const attempts: Attempt[] = Array.from({ length: SUBMISSIONS }, (_, i) => ({
      key: randomUUID(),
      name: `Crash Visitor ${i}`,
      address: `10.20.${i >> 8}.${i & 255}`,
      status: null,
    }));
    const server = site;
    let acknowledged = 0;
    let killing: Promise<void> | undefined;
    const submit = (attempt: Attempt, target: SiteServer) =>
      fetch(`${target.url}/api/quote`, {
        method: "POST",
        headers: browserHeaders(target, {
          "idempotency-key": attempt.key,
          "x-forwarded-for": attempt.address,
        }),
        body: JSON.stringify({ ...validQuote({ name: attempt.name }), [FORM_TIME_KEY]: 20_000 }),
      });

    await Promise.all(
      attempts.map(async (attempt) => {
        try {
          const response = await submit(attempt, server);
          const body = await response.json();
          attempt.status = response.status;
          if (response.ok) {
            attempt.id = body.id;
            acknowledged += 1;
            if (acknowledged === KILL_AFTER) killing = server.kill();
          }
        } catch {
          attempt.status = null; // the connection died with the server
        }
      }),
    );
    await killing;
    const answered = attempts.filter((attempt) => attempt.status !== null);
    expect(answered.every((attempt) => attempt.status === 201)).toBe(true);
    const acked = answered.filter((attempt) => attempt.id);
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill landed mid-burst: some visitors never got an answer.
    expect(acked.length).toBeLessThan(SUBMISSIONS);

    site = await startSite(env);
    const rows = await sql`select id, name, idempotency_key from public.quote_requests`;
    for (const attempt of acked) {
      expect(rows.filter((row) => row.idempotency_key === attempt.key)).toEqual([
        { id: attempt.id, name: attempt.name, idempotency_key: attempt.key },
      ]);
    }
    // Nothing but what the visitors sent, and nothing twice.
    const keys = new Set(attempts.map((attempt) => attempt.key));
    expect(rows.every((row) => keys.has(String(row.idempotency_key)))).toBe(true);
    expect(new Set(rows.map((row) => row.idempotency_key)).size).toBe(rows.length);

    test.info().annotations.push({
      type: "figures",
      description: `${acked.length} acknowledged before the kill; ${rows.length} in the database after the restart`,
    });

    // The visitors who got no answer press the button again: one lead each, the rest replayed.
    const restarted = site;
    for (const attempt of attempts.filter((each) => !each.id)) {
      const response = await submit(attempt, restarted);
      expect(response.status).toBe(201);
      attempt.id = (await response.json()).id;
    }
    const final = await sql`select id, idempotency_key from public.quote_requests`;
    expect(final).toHaveLength(SUBMISSIONS);
    for (const attempt of attempts) {
      expect(final.filter((row) => row.idempotency_key === attempt.key)).toEqual([
        { id: attempt.id, idempotency_key: attempt.key },
      ]);
    }
    // And the restarted server still serves the site.
    expect((await fetch(`${restarted.url}/`)).status).toBe(200);
  } finally {
    await site?.stop();
    await database.drop();
  }
});
