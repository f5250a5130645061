import { z } from "zod";
import {
  answers,
  attributionSchema,
  quoteRequestSchema,
  quoteUpdateSchema,
} from "../quote/schema.ts";
import { priceSheetSchema } from "../quote/locked-price.ts";

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

/** The site's rate limits count requests per 10 minutes; updates 60 unless LEADS_UPDATE_LIMIT says. */
export const LIMIT_WINDOW_MS = 10 * 60_000;
export const DEFAULT_UPDATE_LIMIT = 60;

/** The longest window a rate limit may have: a day. */
export const MAX_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One client's rate limit, counted in PostgreSQL: `capacity` requests per `windowMs`, refilled evenly. */
export const rateLimitSchema = z.strictObject({
  /** The client, as the site's server tells them apart: a hash of its address (clientAddress). */
  client: z.string().min(1).max(200),
  capacity: z.int().min(1).max(9_999_999),
  windowMs: z.int().min(1_000).max(MAX_LIMIT_WINDOW_MS),
});

/** An Idempotency-Key (a UUID) and the hash of the request it was sent with. */
const idempotency = z.strictObject({ key: z.uuid(), requestHash: z.string().min(1).max(128) });

/** A lead's version, as its ETag carries it. */
const version = z.int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A lead's own limit on updates, whoever sends them; the default is a site's that sends none
 * (one deployed before it) and the one LEADS_UPDATE_LIMIT defaults to.
 */
const leadLimit = rateLimitSchema
  .omit({ client: true })
  .default({ capacity: DEFAULT_UPDATE_LIMIT, windowMs: LIMIT_WINDOW_MS });

export const createRequestSchema = z.strictObject({
  /** The visitor's request as the site validated it; `totalPrice` is the browser's figure. */
  quote: quoteRequestSchema,
  /** The calculator session's key: the same key with other details is an update of its lead. */
  idempotency: idempotency.nullable(),
  sourcePage: z.string().max(2048).nullable(),
  /** Why a bot trap flagged it, or null: kept flagged, never posted to the CRM. */
  spamReason: z.string().min(1).max(500).nullable(),
  /** Whether the visitor's confirmation, with the saved-quote link, is on its way; kept for replays. */
  linkEmailed: z.boolean(),
  limit: rateLimitSchema,
  /** The lead's own limit, taken when the create turns out to be an update of it. */
  leadLimit,
});
export type CreateRequest = z.input<typeof createRequestSchema>;

export const updateRequestSchema = z.strictObject({
  id: uuid,
  token,
  update: quoteUpdateSchema,
  /** The version the update was made on (If-Match), or null: then nothing is refused as stale. */
  baseVersion: version.nullable().default(null),
  /** A repeat of the key gets the first answer (docs/leads.md, "PATCH /api/quote/{id}"). */
  idempotency: idempotency.nullable().default(null),
  /** Whether the site sends e-mails: a new address is then sent its confirmation. */
  linkEmailed: z.boolean().default(false),
  /** The business's time zone: the price lock's days are counted in it. */
  timeZone: z.string().min(1).max(100),
  /** Null for an update whose request was already counted (a PATCH's own read, for its visit window). */
  limit: rateLimitSchema.nullable(),
  /** The lead's own limit on updates, counted whoever sends them (LEADS_UPDATE_LIMIT). */
  leadLimit,
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
  /** Moved by every change: the ETag of every answer about the lead. */
  version,
  /** Each change, oldest first: what it changed, old -> new (update-columns.ts, changedFields). */
  changes: z
    .array(
      z.object({
        version,
        at: z.iso.datetime({ offset: true }),
        fields: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
      }),
    )
    .default([]),
  /** The prices it is held to (docs/pricing.md, "Price lock"); null on a lead kept before sheets were (or from a function deployed before it). */
  priceSheet: z.nullable(priceSheetSchema).default(null),
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
    version,
  }),
  /** The session's key with other details (a copied tab): its lead, updated with them. */
  z.object({
    status: z.literal("merged"),
    lead: storedQuoteSchema,
    token: z.string(),
    linkEmailed: z.boolean(),
  }),
  z.object({ status: z.literal("replay_expired"), id: z.string(), receivedAt: z.string() }),
  z.object({ status: z.literal("key_reused") }),
  limited,
]);
export type CreateResult = z.infer<typeof createResultSchema>;

/** A new e-mail address rotates the token: the new one, and whether the new address is e-mailed it. */
const rotated = z.object({ token: z.string(), linkEmailed: z.boolean() });

export const updateResultSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("updated"),
    lead: storedQuoteSchema,
    rotated: rotated.nullable(),
    /** The first answer to this Idempotency-Key, again. */
    replayed: z.boolean(),
  }),
  /** A field the update carries changed since its version: nothing applied; the lead as it stands. */
  z.object({ status: z.literal("conflict"), lead: storedQuoteSchema }),
  z.object({ status: z.literal("key_reused") }),
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
