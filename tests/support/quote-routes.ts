import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { vi } from "vitest";
import { z } from "zod";
import { resetProcessState } from "@/lib/process-state";
import { storedLeads } from "./lead-rows";
import { validQuote } from "./quote";
import { createTestDatabase } from "./test-postgres";

/**
 * The lead API's route handlers called as a browser calls them, for the unit tests beside them
 * (app/api/quote/*.test.ts): each call from an address of its own (for the rate limits), unless
 * the test names one.
 */

type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;
export type QuoteRoutes = {
  POST: (request: Request) => Promise<Response>;
  PATCH: Handler;
  GET: Handler;
};

/**
 * The routes on a database of their own from the run's cluster (`adminUrl`), as `npm start` runs
 * them on the embedded store, with the test's `settings` on top; `close` ends the connection and
 * the stubbed settings.
 */
export async function routesOnTestDatabase(
  adminUrl: string,
  settings: Record<string, string> = {},
) {
  const url = await createTestDatabase(adminUrl);
  vi.stubEnv("DATABASE_URL", url);
  vi.stubEnv("SUPABASE_URL", "");
  vi.stubEnv("SUPABASE_SECRET_KEY", "");
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  // Settings and the store are per process: start from the settings stubbed above.
  resetProcessState();
  const routes: QuoteRoutes = {
    ...(await import("@/app/api/quote/route")),
    ...(await import("@/app/api/quote/[id]/route")),
  };
  const sql = postgres(url, { max: 2, onnotice: () => undefined });
  const close = async () => {
    resetProcessState();
    vi.unstubAllEnvs();
    await sql.end();
  };
  return { routes, sql, leads: storedLeads(sql), close };
}

/** A browser's same-origin fetch from its own address (each test client gets its own, for the rate limit). */
export function browserHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return {
    "content-type": "application/json",
    "sec-fetch-site": "same-origin",
    "x-peer-address": `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`,
    referer: "http://127.0.0.1/locations/clearwater?utm=x#contact",
    ...headers,
  };
}

export const answerSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  token: z.string(),
  quoteUrl: z.string(),
  linkEmailed: z.boolean(),
});

/** The three calls, and a lead created with the sample quote; `routes()` once they are imported. */
export function quoteCalls(routes: () => QuoteRoutes) {
  function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return routes().POST(
      new Request("http://127.0.0.1/api/quote", {
        method: "POST",
        headers: browserHeaders(headers),
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  }

  function patch(
    id: string,
    token: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const request = new Request(`http://127.0.0.1/api/quote/${id}`, {
      method: "PATCH",
      headers: browserHeaders({ authorization: `Bearer ${token}`, ...headers }),
      body: JSON.stringify(body),
    });
    return routes().PATCH(request, { params: Promise.resolve({ id }) });
  }

  function get(id: string, token: string, headers: Record<string, string> = {}): Promise<Response> {
    const request = new Request(`http://127.0.0.1/api/quote/${id}`, {
      headers: browserHeaders({ authorization: `Bearer ${token}`, ...headers }),
    });
    return routes().GET(request, { params: Promise.resolve({ id }) });
  }

  /** A new lead of the sample quote (tests/support/quote.ts), as the create answered it. */
  async function created(headers: Record<string, string> = {}) {
    const response = await post(validQuote(), headers);
    if (response.status !== 201) throw new Error(`expected 201, got ${response.status}`);
    return answerSchema.parse(await response.json());
  }

  return { post, patch, get, created };
}
