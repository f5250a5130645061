import { randomBytes } from "node:crypto";
import { startFunction, startGateway } from "./function-host";
import { TempCluster } from "./postgres";
import { freePort } from "../support/processes";
import { denoBinary } from "./tools";

/**
 * The Supabase backend on 127.0.0.1, as `npm run test:supabase` and `npm run backend` run it: a
 * throwaway PostgreSQL cluster with the migrations applied, the crm-lead function under Deno, and
 * the stand-in for Supabase's gateway in front of it.
 */
export type StackOptions = {
  /** The project's secret keys (SUPABASE_SECRET_KEYS): a call to the function must carry one. */
  secretKeys: readonly string[];
  webhookUrl?: string;
  /** CRM_WEBHOOK_SECRET, which signs the CRM posts. */
  webhookSecret?: string;
  /** The e-mails' timing (MAIL_WINDOW_MS, MAIL_SETTLE_MS), when not the function's default. */
  mail?: { windowMs: number; settleMs: number };
  /** The gateway's port (SUPABASE_URL's); a free one when not given. */
  gatewayPort?: number;
  /** A folder of extension files the cluster offers besides its own (TempCluster.create). */
  extensions?: string;
  /** A running cluster to use (migrated here), left running by stop(); a new throwaway one when not given. */
  cluster?: TempCluster;
};

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** A fresh key in the form of the project's secret keys. */
export const newSecretKey = () => `sb_secret_${randomBytes(24).toString("base64url")}`;

export async function startStack(options: StackOptions) {
  const deno = denoBinary();
  if (!deno) throw new Error("Deno is missing (see missingTools() in tests/supabase/tools.ts)");
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const each of stops.reverse()) await each().catch(() => undefined);
    stops.length = 0;
  };
  try {
    const cluster =
      options.cluster ??
      (await TempCluster.create(await freePort(), { extensions: options.extensions }));
    if (!options.cluster) stops.push(() => cluster.destroy());
    const migrations = await cluster.applyMigrations();
    const fn = await startFunction(deno, {
      dbUrl: cluster.url,
      secretKeys: options.secretKeys,
      webhookUrl: options.webhookUrl,
      webhookSecret: options.webhookSecret,
      mail: options.mail,
    });
    stops.push(fn.stop);
    const gateway = await startGateway(fn.url, options.gatewayPort);
    stops.push(gateway.stop);
    return {
      cluster,
      migrations,
      function: fn,
      gateway,
      /** Where supabase-js points: SUPABASE_URL. */
      supabaseUrl: gateway.url,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
