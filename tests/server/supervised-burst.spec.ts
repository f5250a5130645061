import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { connectPool } from "../../supabase/functions/_shared/leads/pool.ts";
import { validQuote } from "../support/quote";
import {
  alive,
  dataFolder,
  postmasterPid,
  startSupervisor,
  waitFor,
  type Supervised,
} from "../support/supervisor";

/**
 * `npm start` killed amid a burst of quotes (issue 43, "Done when"): kill -9 of its whole process
 * group, and separately of the embedded PostgreSQL's postmaster alone, while 400 quotes are on
 * their way. No quote the site acknowledged (201) is lost or stored twice, a plain `npm start`
 * on the same folder recovers, and each quote not acknowledged, sent again with its key as the
 * calculator does, becomes exactly one lead.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const QUOTES = 400;
const AT_ONCE = 40;
/** The kill comes once this many quotes were acknowledged: mid-burst. */
const KILL_AFTER = 120;

const SETTINGS = {
  // One client sends them all: its limits are not what is tested (tests/server/abuse.spec.ts).
  LEADS_CREATE_LIMIT: "1000000",
  LEADS_MIN_FORM_MS: "0",
};

type Sent = { key: string; name: string; acknowledged: string | null };

function post(site: Pick<Supervised, "url">, quote: Sent): Promise<Response> {
  return fetch(`${site.url}/api/quote`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "sec-fetch-site": "same-origin",
      origin: site.url,
      "idempotency-key": quote.key,
    },
    body: JSON.stringify(validQuote({ name: quote.name })),
  });
}

/** Sends every quote, `AT_ONCE` at a time; calls `kill` once KILL_AFTER are acknowledged. */
async function burst(site: Supervised, quotes: Sent[], kill: () => Promise<void>) {
  let next = 0;
  let killed: Promise<void> | null = null;
  const worker = async () => {
    while (next < quotes.length) {
      const quote = quotes[next++]!;
      try {
        const answer = await post(site, quote);
        if (answer.status === 201)
          quote.acknowledged = ((await answer.json()) as { id: string }).id;
      } catch {
        // The server died under it: not acknowledged.
      }
      const done = quotes.filter((each) => each.acknowledged).length;
      if (!killed && done >= KILL_AFTER) killed = kill();
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  await killed;
}

for (const victim of ["the whole process group", "the postmaster alone"] as const) {
  test(`kill -9 of ${victim} amid ${QUOTES} quotes: nothing acknowledged lost or doubled, and npm start recovers`, async () => {
    const folder = dataFolder();
    try {
      const site = await startSupervisor({ dataDir: folder.dataDir, env: SETTINGS });
      const quotes: Sent[] = Array.from({ length: QUOTES }, (_, index) => ({
        key: randomUUID(),
        name: `Burst ${index} ${randomUUID().slice(0, 8)}`,
        acknowledged: null,
      }));
      await burst(site, quotes, async () => {
        if (victim === "the whole process group") await site.kill9();
        else {
          const postmaster = postmasterPid(folder.dataDir);
          if (postmaster) process.kill(postmaster, "SIGKILL");
          // The supervisor notices and stops Next: npm start ends, non-zero.
          expect(await site.exited).not.toBe(0);
        }
      });
      const acknowledged = quotes.filter((quote) => quote.acknowledged);
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(acknowledged.length).toBeLessThan(QUOTES);

      // A plain npm start on the same folder recovers.
      const again = await startSupervisor({ dataDir: folder.dataDir, env: SETTINGS });
      try {
        // What was not acknowledged, sent again with its key (the calculator's Try again).
        for (const quote of quotes.filter((each) => !each.acknowledged)) {
          const answer = await post(again, quote);
          expect(answer.status).toBe(201);
        }
        const sql = connectPool(again.databaseUrl);
        try {
          const rows = await sql<{ id: string; idempotency_key: string }[]>`
            select id, idempotency_key from public.quote_requests where name like 'Burst %'`;
          // One lead per quote: none lost, none doubled.
          expect(rows).toHaveLength(QUOTES);
          const byKey = new Map(rows.map((row) => [row.idempotency_key, row.id]));
          for (const quote of acknowledged) expect(byKey.get(quote.key)).toBe(quote.acknowledged);
          for (const quote of quotes) expect(byKey.has(quote.key)).toBe(true);
        } finally {
          await sql.end();
        }
      } finally {
        await again.stop();
      }
      await waitFor("the cluster to stop", () => !alive(postmasterPid(folder.dataDir)));
    } finally {
      folder.done();
    }
  });
}
