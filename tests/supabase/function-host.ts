import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from "node:http";
import path from "node:path";
import { DENO_DIR, FUNCTION_DIR } from "./tools";
import { freePort, startService, type Service } from "../support/processes";

/** `deno run` of supabase/functions/crm-lead/index.ts, as the edge runtime would serve it. */
export async function startFunction(
  deno: string,
  env: {
    dbUrl: string;
    /** The project's secret keys, as the edge runtime gives them (SUPABASE_SECRET_KEYS). */
    secretKeys: readonly string[];
    webhookUrl?: string;
    /** CRM_WEBHOOK_SECRET: the CRM posts signed with it. */
    webhookSecret?: string;
    /** The e-mails' timing (MAIL_WINDOW_MS, MAIL_SETTLE_MS), when not the function's default. */
    mail?: { windowMs: number; settleMs: number };
  },
): Promise<Service & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const service = await startService(
    deno,
    ["run", "--allow-net", "--allow-env", path.join(FUNCTION_DIR, "index.ts")],
    {
      cwd: FUNCTION_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DENO_DIR,
        DENO_NO_UPDATE_CHECK: "1",
        NO_COLOR: "1",
        // Deno.serve's address without touching the function's code.
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        SUPABASE_DB_URL: env.dbUrl,
        SUPABASE_SECRET_KEYS: JSON.stringify(
          Object.fromEntries(env.secretKeys.map((key, index) => [`key${index}`, key])),
        ),
        ...(env.webhookUrl ? { CRM_WEBHOOK_URL: env.webhookUrl } : {}),
        ...(env.webhookSecret ? { CRM_WEBHOOK_SECRET: env.webhookSecret } : {}),
        ...(env.mail
          ? {
              MAIL_WINDOW_MS: String(env.mail.windowMs),
              MAIL_SETTLE_MS: String(env.mail.settleMs),
            }
          : {}),
      },
      // Serving: a GET is refused as it should be (a misconfigured function answers 500).
      ready: async () => (await fetch(url)).status === 405,
    },
  );
  return { ...service, url };
}

export type GatewayCall = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
};

/**
 * Plays Supabase's API gateway: `{SUPABASE_URL}/functions/v1/crm-lead` reaches the function (and
 * its sub-paths likewise: the shared store's /quotes/…, the outbox's /outbox), with no check of
 * its own (`verify_jwt = false`, supabase/config.toml). It records each call it forwards.
 */
export async function startGateway(functionUrl: string, port?: number) {
  const calls: GatewayCall[] = [];
  const refusals: Array<{ status: number; message: string }> = [];
  const target = new URL(functionUrl);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const record = (status: number) =>
        calls.push({ path: req.url ?? "", headers: req.headers, body: body.toString(), status });
      const refusal = refusals.shift();
      if (refusal) {
        // A gateway or deploy refusing for a moment (a redeploy's 404, a 429): the function never sees it.
        record(refusal.status);
        return res
          .writeHead(refusal.status, { "content-type": "application/json" })
          .end(JSON.stringify({ message: refusal.message }));
      }
      // The function and its sub-paths (the shared store's /crm-lead/quotes/…), as Supabase routes them.
      const match = /^\/functions\/v1(\/crm-lead(?:\/[a-z/]*)?)$/.exec(req.url ?? "");
      if (!match) {
        record(404);
        return res
          .writeHead(404, { "content-type": "application/json" })
          .end('{"message":"Function not found"}');
      }
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: match[1],
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          record(answer.statusCode ?? 0);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => {
        record(502);
        res
          .writeHead(502, { "content-type": "application/json" })
          .end('{"message":"Function unreachable"}');
      });
      upstream.end(body);
    });
  });
  const listenOn = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenOn, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${listenOn}`,
    calls,
    /** The next `count` calls are answered `status` without reaching the function. */
    refuseNext: (count: number, status: number, message: string) => {
      for (let i = 0; i < count; i += 1) refusals.push({ status, message });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A caller's idle keep-alive connection would hold close() open.
        server.closeAllConnections();
      }),
  };
}
