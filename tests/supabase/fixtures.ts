import { randomBytes, randomUUID } from "node:crypto";
import { ADD_ONS, PRICE_TABLE, type AddOnId } from "@shared/content/pricing";
import { test as base, expect } from "../e2e/test";
import { SITE } from "@/content/site";
import {
  type CreateRequest,
  type StoreOperation,
  storePath,
  type UpdateRequest,
} from "@shared/leads/store-contract";
import type { QuoteRequestInput, QuoteUpdate } from "@shared/quote/schema";
import { validQuote } from "../support/quote";
import { startSharedSite } from "./site";
import { newSecretKey, startStack, type Stack } from "./stack";
import { startWebhookStub } from "./webhook-stub";

/** The project's secret key the site has, and another of the project's (a key rotated in). */
export const SECRET_KEY = newSecretKey();
export const OTHER_SECRET_KEY = newSecretKey();

export const FUNCTION_PATH = "/functions/v1/crm-lead";
/** The function's CRM_WEBHOOK_SECRET: the webhook stub's posts are signed with it. */
export const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString("base64")}`;
/** The e-mails' timing in the backend tests: short, so the owner's e-mail falls due within a test. */
export const MAIL_TIMING = { windowMs: 3_000, settleMs: 500 };

export type CallOptions = {
  contentType?: string;
  /** The `apikey` to send instead of SECRET_KEY; null sends none. */
  key?: string | null;
  /** More headers, as the site's server sends them (the store's deadline, store-contract.ts). */
  headers?: Record<string, string>;
};

export type Backend = {
  cluster: Stack["cluster"];
  webhook: Awaited<ReturnType<typeof startWebhookStub>>;
  gateway: Stack["gateway"];
  /** Where supabase-js points: SUPABASE_URL. */
  supabaseUrl: string;
  /**
   * POSTs one store operation (`/crm-lead/quotes/{operation}`, store-contract.ts) the way the
   * site's server does, through the gateway, with the key; a string is sent as it is.
   */
  quotes: (operation: StoreOperation, request: unknown, options?: CallOptions) => Promise<Response>;
  /** Creates a lead through the store's `create` (createRequest's quote and overrides). */
  createLead: (
    quote?: Partial<QuoteRequestInput>,
    overrides?: Partial<CreateRequest>,
  ) => Promise<Created>;
  /** Updates a lead through the store's `update`: its result. */
  updateLead: (
    lead: { id: string; token: string },
    update: QuoteUpdate,
  ) => Promise<Record<string, unknown>>;
  /** POSTs a command to the function's outbox (`/crm-lead/outbox`), as the site's server does. */
  outbox: (body: unknown, options?: Pick<CallOptions, "key">) => Promise<Response>;
  /** quote_requests rows matching a SQL condition. */
  leads: (where: string) => Promise<Array<Record<string, unknown>>>;
  /** The function's log so far (one JSON line per event), for a failing assertion's message. */
  functionLog: () => string;
};

/** A lead the store created: its id, its token, and the operation's whole result. */
export type Created = { id: string; token: string; result: Record<string, unknown> };

/** A limit no test reaches, for a client of its own (rate-limits.spec.ts tests the limits). */
const unlimited = () => ({ client: `client-${randomUUID()}`, capacity: 10_000, windowMs: 60_000 });

/**
 * A store `create` as the site's server asks it (store-contract.ts, createRequestSchema): the
 * sample step-4 quote with `quote`'s changes, no Idempotency-Key, the confirmation e-mailed.
 */
export function createRequest(
  quote: Partial<QuoteRequestInput> = {},
  overrides: Partial<CreateRequest> = {},
): CreateRequest {
  return {
    quote: validQuote(quote),
    idempotency: null,
    sourcePage: "/",
    spamReason: null,
    linkEmailed: true,
    limit: unlimited(),
    ...overrides,
  };
}

/** An Idempotency-Key as the site's server passes it on (a hash of the request it came with). */
export const idempotency = (key = randomUUID()) => ({ key, requestHash: `hash-of-${key}` });

/** A store `update` as the site's server asks it (store-contract.ts, updateRequestSchema). */
export function updateRequest(lead: { id: string; token: string }, update: unknown): UpdateRequest {
  return {
    id: lead.id,
    token: lead.token,
    update: update as QuoteUpdate,
    timeZone: SITE.timeZone,
    limit: unlimited(),
  };
}

/** The result of an operation the function carried out (HTTP 200), whatever it was. */
export async function resultOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { result: Record<string, unknown> }).result;
}

/** The quote_requests columns that keep a lead's answers (the site's camelCase names). */
export function answerColumns(answers: {
  name: string;
  email: string;
  phone: string;
  address: string;
  message?: string;
  paneCount: string;
  frequency: string;
  addOns: Record<AddOnId, boolean>;
  isPostConstruction: string;
  stories: string;
  totalPrice: number;
  sourcePage: string;
}): Record<string, unknown> {
  return {
    name: answers.name,
    email: answers.email,
    phone: answers.phone,
    address: answers.address,
    message: answers.message,
    pane_count: answers.paneCount,
    frequency: answers.frequency,
    ...Object.fromEntries(ADD_ONS.map(({ id }) => [`add_on_${id}`, answers.addOns[id]])),
    is_post_construction: answers.isPostConstruction,
    stories: answers.stories,
    total_price: answers.totalPrice,
    source_page: answers.sourcePage,
  };
}

/** The function's path of a store operation, as the site's server posts it. */
export const operationPath = (operation: StoreOperation) =>
  `${FUNCTION_PATH}/${storePath(operation)}`;

/** The `apikey` header as the site's server sends it (lib/leads/forward.ts), or none for null. */
export const keyHeader = (key: string | null = SECRET_KEY): Record<string, string> =>
  key === null ? {} : { apikey: key };

/** A price sheet of a day when every price was `usd` lower than today's table (a price lock test). */
export function sheetCheaperBy(usd: number) {
  const before = (price: number) => price - usd;
  return {
    plans: Object.fromEntries(
      Object.entries(PRICE_TABLE).map(([range, plans]) => [
        range,
        Object.fromEntries(Object.entries(plans).map(([plan, price]) => [plan, before(price)])),
      ]),
    ),
    addOns: Object.fromEntries(ADD_ONS.map((addOn) => [addOn.id, before(addOn.price)])),
  };
}

export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

export type SharedSite = Awaited<ReturnType<typeof startSharedSite>>;

export const test = base.extend<
  object,
  { backend: Backend; site: SharedSite; sharedSites: { a: SharedSite; b: SharedSite } }
>({
  backend: [
    async ({}, provide) => {
      const webhook = await startWebhookStub();
      try {
        const stack = await startStack({
          secretKeys: [SECRET_KEY, OTHER_SECRET_KEY],
          webhookUrl: webhook.url,
          webhookSecret: WEBHOOK_SECRET,
          mail: MAIL_TIMING,
        });
        const quotes: Backend["quotes"] = (operation, request, options = {}) => {
          return fetch(`${stack.supabaseUrl}${operationPath(operation)}`, {
            method: "POST",
            headers: {
              ...keyHeader(options.key),
              "Content-Type": options.contentType ?? "application/json",
              ...options.headers,
            },
            body: typeof request === "string" ? request : JSON.stringify(request),
          });
        };
        try {
          await provide({
            cluster: stack.cluster,
            webhook,
            gateway: stack.gateway,
            supabaseUrl: stack.supabaseUrl,
            quotes,
            createLead: async (quote, overrides) => {
              const result = await resultOf(
                await quotes("create", createRequest(quote, overrides)),
              );
              expect(result.status, JSON.stringify(result)).toBe("created");
              const lead = result.lead as { id: string };
              return { id: lead.id, token: String(result.token), result };
            },
            updateLead: async (lead, update) =>
              resultOf(await quotes("update", updateRequest(lead, update))),
            outbox: (body, options = {}) =>
              fetch(`${stack.supabaseUrl}${FUNCTION_PATH}/outbox`, {
                method: "POST",
                headers: { ...keyHeader(options.key), "Content-Type": "application/json" },
                body: JSON.stringify(body),
              }),
            functionLog: () => stack.function.output(),
            leads: (where) =>
              stack.cluster.rows(
                `select * from public.quote_requests where ${where} order by created_at`,
              ),
          });
        } finally {
          await stack.stop();
        }
      } finally {
        await webhook.stop();
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  site: [
    async ({ backend }, provide) => {
      // The calculator walks from 127.0.0.1 here: their limits are not what is tested.
      const site = await startSharedSite(backend.supabaseUrl, SECRET_KEY, {
        LEADS_CREATE_LIMIT: "10000",
        LEADS_UPDATE_LIMIT: "10000",
      });
      try {
        await provide(site);
      } finally {
        await site.stop();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
  // Two servers of the site on the shared store, on their own ports, sharing the backend's PostgreSQL.
  sharedSites: [
    async ({ backend }, provide) => {
      const start = () => startSharedSite(backend.supabaseUrl, SECRET_KEY);
      const [a, b] = await Promise.all([start(), start()]);
      try {
        await provide({ a, b });
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

export { expect };
