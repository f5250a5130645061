import { randomUUID } from "node:crypto";
import { test as base } from "../e2e/test";
import { VALID } from "../../supabase/functions/crm-lead/test_fixtures";
import { startFunction, startGateway } from "./function-host";
import { TempCluster } from "./postgres";
import { freePort } from "../support/processes";
import { startSite } from "./site";
import { denoBinary } from "./tools";
import { startWebhookStub } from "./webhook-stub";

/** Stands in for the project's anon key; the gateway stub checks the site presents it. */
export const ANON_KEY = "test-anon-key";

type Backend = {
  cluster: TempCluster;
  webhook: Awaited<ReturnType<typeof startWebhookStub>>;
  gateway: Awaited<ReturnType<typeof startGateway>>;
  /** Where supabase-js points: SUPABASE_URL. */
  supabaseUrl: string;
  /** POSTs one delivery the way the site's server does, through the gateway. */
  deliver: (body: unknown, options?: { key?: string; contentType?: string }) => Promise<Response>;
  /** quote_requests rows matching a SQL condition. */
  leads: (where: string) => Promise<Array<Record<string, unknown>>>;
};

/** A valid step-4 delivery (the function's own unit-test lead) with a fresh lead id. */
export function delivery(overrides: Record<string, unknown> = {}) {
  return { ...VALID, id: randomUUID(), sourcePage: "/", ...overrides };
}

export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

type Site = Awaited<ReturnType<typeof startSite>>;

export const test = base.extend<object, { backend: Backend; site: Site }>({
  backend: [
    async ({}, provide) => {
      const deno = denoBinary();
      if (!deno) throw new Error("Deno is missing; the spec should have been skipped");
      const cluster = await TempCluster.create(await freePort());
      const stops: Array<() => Promise<void>> = [() => cluster.destroy()];
      try {
        await cluster.applyMigrations();
        const webhook = await startWebhookStub();
        stops.push(webhook.stop);
        const fn = await startFunction(deno, { dbUrl: cluster.url, webhookUrl: webhook.url });
        stops.push(fn.stop);
        const gateway = await startGateway(fn.url, ANON_KEY);
        stops.push(gateway.stop);
        const supabaseUrl = gateway.url;
        await provide({
          cluster,
          webhook,
          gateway,
          supabaseUrl,
          deliver: (body, options = {}) =>
            fetch(`${supabaseUrl}/functions/v1/crm-lead`, {
              method: "POST",
              headers: {
                Authorization: `Bearer ${ANON_KEY}`,
                apikey: ANON_KEY,
                "Content-Type": options.contentType ?? "application/json",
                ...(options.key ? { "Idempotency-Key": options.key } : {}),
              },
              body: typeof body === "string" ? body : JSON.stringify(body),
            }),
          leads: (where) =>
            cluster.rows(`select * from public.quote_requests where ${where} order by created_at`),
        });
      } finally {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  site: [
    async ({ backend }, provide) => {
      const site = await startSite(backend.supabaseUrl, ANON_KEY);
      try {
        await provide(site);
      } finally {
        await site.stop();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

export { expect } from "../e2e/test";
