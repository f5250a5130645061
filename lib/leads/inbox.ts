import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { FREQUENCIES } from "@/content/pricing";
import { quoteTotal } from "@/lib/quote/pricing";
import { PANE_RANGE_IDS, POST_CONSTRUCTION_ANSWERS, STORIES } from "@/lib/quote/choices";
import type { QuoteRequest, QuoteUpdate } from "@/lib/quote/schema";
import { isUniqueViolation, openLeadDatabase, transaction } from "./database";
import { LeadOutbox, enqueueDelivery } from "./outbox";
import { leadPayload } from "./payload";

export const FORWARD_STATUSES = ["off", "pending", "forwarded", "failed"] as const;
export type ForwardStatus = (typeof FORWARD_STATUSES)[number];

const flag = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);

/** A row as SQLite returns it, checked and renamed: nothing read back is trusted by cast. */
const leadRowSchema = z
  .object({
    id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    message: z.string(),
    pane_count: z.enum(PANE_RANGE_IDS),
    frequency: z.enum(FREQUENCIES),
    add_interior: flag,
    add_screens: flag,
    add_tracks: flag,
    is_post_construction: z.enum(POST_CONSTRUCTION_ANSWERS).nullable(),
    stories: z.enum(STORIES).nullable(),
    total_price: z.number().int(),
    client_total_price: z.number().int().nullable(),
    source_page: z.string().nullable(),
    forward_status: z.enum(FORWARD_STATUSES),
    forward_error: z.string().nullable(),
    forwarded_at: z.string().nullable(),
    idempotency_key: z.string(),
    spam_reason: z.string().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    message: row.message,
    paneCount: row.pane_count,
    frequency: row.frequency,
    addOns: { interior: row.add_interior, screens: row.add_screens, tracks: row.add_tracks },
    isPostConstruction: row.is_post_construction,
    stories: row.stories,
    /** The server's price, computed from the price table. */
    totalPrice: row.total_price,
    /** What the browser claimed, kept only for comparison. */
    clientTotalPrice: row.client_total_price,
    sourcePage: row.source_page,
    forwardStatus: row.forward_status,
    forwardError: row.forward_error,
    forwardedAt: row.forwarded_at,
    /** The key every delivery of this lead to the lead function carries. */
    idempotencyKey: row.idempotency_key,
    /** Why a bot trap flagged it (kept, never forwarded), or null for a real lead. */
    spamReason: row.spam_reason,
  }));

export type Lead = z.output<typeof leadRowSchema>;

const storedAnswerSchema = z.object({ id: z.string(), token: z.string() });

export type CreateMeta = {
  sourcePage: string | null;
  /** Whether deliveries to the lead function are queued (Supabase is configured). */
  forwarding: boolean;
  /** The client's Idempotency-Key and a fingerprint of its request, when it sent one. */
  idempotency?: { key: string; requestHash: string } | null;
  /** Set when a bot trap caught the request: stored for the owner, never forwarded. */
  spamReason?: string | null;
};

export type CreateResult =
  | { status: "created"; lead: Lead; token: string }
  | { status: "replayed"; id: string; token: string }
  | { status: "key_reused" };

export type UpdateResult =
  { status: "updated"; lead: Lead } | { status: "not_found" } | { status: "forbidden" };

const LEAD_COLUMNS = `id, created_at, updated_at, name, email, phone, address, message, pane_count, frequency,
  add_interior, add_screens, add_tracks, is_post_construction, stories, total_price, client_total_price,
  source_page, forward_status, forward_error, forwarded_at, idempotency_key, spam_reason`;

function hashToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

const now = () => new Date().toISOString();

/** The embedded lead inbox: every acknowledged quote request lives here, forwarded or not. */
export class LeadInbox {
  /** What is still owed to the lead function, and what it refused. */
  readonly outbox: LeadOutbox;

  constructor(private readonly db: DatabaseSync) {
    this.outbox = new LeadOutbox(db);
  }

  /**
   * Stores a new lead with the server's own price (and, when forwarding, its outbox row) in one
   * transaction and returns its id and the token that authorises later updates; it returns only
   * after the commit. With an Idempotency-Key it is done once per key: the same key again gets the
   * first answer back, the same key with another request is refused.
   */
  create(request: QuoteRequest, meta: CreateMeta): CreateResult {
    try {
      return transaction(this.db, () => this.createInTransaction(request, meta));
    } catch (error) {
      // The key's PRIMARY KEY refused a twin that slipped past the lookup: answer as its first use.
      if (meta.idempotency && isUniqueViolation(error)) {
        const earlier = this.earlierAnswer(meta.idempotency);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  private createInTransaction(request: QuoteRequest, meta: CreateMeta): CreateResult {
    if (meta.idempotency) {
      const earlier = this.earlierAnswer(meta.idempotency);
      if (earlier) return earlier;
    }
    const id = randomUUID();
    const token = randomBytes(24).toString("base64url");
    const at = now();
    const spamReason = meta.spamReason ?? null;
    this.db
      .prepare(
        `INSERT INTO leads (id, token_hash, created_at, updated_at, name, email, phone, address, message,
           pane_count, frequency, add_interior, add_screens, add_tracks, is_post_construction, stories,
           total_price, client_total_price, source_page, forward_status, idempotency_key, spam_reason)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        hashToken(token).toString("hex"),
        at,
        at,
        request.name,
        request.email,
        request.phone,
        request.address,
        request.message ?? "",
        request.paneCount,
        request.frequency,
        Number(request.addOns.interior),
        Number(request.addOns.screens),
        Number(request.addOns.tracks),
        request.isPostConstruction || null,
        request.stories || null,
        quoteTotal(request.paneCount, request.frequency, request.addOns),
        request.totalPrice,
        meta.sourcePage,
        "off",
        meta.idempotency?.key ?? randomUUID(),
        spamReason,
      );
    if (meta.idempotency) {
      this.db
        .prepare(
          "INSERT INTO idempotency_keys (key, request_hash, lead_id, answer, created_at) VALUES (?, ?, ?, ?, ?)",
        )
        .run(
          meta.idempotency.key,
          meta.idempotency.requestHash,
          id,
          JSON.stringify({ id, token }),
          at,
        );
    }
    const lead = this.mustGet(id);
    if (meta.forwarding && !spamReason)
      enqueueDelivery(this.db, { leadId: id, kind: "create", payload: leadPayload(lead) });
    return { status: "created", lead: this.mustGet(id), token };
  }

  /** The first answer given to an Idempotency-Key, or "key_reused" when the request differs. */
  earlierAnswer(idempotency: { key: string; requestHash: string }): CreateResult | undefined {
    const row = this.db
      .prepare("SELECT request_hash, answer FROM idempotency_keys WHERE key = ?")
      .get(idempotency.key);
    if (!row) return undefined;
    if (row.request_hash !== idempotency.requestHash) return { status: "key_reused" };
    const answer = storedAnswerSchema.parse(JSON.parse(String(row.answer)));
    return { status: "replayed", id: answer.id, token: answer.token };
  }

  /** Applies steps 5-6 and the current plan when the token matches, recomputing the price. */
  update(
    id: string,
    token: string,
    update: QuoteUpdate,
    meta: { forwarding: boolean },
  ): UpdateResult {
    return transaction(this.db, (): UpdateResult => {
      const row = this.db.prepare("SELECT token_hash FROM leads WHERE id = ?").get(id);
      if (!row || typeof row.token_hash !== "string") return { status: "not_found" };
      const expected = Buffer.from(row.token_hash, "hex");
      if (!timingSafeEqual(expected, hashToken(token))) return { status: "forbidden" };
      const lead = this.mustGet(id);
      this.db
        .prepare(
          `UPDATE leads SET is_post_construction = ?, stories = ?, frequency = ?, total_price = ?, updated_at = ?,
             forward_status = ? WHERE id = ?`,
        )
        .run(
          update.isPostConstruction,
          update.stories,
          update.frequency,
          quoteTotal(lead.paneCount, update.frequency, lead.addOns),
          now(),
          lead.forwardStatus,
          id,
        );
      const updated = this.mustGet(id);
      if (meta.forwarding && updated.spamReason === null) {
        enqueueDelivery(this.db, { leadId: id, kind: "update", payload: leadPayload(updated) });
      }
      return { status: "updated", lead: this.mustGet(id) };
    });
  }

  get(id: string): Lead | undefined {
    const row = this.db.prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`).get(id);
    return row ? leadRowSchema.parse(row) : undefined;
  }

  /** Finds a lead by its id or a unique prefix of it, as the owner types it. */
  find(idOrPrefix: string): Lead | "ambiguous" | undefined {
    const rows = this.db
      .prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id LIKE ? ESCAPE '\\' LIMIT 2`)
      .all(`${idOrPrefix.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`);
    if (rows.length > 1) return "ambiguous";
    return rows[0] ? leadRowSchema.parse(rows[0]) : undefined;
  }

  /** Newest first: the real leads, or only those a bot trap flagged, or only those the CRM refused. */
  list({
    limit = 1_000_000,
    only = "leads",
  }: { limit?: number; only?: "leads" | "spam" | "failed" | "all" } = {}): Lead[] {
    const where = {
      leads: "spam_reason IS NULL",
      spam: "spam_reason IS NOT NULL",
      failed: "EXISTS (SELECT 1 FROM outbox WHERE lead_id = leads.id AND status = 'dead')",
      all: "1 = 1",
    }[only];
    return this.db
      .prepare(
        `SELECT ${LEAD_COLUMNS} FROM leads WHERE ${where} ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(limit)
      .map((row) => leadRowSchema.parse(row));
  }

  /** How many leads a bot trap flagged. */
  spamCount(): number {
    const row = this.db
      .prepare("SELECT COUNT(*) AS n FROM leads WHERE spam_reason IS NOT NULL")
      .get();
    return Number(row?.n ?? 0);
  }

  close(): void {
    this.db.close();
  }

  private mustGet(id: string): Lead {
    const lead = this.get(id);
    if (!lead) throw new Error(`Lead ${id} vanished inside its own transaction.`);
    return lead;
  }
}

export function openLeadInbox(file: string): LeadInbox {
  return new LeadInbox(openLeadDatabase(file));
}
