import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { FREQUENCIES } from "@/content/pricing";
import { quoteTotal } from "@/lib/quote/pricing";
import { PANE_RANGE_IDS, POST_CONSTRUCTION_ANSWERS, STORIES } from "@/lib/quote/choices";
import type { QuoteRequest, QuoteUpdate } from "@/lib/quote/schema";
import { openLeadDatabase, transaction } from "./database";

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
  }));

export type Lead = z.output<typeof leadRowSchema>;

export type UpdateResult =
  { status: "updated"; lead: Lead } | { status: "not_found" } | { status: "forbidden" };

const LEAD_COLUMNS = `id, created_at, updated_at, name, email, phone, address, message, pane_count, frequency,
  add_interior, add_screens, add_tracks, is_post_construction, stories, total_price, client_total_price,
  source_page, forward_status, forward_error, forwarded_at`;

function hashToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

const now = () => new Date().toISOString();

/** The embedded lead inbox: every acknowledged quote request lives here, forwarded or not. */
export class LeadInbox {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * Stores a new lead with the server's own price and returns its id and the token that
   * authorises later updates. It returns only after the row is committed.
   */
  create(
    request: QuoteRequest,
    meta: { sourcePage: string | null; forwarding: boolean },
  ): { lead: Lead; token: string } {
    const id = randomUUID();
    const token = randomBytes(24).toString("base64url");
    const at = now();
    transaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO leads (id, token_hash, created_at, updated_at, name, email, phone, address, message,
             pane_count, frequency, add_interior, add_screens, add_tracks, is_post_construction, stories,
             total_price, client_total_price, source_page, forward_status)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
          meta.forwarding ? "pending" : "off",
        );
    });
    return { lead: this.mustGet(id), token };
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
             forward_status = ?, forward_error = NULL WHERE id = ?`,
        )
        .run(
          update.isPostConstruction,
          update.stories,
          update.frequency,
          quoteTotal(lead.paneCount, update.frequency, lead.addOns),
          now(),
          meta.forwarding ? "pending" : "off",
          id,
        );
      return { status: "updated", lead: this.mustGet(id) };
    });
  }

  /** Records the outcome of forwarding the lead's latest version to the CRM function. */
  recordForwarding(id: string, outcome: { ok: true } | { ok: false; error: string }): void {
    this.db
      .prepare(
        "UPDATE leads SET forward_status = ?, forward_error = ?, forwarded_at = ? WHERE id = ?",
      )
      .run(
        outcome.ok ? "forwarded" : "failed",
        outcome.ok ? null : outcome.error,
        outcome.ok ? now() : null,
        id,
      );
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

  /** Newest first. */
  list({ limit = 1_000_000 }: { limit?: number } = {}): Lead[] {
    return this.db
      .prepare(`SELECT ${LEAD_COLUMNS} FROM leads ORDER BY created_at DESC, rowid DESC LIMIT ?`)
      .all(limit)
      .map((row) => leadRowSchema.parse(row));
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
