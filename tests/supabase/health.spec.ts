import { freePort } from "../support/processes";
import { startSite as startProductionSite } from "../server/site-server";
import { SECRET_KEY, expect, test } from "./fixtures";
import { startFunction, startGateway } from "./function-host";
import { startSharedSite } from "./site";
import { newSecretKey } from "./stack";
import { denoBinary, missingTools } from "./tools";

/**
 * Wrong settings do not look healthy (docs/leads.md, "Health"): the function's `health` command,
 * the server's check of it at start, and /api/health/ready, against the real function.
 */

const missing = missingTools();
test.skip(Boolean(missing), missing);

test("the function answers health, to the secret key, after asking its database", async ({
  backend,
}) => {
  const response = await backend.outbox({ action: "health" });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    success: true,
    health: { database: "ok", crm: true, crmSigned: true, mail: true },
  });
  expect((await backend.outbox({ action: "health" }, { key: newSecretKey() })).status).toBe(401);
});

test("a shared-store server with the right settings is ready: its store is the function", async ({
  backend,
}) => {
  const site = await startSharedSite(backend.supabaseUrl, SECRET_KEY);
  try {
    const response = await fetch(`${site.url}/api/health/ready`);
    expect(await response.json()).toMatchObject({ status: "ready", checks: { store: "ok" } });
    expect(response.status).toBe(200);
  } finally {
    await site.stop();
  }
});

/** Starts a server with these function settings: its refusal, or the server. */
async function startWith(settings: Record<string, string>) {
  const started = await startProductionSite(settings).then(
    (site) => ({ site, refusal: null }),
    (error: unknown) => ({ site: null, refusal: String(error) }),
  );
  return { ...started, done: async () => void (await started.site?.stop()) };
}

test("a wrong secret or function name stops the server at start, naming the setting", async ({
  backend,
}) => {
  const right = { SUPABASE_URL: backend.supabaseUrl, SUPABASE_SECRET_KEY: SECRET_KEY };
  for (const [wrong, named] of [
    [{ SUPABASE_SECRET_KEY: newSecretKey() }, "SUPABASE_SECRET_KEY"],
    [{ SUPABASE_LEAD_FUNCTION: "crm-leads" }, "SUPABASE_LEAD_FUNCTION"],
  ] as const) {
    const server = await startWith({ ...right, ...wrong });
    try {
      expect(server.refusal).toContain("exited with 1");
      expect(server.refusal).toContain("The lead function cannot be used with these settings");
      expect(server.refusal).toContain(named);
    } finally {
      await server.done();
    }
  }
});

test("an unreachable function leaves the pages up, and readiness says 503 naming it", async () => {
  const nobody = `http://127.0.0.1:${await freePort()}`;
  const server = await startWith({ SUPABASE_URL: nobody, SUPABASE_SECRET_KEY: SECRET_KEY });
  try {
    expect(server.refusal).toBeNull();
    const url = server.site?.url ?? "";
    expect((await fetch(`${url}/`)).status).toBe(200);
    expect(server.site?.output()).toContain('"event":"function.unreachable"');
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: "not ready",
      // On Supabase the function is the store.
      checks: { store: expect.stringContaining("Network error") },
    });
  } finally {
    await server.done();
  }
});

test("a production server without SMTP asks the function whether it posts to a CRM: none, and the launch gate refuses to start", async ({
  backend,
}) => {
  test.setTimeout(90_000);
  // The same database, a function with no CRM_WEBHOOK_URL.
  const noCrm = await startFunction(denoBinary() ?? "deno", {
    dbUrl: backend.cluster.url,
    secretKeys: [SECRET_KEY],
  });
  const gateway = await startGateway(noCrm.url);
  try {
    for (const [supabaseUrl, heard] of [
      [gateway.url, false],
      [backend.supabaseUrl, true],
    ] as const) {
      const server = await startWith({
        SUPABASE_URL: supabaseUrl,
        SUPABASE_SECRET_KEY: SECRET_KEY,
        SITE_ENV: "production",
      });
      try {
        // The repository's placeholders stop it either way; the function's answer decides the rest.
        expect(server.refusal).toContain("Launch gate: this is a production deploy");
        expect(server.refusal?.includes("No way to hear of a lead"), supabaseUrl).toBe(!heard);
        // The backend's function signs its posts (CRM_WEBHOOK_SECRET): no warning.
        expect(server.refusal).not.toContain("webhook.unsigned");
      } finally {
        await server.done();
      }
    }
  } finally {
    await gateway.stop();
    await noCrm.stop();
  }
});
