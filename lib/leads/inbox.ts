import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import {
  MailOutbox,
  enqueueLeadChangeMail,
  enqueueNewLeadMail,
  releaseHeldMail,
  type MailTiming,
} from "@/lib/mail/mail-outbox";
import { isExpired, validUntil } from "@/lib/quote/price-lock";
import { currentPriceSheet, priceSheetSchema, type PriceSheet } from "@shared/quote/locked-price";
import { quoteTotal } from "@shared/quote/pricing";
import type { QuoteRequest, QuoteUpdate } from "@shared/quote/schema";
import { checkInboxUsable, isUniqueViolation, openLeadDatabase, transaction } from "./database";
import {
  addOnFlags,
  insertLead,
  parseLeadRow,
  selectLeads,
  updateLead,
  type Lead,
} from "./lead-table";
import { LeadOutbox, enqueueDelivery } from "./outbox";
import { leadPayload } from "./payload";
import { savedQuoteUrl } from "./saved-quote";
import { REPLAY_WINDOW_MS } from "@shared/leads/store-contract";
import { updateColumns } from "@shared/leads/update-columns";

export type { Lead } from "./lead-table";

/** The answer kept per Idempotency-Key; its token is dropped once replays are over. */
const storedAnswerSchema = z.object({ id: z.string(), token: z.string().optional() });

/** The replay window is the same on both stores (./store-contract.ts). */
export { REPLAY_WINDOW_MS };

export type CreateMeta = {
  sourcePage: string | null;
  /** Whether deliveries to the lead function are queued (Supabase is configured). */
  forwarding: boolean;
  /** When notifications are on, when the owner's e-mails leave; null queues no e-mail. */
  mail?: MailTiming | null;
  /** The client's Idempotency-Key and a fingerprint of its request, when it sent one. */
  idempotency?: { key: string; requestHash: string } | null;
  /** Set when a bot trap caught the request: the owner is told, nothing forwarded until he releases it. */
  spamReason?: string | null;
};

/** What a repeated Idempotency-Key gets instead of a new lead. */
export type EarlierAnswer =
  | { status: "replayed"; id: string; token: string; linkEmailed: boolean }
  /** The same key and request again after the replay window: the lead exists, its token is gone. */
  | { status: "replay_expired"; id: string; receivedAt: string }
  | { status: "key_reused" };

export type CreateResult =
  | {
      status: "created";
      lead: Lead;
      token: string;
      /** The visitor's confirmation, with the link to their saved quote, is queued. */
      linkEmailed: boolean;
    }
  | EarlierAnswer;

export type UpdateResult =
  | { status: "updated"; lead: Lead }
  | { status: "not_found" }
  | { status: "forbidden" }
  /** The price lock ran out (lib/quote/price-lock.ts): nothing changed. */
  | { status: "expired"; validUntil: string };

export type ReleaseResult =
  | {
      status: "released";
      lead: Lead;
      /** Why the bot traps had flagged it. */
      reason: string;
      /** Queued for the lead function (forwarding is configured). */
      forwarded: boolean;
      /** Whether a held confirmation was released, and with the saved-quote link. */
      confirmation: { released: boolean; withLink: boolean };
    }
  | { status: "not_found" }
  | { status: "not_spam" };

/** A saved quote is shown only to its token; an unknown id and a wrong token look the same. */
export type ViewResult = { status: "found"; lead: Lead } | { status: "not_found" };

function hashToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/** Compared even when there is no lead, so the answer's timing does not tell the two apart. */
const NO_LEAD_HASH = hashToken("no such lead");

const now = () => new Date().toISOString();

/** The embedded lead inbox: every acknowledged quote request lives here, forwarded or not. */
export class LeadInbox {
  /** What is still owed to the lead function, and what it refused. */
  readonly outbox: LeadOutbox;
  /** The e-mails owed to the owner and the visitor (lib/mail/mail-outbox.ts). */
  readonly mail: MailOutbox;

  constructor(private readonly db: DatabaseSync) {
    this.outbox = new LeadOutbox(db);
    this.forgetExpiredTokens();
    this.mail = new MailOutbox(db);
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
    this.forgetExpiredTokens();
    if (meta.idempotency) {
      const earlier = this.earlierAnswer(meta.idempotency);
      if (earlier) return earlier;
    }
    const id = randomUUID();
    const token = randomBytes(24).toString("base64url");
    const at = now();
    const spamReason = meta.spamReason ?? null;
    insertLead(this.db, {
      id,
      token_hash: hashToken(token).toString("hex"),
      created_at: at,
      updated_at: at,
      name: request.name,
      email: request.email,
      phone: request.phone,
      address: request.address,
      message: request.message ?? "",
      pane_count: request.paneCount,
      frequency: request.frequency,
      ...addOnFlags(request.addOns),
      is_post_construction: request.isPostConstruction || null,
      stories: request.stories || null,
      total_price: quoteTotal(request.paneCount, request.frequency, request.addOns),
      client_total_price: request.totalPrice,
      source_page: meta.sourcePage,
      forward_status: "off",
      forward_error: null,
      forwarded_at: null,
      idempotency_key: meta.idempotency?.key ?? randomUUID(),
      spam_reason: spamReason,
      visit_earliest_date: null,
      visit_part_of_day: null,
      price_sheet: JSON.stringify(currentPriceSheet()),
      attribution: request.attribution ? JSON.stringify(request.attribution) : null,
    });
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
      enqueueDelivery(this.db, {
        leadId: id,
        kind: "create",
        payload: leadPayload(lead, "create"),
      });
    // A flagged lead's e-mails are queued too: the owner's says it is suspected spam, the
    // visitor's is held, and the answer is a real lead's (docs/leads.md, "Bot traps and limits").
    const linkEmailed = meta.mail
      ? enqueueNewLeadMail(this.db, lead, meta.mail, { quoteUrl: savedQuoteUrl(id, token) })
      : false;
    return { status: "created", lead: this.mustGet(id), token, linkEmailed };
  }

  /**
   * The first answer given to an Idempotency-Key, or "key_reused" when the request differs, or
   * "replay_expired" when the replay window is over (whether or not the token was erased yet).
   */
  earlierAnswer(
    idempotency: { key: string; requestHash: string },
    at = Date.now(),
  ): EarlierAnswer | undefined {
    const row = this.db
      .prepare("SELECT request_hash, answer, created_at FROM idempotency_keys WHERE key = ?")
      .get(idempotency.key);
    if (!row) return undefined;
    if (row.request_hash !== idempotency.requestHash) return { status: "key_reused" };
    const answer = storedAnswerSchema.parse(JSON.parse(String(row.answer)));
    const receivedAt = String(row.created_at);
    if (answer.token === undefined || Date.parse(receivedAt) <= at - REPLAY_WINDOW_MS)
      return { status: "replay_expired", id: answer.id, receivedAt };
    return {
      status: "replayed",
      id: answer.id,
      token: answer.token,
      linkEmailed: this.linkEmailed(answer.id),
    };
  }

  /** Whether the lead's confirmation, with its saved-quote link, was queued (not over the cap). */
  private linkEmailed(leadId: string): boolean {
    const row = this.db
      .prepare(
        "SELECT 1 FROM mail_outbox WHERE lead_id = ? AND kind = 'visitor' AND status != 'capped'",
      )
      .get(leadId);
    return row !== undefined;
  }

  /**
   * Erases the raw token from every idempotency record older than the replay window: only its
   * hash, on the lead, is needed after that. A confirmation that was refused or gave up keeps its
   * saved-quote link (which holds the token) no longer either; a `leads retry` then sends it
   * without the link. Runs when the inbox opens and on each new lead. Returns the records erased.
   */
  forgetExpiredTokens(at = Date.now()): number {
    const before = new Date(at - REPLAY_WINDOW_MS).toISOString();
    this.db
      .prepare(
        `UPDATE mail_outbox SET quote_url = NULL
         WHERE quote_url IS NOT NULL AND status != 'pending' AND created_at <= ?`,
      )
      .run(before);
    const result = this.db
      .prepare(
        `UPDATE idempotency_keys SET answer = json_object('id', lead_id)
         WHERE created_at <= ? AND json_extract(answer, '$.token') IS NOT NULL`,
      )
      .run(before);
    return Number(result.changes);
  }

  /** The lead's price sheet; a lead made before sheets were kept is priced from today's table. */
  private priceSheet(id: string): PriceSheet {
    const row = this.db.prepare("SELECT price_sheet FROM leads WHERE id = ?").get(id);
    const stored = z.object({ price_sheet: z.string().nullable() }).parse(row).price_sheet;
    return stored === null ? currentPriceSheet() : priceSheetSchema.parse(JSON.parse(stored));
  }

  /**
   * Applies what the update carries when the token matches and the price lock still holds,
   * recomputing the price from the lead's price sheet.
   */
  update(
    id: string,
    token: string,
    update: QuoteUpdate,
    meta: { forwarding: boolean; mail?: MailTiming | null; now?: Date },
  ): UpdateResult {
    return transaction(this.db, (): UpdateResult => {
      const access = this.authorize(id, token);
      if (access !== "ok") return { status: access };
      const lead = this.mustGet(id);
      const now = meta.now ?? new Date();
      if (isExpired(lead.createdAt, now)) {
        return { status: "expired", validUntil: validUntil(lead.createdAt) };
      }
      updateLead(this.db, id, {
        ...updateColumns(lead, update, this.priceSheet(id), (on) => (on ? 1 : 0)),
        updated_at: now.toISOString(),
      });
      const updated = this.mustGet(id);
      if (meta.forwarding && updated.spamReason === null) {
        enqueueDelivery(this.db, {
          leadId: id,
          kind: "update",
          payload: leadPayload(updated, "update"),
        });
      }
      // A repeat of the answers already stored tells the owner nothing new.
      const changed =
        JSON.stringify(leadPayload(lead, "update")) !==
        JSON.stringify(leadPayload(updated, "update"));
      // A flagged lead's changes reach the owner too, marked like its first e-mail.
      if (meta.mail && changed) {
        enqueueLeadChangeMail(this.db, updated, meta.mail);
      }
      return { status: "updated", lead: updated };
    });
  }

  /**
   * The owner's verdict on a spam-flagged lead: it is a real one. In one transaction the flag is
   * cleared, the lead is queued for the lead function as it stands (when forwarding), as a real
   * lead's create would have been, and its held confirmation is released. Only a flagged lead can
   * be released, so it happens once.
   */
  release(id: string, meta: { forwarding: boolean; now?: number }): ReleaseResult {
    return transaction(this.db, (): ReleaseResult => {
      const lead = this.get(id);
      if (!lead) return { status: "not_found" };
      if (lead.spamReason === null) return { status: "not_spam" };
      updateLead(this.db, id, { spam_reason: null });
      const released = this.mustGet(id);
      if (meta.forwarding) {
        enqueueDelivery(this.db, {
          leadId: id,
          kind: "create",
          payload: leadPayload(released, "create"),
        });
      }
      const confirmation = releaseHeldMail(this.db, id, meta.now);
      return {
        status: "released",
        lead: this.mustGet(id),
        reason: lead.spamReason,
        forwarded: meta.forwarding,
        confirmation,
      };
    });
  }

  /** The lead its token opens (the saved-quote page); anything else is "not_found". */
  view(id: string, token: string): ViewResult {
    return this.authorize(id, token) === "ok"
      ? { status: "found", lead: this.mustGet(id) }
      : { status: "not_found" };
  }

  /** Whether the token is this lead's, compared in constant time against its stored hash. */
  private authorize(id: string, token: string): "ok" | "not_found" | "forbidden" {
    const row = this.db.prepare("SELECT token_hash FROM leads WHERE id = ?").get(id);
    const stored = row && typeof row.token_hash === "string" ? row.token_hash : null;
    const expected = stored ? Buffer.from(stored, "hex") : NO_LEAD_HASH;
    const matches = timingSafeEqual(expected, hashToken(token));
    if (!stored) return "not_found";
    return matches ? "ok" : "forbidden";
  }

  get(id: string): Lead | undefined {
    const row = this.db.prepare(selectLeads("WHERE id = ?")).get(id);
    return row ? parseLeadRow(row) : undefined;
  }

  /** Finds a lead by its id or a unique prefix of it, as the owner types it. */
  find(idOrPrefix: string): Lead | "ambiguous" | undefined {
    const rows = this.db
      .prepare(selectLeads("WHERE id LIKE ? ESCAPE '\\' LIMIT 2"))
      .all(`${idOrPrefix.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`);
    if (rows.length > 1) return "ambiguous";
    return rows[0] ? parseLeadRow(rows[0]) : undefined;
  }

  /** Newest first: the real leads, or only those a bot trap flagged, or only those the CRM or SMTP refused. */
  list({
    limit = 1_000_000,
    only = "leads",
  }: { limit?: number; only?: "leads" | "spam" | "failed" | "all" } = {}): Lead[] {
    const where = {
      leads: "spam_reason IS NULL",
      spam: "spam_reason IS NOT NULL",
      failed: `EXISTS (SELECT 1 FROM outbox WHERE lead_id = leads.id AND status = 'dead')
               OR EXISTS (SELECT 1 FROM mail_outbox WHERE lead_id = leads.id AND status = 'dead')`,
      all: "1 = 1",
    }[only];
    return this.db
      .prepare(selectLeads(`WHERE ${where} ORDER BY created_at DESC, rowid DESC LIMIT ?`))
      .all(limit)
      .map(parseLeadRow);
  }

  /** How many leads a bot trap flagged. */
  spamCount(): number {
    const row = this.db
      .prepare("SELECT COUNT(*) AS n FROM leads WHERE spam_reason IS NOT NULL")
      .get();
    return Number(row?.n ?? 0);
  }

  /** Throws unless the inbox reads back whole and takes a write (the server's readiness check). */
  checkUsable(): void {
    checkInboxUsable(this.db);
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

/** Opens the inbox at `file`; `checkUsable` (the server's start) also proves it reads and writes. */
export function openLeadInbox(file: string, { checkUsable = false } = {}): LeadInbox {
  const db = openLeadDatabase(file);
  try {
    if (checkUsable) checkInboxUsable(db);
    return new LeadInbox(db);
  } catch (error) {
    db.close();
    throw error;
  }
}
