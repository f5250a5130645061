import { randomUUID } from "node:crypto";
import { ADD_ONS, PRICE_TABLE, type AddOnId } from "@shared/content/pricing";
import { test as base } from "../e2e/test";
import { SAMPLE_DELIVERY } from "@shared/quote/sample-quote";
import { signatureHeaders } from "@shared/leads/request-signature";
import { startSharedSite } from "./site";
import { newSigningSecret, startStack, type Stack } from "./stack";
import { startWebhookStub } from "./webhook-stub";

/** Stands in for the project's anon key; the gateway stub checks the site presents it. */
export const ANON_KEY = "test-anon-key";
/** The secret the site signs with, and the one it signed with before the rotation. */
export const SIGNING_SECRET = newSigningSecret();
export const PREVIOUS_SIGNING_SECRET = newSigningSecret();

export const FUNCTION_PATH = "/functions/v1/crm-lead";
/** The e-mails' timing in the backend tests: short, so the owner's e-mail falls due within a test. */
export const MAIL_TIMING = { windowMs: 3_000, settleMs: 500 };

export type DeliverOptions = {
  key?: string;
  contentType?: string;
  /** Signs with this secret instead; null sends the request unsigned. */
  secret?: string | null;
  /** The signature's headers to send, made by the caller (a replay). */
  signature?: Record<string, string>;
};

export type Backend = {
  cluster: Stack["cluster"];
  webhook: Awaited<ReturnType<typeof startWebhookStub>>;
  gateway: Stack["gateway"];
  /** Where supabase-js points: SUPABASE_URL. */
  supabaseUrl: string;
  /** POSTs one delivery the way the site's server does, through the gateway, signed. */
  deliver: (body: unknown, options?: DeliverOptions) => Promise<Response>;
  /** POSTs a command to the function's outbox (`/crm-lead/outbox`), signed as the site signs. */
  outbox: (body: unknown, options?: Pick<DeliverOptions, "secret">) => Promise<Response>;
  /** quote_requests rows matching a SQL condition. */
  leads: (where: string) => Promise<Array<Record<string, unknown>>>;
  /** The function's log so far (one JSON line per event), for a failing assertion's message. */
  functionLog: () => string;
};

/** A valid step-4 delivery (the sample the function's unit tests use too) with a fresh lead id. */
export function delivery(overrides: Record<string, unknown> = {}) {
  return { ...SAMPLE_DELIVERY, id: randomUUID(), sourcePage: "/", ...overrides };
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

/** The headers that sign a delivery as the site's server does (lib/leads/forward.ts). */
export function signed(
  text: string,
  key: string | null,
  secret = SIGNING_SECRET,
  path = FUNCTION_PATH,
) {
  return signatureHeaders(secret, {
    method: "POST",
    path,
    idempotencyKey: key,
    body: text,
  });
}

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
          anonKey: ANON_KEY,
          signingSecrets: [SIGNING_SECRET, PREVIOUS_SIGNING_SECRET],
          webhookUrl: webhook.url,
          mail: MAIL_TIMING,
        });
        try {
          await provide({
            cluster: stack.cluster,
            webhook,
            gateway: stack.gateway,
            supabaseUrl: stack.supabaseUrl,
            deliver: async (body, options = {}) => {
              const text = typeof body === "string" ? body : JSON.stringify(body);
              const key = options.key ?? null;
              const signature =
                options.signature ??
                (options.secret === null ? {} : await signed(text, key, options.secret));
              return fetch(`${stack.supabaseUrl}${FUNCTION_PATH}`, {
                method: "POST",
                headers: {
                  Authorization: `Bearer ${ANON_KEY}`,
                  apikey: ANON_KEY,
                  "Content-Type": options.contentType ?? "application/json",
                  ...(key ? { "Idempotency-Key": key } : {}),
                  ...signature,
                },
                body: text,
              });
            },
            outbox: async (body, options = {}) => {
              const text = JSON.stringify(body);
              const path = `${FUNCTION_PATH}/outbox`;
              const signature =
                options.secret === null ? {} : await signed(text, null, options.secret, path);
              return fetch(`${stack.supabaseUrl}${path}`, {
                method: "POST",
                headers: {
                  Authorization: `Bearer ${ANON_KEY}`,
                  apikey: ANON_KEY,
                  "Content-Type": "application/json",
                  ...signature,
                },
                body: text,
              });
            },
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
      const site = await startSharedSite(backend.supabaseUrl, ANON_KEY, SIGNING_SECRET, {
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
      const start = () => startSharedSite(backend.supabaseUrl, ANON_KEY, SIGNING_SECRET);
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

export { expect } from "../e2e/test";
