import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import type postgres from "postgres";
import { PRICE_LOCK_DAYS } from "../content/pricing.ts";
import {
  type CreateResult,
  createRequestSchema,
  type StoreOperation,
  updateRequestSchema,
  type UpdateResult,
  viewRequestSchema,
  type ViewResult,
} from "./store-contract.ts";
import { firstIssue } from "../quote/schema.ts";
import { currentPriceSheet } from "../quote/locked-price.ts";
import { quoteTotal } from "../quote/pricing.ts";
import { addOnColumns, repricedBy, updateColumns } from "./update-columns.ts";
import { type MailTiming, queueChangeMail, queueNewLeadMail } from "./mail-queue.ts";
import { queueCrmPost } from "./outbox.ts";
import { beforeDeadline } from "./pool.ts";
import { forgetExpiredTokens, replayWindow } from "./release.ts";
import { storedQuote } from "./stored-lead.ts";
import type { z } from "zod";

type Sql = ReturnType<typeof postgres>;
type Transaction = postgres.TransactionSql;

/**
 * The lead store (docs/leads.md, "Where a lead goes"; supabase/README.md, "The store on
 * Supabase"): the site's create, update and view of a lead, each in one transaction. Only the hash
 * of a lead's token is kept on the lead; the raw token stays in the Idempotency-Key's first answer
 * for the replay window only (and on the confirmation's outbox row until it is sent: release.ts).
 */

export type CreateInput = z.output<typeof createRequestSchema>;
export type UpdateInput = z.output<typeof updateRequestSchema>;
export type ViewInput = z.output<typeof viewRequestSchema>;

/** An Idempotency-Key's first answer as kept; its token is erased after the replay window. */
type StoredAnswer = { id: string; token?: string; linkEmailed: boolean };

/** Thrown inside a transaction to roll it back: the client is over its limit. */
class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("rate limited");
  }
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** Compared even when there is no lead, so the answer's timing does not tell the two apart. */
const NO_LEAD_HASH = hashToken("no such lead");

/** Whether `token` is the one whose hash the row has, in constant time (no row: no). */
function tokenMatches(row: { token_hash?: unknown } | undefined, token: string): boolean {
  const stored = typeof row?.token_hash === "string" ? row.token_hash : null;
  const expected = Buffer.from(stored ?? NO_LEAD_HASH, "hex");
  return timingSafeEqual(expected, Buffer.from(hashToken(token), "hex")) && stored !== null;
}

/** One token from the client's bucket (migration 20261205080000), or a rollback with the wait. */
async function takeToken(tx: Transaction, scope: "create" | "update", limit: CreateInput["limit"]) {
  const [row] = await tx`
    select public.take_rate_limit_token(
      ${scope}, ${limit.client}, ${limit.capacity}, ${limit.windowMs}
    ) as wait`;
  const wait = Number(row?.wait ?? 0);
  if (wait > 0) throw new RateLimited(wait);
}

/**
 * The first answer to a key already used (committed: a twin's claim waited for it). A key whose
 * record was purged (retention.ts) is still its lead's: a late replay.
 */
async function earlierAnswer(
  tx: Transaction,
  idempotency: NonNullable<CreateInput["idempotency"]>,
): Promise<CreateResult> {
  const [row] = await tx`
    select q.id, coalesce(k.created_at, q.created_at) as created_at, k.request_hash, k.answer,
      k.created_at <= now() - ${replayWindow(tx)} as over
    from public.quote_requests q
    left join public.lead_idempotency_keys k on k.key = q.idempotency_key
    where q.idempotency_key = ${idempotency.key}`;
  const expired = { status: "replay_expired", id: String(row?.id) } as const;
  const receivedAt = (row?.created_at as Date | undefined)?.toISOString() ?? "";
  if (!row?.request_hash) return { ...expired, receivedAt };
  if (row.request_hash !== idempotency.requestHash) return { status: "key_reused" };
  const answer = row.answer as StoredAnswer;
  if (answer.token === undefined || row.over) return { ...expired, receivedAt };
  return { ...answer, status: "replayed", token: answer.token };
}

/**
 * The create, in its one transaction: the key claimed with the first answer, the rate limit taken,
 * the lead stored with its token's hash and its price sheet. A repeated key gets the first answer
 * (or the refusal it calls for) and costs no rate-limit token.
 */
async function createInTransaction(
  tx: Transaction,
  input: CreateInput,
  { webhookConfigured, mail }: StoreOptions,
): Promise<{ result: CreateResult; crm: boolean }> {
  await forgetExpiredTokens(tx);
  const id = randomUUID();
  const token = randomBytes(24).toString("base64url");
  const { quote, idempotency, linkEmailed, spamReason } = input;
  if (idempotency) {
    const claimed = await tx`
      insert into public.lead_idempotency_keys (key, request_hash, lead_id, answer)
      select ${idempotency.key}, ${idempotency.requestHash}, ${id},
        ${tx.json({ id, token, linkEmailed })}
      where not exists (
        select 1 from public.quote_requests where idempotency_key = ${idempotency.key})
      on conflict (key) do nothing
      returning key`;
    if (claimed.length === 0) return { result: await earlierAnswer(tx, idempotency), crm: false };
  }
  await takeToken(tx, "create", input.limit);
  const sheet = currentPriceSheet();
  const [written] = await tx`
    insert into public.quote_requests ${tx({
      id,
      idempotency_key: idempotency?.key ?? id,
      token_hash: hashToken(token),
      name: quote.name,
      email: quote.email,
      phone: quote.phone,
      address: quote.address,
      message: quote.message ?? "",
      pane_count: quote.paneCount,
      frequency: quote.frequency,
      ...addOnColumns(quote.addOns),
      is_post_construction: quote.isPostConstruction || null,
      stories: quote.stories || null,
      total_price: quoteTotal(quote.paneCount, quote.frequency, quote.addOns, sheet),
      client_total_price: quote.totalPrice,
      source_page: input.sourcePage,
      attribution: quote.attribution ? tx.json(quote.attribution) : null,
      spam_reason: spamReason,
      webhook_status: spamReason ? "held" : webhookConfigured ? "pending" : "not_configured",
      price_sheet: tx.json(sheet),
    })}
    returning *`;
  const stored = storedQuote(written);
  if (!spamReason && webhookConfigured) await queueCrmPost(tx, stored.lead);
  // The site sends e-mails (`linkEmailed`): they are queued with the lead (docs/leads.md,
  // "Notifications"), the confirmation with the token for its link until it is sent (a held one's
  // for the replay window, for its release).
  const onItsWay =
    linkEmailed &&
    (await queueNewLeadMail(tx, stored.lead, mail, {
      quoteToken: token,
      held: spamReason !== null,
    }));
  // A flagged lead's answer is a real one's; a capped confirmation's link is not on its way.
  const emailed = linkEmailed && (onItsWay || spamReason !== null);
  if (idempotency && emailed !== linkEmailed) {
    await tx`
      update public.lead_idempotency_keys set answer = ${tx.json({ id, token, linkEmailed: emailed })}
      where key = ${idempotency.key}`;
  }
  return {
    result: { status: "created", lead: stored.quote, token, linkEmailed: emailed },
    crm: spamReason === null,
  };
}

/**
 * An update, in its one transaction: the rate limit taken, the lead's row locked, the token checked
 * against its hash, the price lock checked (its days counted in `timeZone`), then what the update
 * carries applied. A plan or add-on change is priced from the lead's price sheet (the table of the
 * day it was quoted); nothing else moves the price.
 */
async function updateInTransaction(
  tx: Transaction,
  input: UpdateInput,
  { mail }: StoreOptions,
): Promise<{ result: UpdateResult; crm: boolean }> {
  if (input.limit) await takeToken(tx, "update", input.limit);
  const [row] = await tx`
    select *,
      (now() at time zone ${input.timeZone})::date
        > (created_at at time zone ${input.timeZone})::date + ${PRICE_LOCK_DAYS}::integer as lock_over
    from public.quote_requests where id = ${input.id} for update`;
  const matches = tokenMatches(row, input.token);
  if (!row?.token_hash) return { result: { status: "not_found" }, crm: false };
  if (!matches) return { result: { status: "forbidden" }, crm: false };
  const before = storedQuote(row);
  if (row.lock_over) {
    return { result: { status: "expired", requestedAt: before.quote.createdAt }, crm: false };
  }
  const sheet = before.lead.priceSheet ?? currentPriceSheet();
  const [written] = await tx`
    update public.quote_requests
    set ${tx(updateColumns(before.quote, input.update, sheet))}
      ${repricedBy(input.update) && !before.lead.priceSheet ? tx`, price_sheet = ${tx.json(sheet)}` : tx``}
    where id = ${input.id}
    returning *`;
  const after = storedQuote(written);
  // The browser's figure alone is no change for the owner or the CRM, nor is a sheet now kept.
  const unchanged = { updatedAt: "", clientTotalPrice: null, priceSheet: null };
  const changed =
    JSON.stringify({ ...before.quote, ...unchanged }) !==
    JSON.stringify({ ...after.quote, ...unchanged, webhookStatus: before.quote.webhookStatus });
  const spam = row.spam_reason !== null;
  if (changed) {
    // Every change moves the row to its next version: the CRM gets it with the lead, and the
    // e-mails tell a change from the new lead by it.
    const [bumped] = await tx`
      update public.quote_requests set version = version + 1 where id = ${input.id}
      returning version`;
    const lead = { ...after.lead, version: Number(bumped?.version) };
    if (!spam && lead.webhookStatus !== "not_configured") await queueCrmPost(tx, lead);
    await queueChangeMail(tx, lead, mail);
  }
  return {
    result: { status: "updated", lead: after.quote },
    crm: changed && !spam,
  };
}

/**
 * `webhookConfigured`: the CRM webhook is set; `mail`: when the e-mails leave (MAIL_WINDOW_MS and
 * MAIL_SETTLE_MS on the function), for the e-mails queued with each lead the site says it mails.
 */
type StoreOptions = { webhookConfigured: boolean; mail: MailTiming };

/**
 * The site's three operations, each in one transaction that commits before `deadline` (ms since
 * 1970: the request's arrival plus STORE_DEADLINE_MS) or not at all (pool.ts, beforeDeadline).
 * `crm`: whether a change the CRM webhook should hear of was stored (never a flagged lead's).
 */
export function postgresQuoteStore(sql: Sql, options: StoreOptions) {
  const run = <R>(
    deadline: number,
    work: (tx: Transaction) => Promise<{ result: R; crm: boolean }>,
  ) =>
    beforeDeadline(sql, deadline, work).catch((error: unknown) => {
      if (!(error instanceof RateLimited)) throw error;
      const { retryAfterSeconds } = error;
      return { result: { status: "limited", retryAfterSeconds } as const, crm: false };
    });
  return {
    create: (input: CreateInput, deadline: number) =>
      run(deadline, (tx) => createInTransaction(tx, input, options)),
    update: (input: UpdateInput, deadline: number) =>
      run(deadline, (tx) => updateInTransaction(tx, input, options)),
    view: (input: ViewInput, deadline: number) =>
      run(deadline, async (tx) => {
        await takeToken(tx, "update", input.limit);
        const [row] = await tx`select * from public.quote_requests where id = ${input.id}`;
        const result: ViewResult =
          row && tokenMatches(row, input.token)
            ? { status: "found", lead: storedQuote(row).quote }
            : { status: "not_found" };
        return { result, crm: false };
      }),
  };
}

export type QuoteStore = ReturnType<typeof postgresQuoteStore>;

/** Text with NUL: PostgreSQL's text cannot hold it. */
const holdsNul = (value: unknown): boolean =>
  typeof value === "string"
    ? value.includes("\u0000")
    : typeof value === "object" && value !== null && Object.values(value).some(holdsNul);

const REQUESTS = {
  create: createRequestSchema,
  update: updateRequestSchema,
  view: viewRequestSchema,
} as const;

/**
 * Carries out `operation` on `body` before `deadline` (ms since 1970), as both callers run it: the
 * lead function (crm-lead/handler.ts) and the site's server on its own PostgreSQL
 * (lib/leads/runtime.ts, leadStore). The request is read with the contract's schema, and what PostgreSQL
 * cannot store is refused as bad input (`ok: false`), in the site's words, before any transaction.
 */
export async function performOperation(
  quotes: QuoteStore,
  operation: StoreOperation,
  body: unknown,
  deadline: number,
) {
  const parsed = REQUESTS[operation].safeParse(body);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error).message } as const;
  if (holdsNul(parsed.data))
    return { ok: false, error: "Text must not contain NUL characters" } as const;
  // The input is `operation`'s own request, which TypeScript cannot pair with quotes[operation].
  return await quotes[operation](parsed.data as never, deadline);
}
