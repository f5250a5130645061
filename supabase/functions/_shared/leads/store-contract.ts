import { z } from "zod";
import {
  answers,
  attributionSchema,
  quoteRequestSchema,
  quoteUpdateSchema,
} from "../quote/schema.ts";

/**
 * The lead store's contract (supabase/README.md, "The store's operations"): what the site's server
 * asks the store to do with a lead, and what it answers. Both sides parse with these schemas.
 */

/** The function's paths for the three operations, below its own (`/crm-lead`). */
export const STORE_OPERATIONS = ["create", "update", "view"] as const;
export type StoreOperation = (typeof STORE_OPERATIONS)[number];
export const storePath = (operation: StoreOperation) => `quotes/${operation}`;

/**
 * How long the store gives one operation, from when the site sent it (the function: from its
 * arrival, when no deadline came with it): it commits before then or is rolled back (pool.ts,
 * beforeDeadline). The site waits longer for the answer (DELIVERY_TIMEOUT_MS,
 * lib/leads/storage-answer.ts), so the same request again finds it done or not done.
 */
export const STORE_DEADLINE_MS = 5_000;

/**
 * The header with which the site gives the lead function its deadline for one operation, in
 * milliseconds since 1970: a request held on its way (a cold start, a queue) gets the time left,
 * not another 5 s after the site has stopped waiting.
 */
export const DEADLINE_HEADER = "x-store-deadline";

/** The operation's deadline: the site's, when it sent one, and never later than `arrival` allows. */
export function operationDeadline(header: string | null, arrival: number): number | null {
  const own = arrival + STORE_DEADLINE_MS;
  if (header === null) return own;
  return /^[0-9]{1,15}$/.test(header) ? Math.min(Number(header), own) : null;
}

/**
 * How long an Idempotency-Key's first answer (with the lead's raw token) can be replayed. After it
 * the token is erased from the record; the key still blocks a second lead (docs/leads.md).
 */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

const uuid = z.uuid().transform((id) => id.toLowerCase());
/** The update token: 24 random bytes, base64url (32 letters); a longer one is no token. */
const token = z.string().min(1).max(200);

/** The longest window a rate limit may have: a day. */
export const MAX_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One client's rate limit, counted in PostgreSQL: `capacity` requests per `windowMs`, refilled evenly. */
export const rateLimitSchema = z.strictObject({
  /** The client, as the site's server tells them apart: a hash of its address (clientAddress). */
  client: z.string().min(1).max(200),
  capacity: z.int().min(1).max(9_999_999),
  windowMs: z.int().min(1_000).max(MAX_LIMIT_WINDOW_MS),
});

export const createRequestSchema = z.strictObject({
  /** The visitor's request as the site validated it; `totalPrice` is the browser's figure. */
  quote: quoteRequestSchema,
  idempotency: z
    .strictObject({ key: z.uuid(), requestHash: z.string().min(1).max(128) })
    .nullable(),
  sourcePage: z.string().max(2048).nullable(),
  /** Why a bot trap flagged it, or null: kept flagged, never posted to the CRM. */
  spamReason: z.string().min(1).max(500).nullable(),
  /** Whether the visitor's confirmation, with the saved-quote link, is on its way; kept for replays. */
  linkEmailed: z.boolean(),
  limit: rateLimitSchema,
});
export type CreateRequest = z.input<typeof createRequestSchema>;

export const updateRequestSchema = z.strictObject({
  id: uuid,
  token,
  update: quoteUpdateSchema,
  /** The business's time zone: the price lock's days are counted in it. */
  timeZone: z.string().min(1).max(100),
  /** Null for an update whose request was already counted (a PATCH's own read, for its visit window). */
  limit: rateLimitSchema.nullable(),
});
export type UpdateRequest = z.input<typeof updateRequestSchema>;

export const viewRequestSchema = z.strictObject({
  id: uuid,
  token,
  limit: rateLimitSchema,
});
export type ViewRequest = z.input<typeof viewRequestSchema>;

/** A lead as the store hands it back: its stored columns, camelCase. */
export const storedQuoteSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  message: z.string(),
  paneCount: answers.paneCount,
  frequency: answers.frequency,
  addOns: answers.addOns,
  isPostConstruction: z.nullable(answers.isPostConstruction),
  stories: z.nullable(answers.stories),
  totalPrice: z.number().int(),
  clientTotalPrice: z.number().int().nullable(),
  sourcePage: z.string().nullable(),
  /** docs/leads.md, "Attribution"; null when none was sent (or from a function deployed before it). */
  attribution: z.nullable(attributionSchema).default(null),
  idempotencyKey: z.string(),
  spamReason: z.string().nullable(),
  visitEarliestDate: z.string().nullable(),
  visitPartOfDay: z.nullable(answers.partOfDay),
  webhookStatus: z.enum(["not_configured", "pending", "delivered", "failed", "held"]),
  webhookError: z.string().nullable(),
  webhookAttemptedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type StoredQuote = z.infer<typeof storedQuoteSchema>;

const limited = z.object({ status: z.literal("limited"), retryAfterSeconds: z.int().min(1) });
const notFound = z.object({ status: z.literal("not_found") });

/** What a create did, the rate limit included (quote-store.ts). */
export const createResultSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("created"),
    lead: storedQuoteSchema,
    token: z.string(),
    linkEmailed: z.boolean(),
  }),
  z.object({
    status: z.literal("replayed"),
    id: z.string(),
    token: z.string(),
    linkEmailed: z.boolean(),
  }),
  z.object({ status: z.literal("replay_expired"), id: z.string(), receivedAt: z.string() }),
  z.object({ status: z.literal("key_reused") }),
  limited,
]);
export type CreateResult = z.infer<typeof createResultSchema>;

export const updateResultSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("updated"), lead: storedQuoteSchema }),
  notFound,
  z.object({ status: z.literal("forbidden") }),
  /** The price lock ran out: nothing changed. `requestedAt` dates the lock. */
  z.object({ status: z.literal("expired"), requestedAt: z.string() }),
  limited,
]);
export type UpdateResult = z.infer<typeof updateResultSchema>;

/** An unknown id and a wrong token look the same. */
export const viewResultSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("found"), lead: storedQuoteSchema }),
  notFound,
  limited,
]);
export type ViewResult = z.infer<typeof viewResultSchema>;

/** The function's answer to an operation it carried out (whatever its outcome): HTTP 200. */
export const storeAnswerSchema = z.object({ success: z.literal(true), result: z.unknown() });

/** The most e-mails one `claim-mail` leases. */
export const MAX_MAIL_CLAIM = 20;

/** The outbox's own requests (supabase/README.md, "The outbox"): POST `/outbox`. */
export const outboxCommandSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("drain") }),
  z.strictObject({ action: z.literal("health") }),
  z.strictObject({ action: z.literal("retry"), leadId: z.uuid().nullable() }),
  z.strictObject({ action: z.literal("claim-mail"), limit: z.int().min(1).max(MAX_MAIL_CLAIM) }),
  z.strictObject({
    action: z.literal("report-mail"),
    id: z.string().regex(/^\d{1,18}$/),
    leaseId: z.uuid(),
    version: z.int().min(1),
    outcome: z.union([
      z.strictObject({ ok: z.literal(true) }),
      z.strictObject({
        ok: z.literal(false),
        retryable: z.boolean(),
        error: z.string().min(1).max(1000),
      }),
    ]),
  }),
]);
export type OutboxCommand = z.input<typeof outboxCommandSchema>;
