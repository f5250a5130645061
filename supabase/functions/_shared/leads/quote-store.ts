import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import { PRICE_LOCK_DAYS } from "../content/pricing.ts";
import {
  type CreateResult,
  type StoredQuote,
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
import { addOnColumns } from "./update-columns.ts";
import { hashToken, newToken, RateLimited, takeToken, tokenMatches } from "./lead-access.ts";
import { changeLead, isStale } from "./lead-update.ts";
import { type MailTiming, queueNewLeadMail } from "./mail-queue.ts";
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
type StoredAnswer = { id: string; token?: string; linkEmailed: boolean; version?: number };

/**
 * The first answer to a key already used (committed: a twin's claim waited for it). A key whose
 * record was purged (retention.ts) is still its lead's: a late replay.
 */
async function earlierAnswer(
  tx: Transaction,
  input: CreateInput,
  idempotency: NonNullable<CreateInput["idempotency"]>,
  options: StoreOptions,
): Promise<{ result: CreateResult; crm: boolean }> {
  const [row] = await tx`
    select q.*, coalesce(k.created_at, q.created_at) as key_created_at, k.request_hash,
      k.answer, k.created_at <= now() - ${replayWindow(tx)} as over
    from public.quote_requests q
    left join public.lead_idempotency_keys k on k.key = q.idempotency_key
    where q.idempotency_key = ${idempotency.key}
    for update of q`;
  const answered = (result: CreateResult) => ({ result, crm: false });
  // An update's key (lead_idempotency_keys.operation) names no lead of its own.
  if (!row) return answered({ status: "key_reused" });
  const expired = { status: "replay_expired", id: String(row.id) } as const;
  const receivedAt = (row.key_created_at as Date).toISOString();
  const answer = (row.answer ?? {}) as StoredAnswer;
  if (!row.request_hash || answer.token === undefined || row.over) {
    return answered({ ...expired, receivedAt });
  }
  const { token, linkEmailed } = answer;
  if (row.request_hash === idempotency.requestHash) {
    const version = answer.version ?? Number(row.version);
    return answered({ status: "replayed", id: String(row.id), token, linkEmailed, version });
  }
  // The session's key with other details: a copied tab, or a correction whose tab lost the lead.
  // Its lead is updated with them, counted against the lead's own limit, not the new leads'.
  await takeToken(tx, "lead_update", { ...input.leadLimit, client: String(row.id) });
  const { attribution: _kept, totalPrice, isPostConstruction, stories, ...answers } = input.quote;
  const update = {
    ...answers,
    message: answers.message ?? "",
    ...(isPostConstruction ? { isPostConstruction } : {}),
    ...(stories ? { stories } : {}),
    totalPrice,
  };
  const changed = await changeLead(tx, row, update, {
    mail: options.mail,
    linkEmailed: input.linkEmailed,
  });
  const rotated = changed.rotated ?? { token, linkEmailed };
  return { result: { status: "merged", lead: changed.lead, ...rotated }, crm: changed.crm };
}

/**
 * The create, in its one transaction: the key claimed with the first answer, the rate limit taken,
 * the lead stored with its token's hash and its price sheet. A repeated key gets the first answer
 * (or the refusal it calls for) and costs no rate-limit token.
 */
async function createInTransaction(
  tx: Transaction,
  input: CreateInput,
  options: StoreOptions,
): Promise<{ result: CreateResult; crm: boolean }> {
  const { webhookConfigured, mail } = options;
  await forgetExpiredTokens(tx);
  const id = randomUUID();
  const token = newToken();
  const { quote, idempotency, linkEmailed, spamReason } = input;
  if (idempotency) {
    const claimed = await tx`
      insert into public.lead_idempotency_keys (key, request_hash, lead_id, answer)
      select ${idempotency.key}, ${idempotency.requestHash}, ${id},
        ${tx.json({ id, token, linkEmailed, version: 1 })}
      where not exists (
        select 1 from public.quote_requests where idempotency_key = ${idempotency.key})
      on conflict (key) do nothing
      returning key`;
    if (claimed.length === 0) return await earlierAnswer(tx, input, idempotency, options);
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
      update public.lead_idempotency_keys
      set answer = ${tx.json({ id, token, linkEmailed: emailed, version: 1 })}
      where key = ${idempotency.key}`;
  }
  return {
    result: { status: "created", lead: stored.quote, token, linkEmailed: emailed },
    crm: spamReason === null,
  };
}

/**
 * An update, in its one transaction: the client's rate limit taken, the lead's row locked, the
 * token checked against its hash; a repeated Idempotency-Key answered as the first time; the price
 * lock checked (its days counted in `timeZone`), the lead's own limit taken, and an update made on
 * an older version (If-Match) whose fields changed since refused; then what it carries applied
 * (lead-update.ts) and its answer kept under its key.
 */
async function updateInTransaction(
  tx: Transaction,
  input: UpdateInput,
  { mail }: StoreOptions,
): Promise<{ result: UpdateResult; crm: boolean }> {
  const { linkEmailed } = input;
  const answered = (result: UpdateResult) => ({ result, crm: false });
  if (input.limit) await takeToken(tx, "update", input.limit);
  const [row] = await tx`
    select *,
      (now() at time zone ${input.timeZone})::date
        > (created_at at time zone ${input.timeZone})::date + ${PRICE_LOCK_DAYS}::integer as lock_over
    from public.quote_requests where id = ${input.id} for update`;
  const matches = tokenMatches(row, input.token);
  if (!row?.token_hash) return answered({ status: "not_found" });
  const { idempotency } = input;
  if (idempotency) {
    const [earlier] = await tx`
      select request_hash, answer, operation, lead_id::text from public.lead_idempotency_keys
      where key = ${idempotency.key}`;
    if (earlier) {
      const { lead, token, linkEmailed } = earlier.answer as UpdateAnswer;
      const same =
        earlier.operation === "update" &&
        earlier.lead_id === input.id &&
        earlier.request_hash === idempotency.requestHash;
      // Its own token may have been rotated by this very update: the first answer's token opens it.
      if (!same || !(matches || (token !== undefined && tokenMatches(row, token)))) {
        return answered(same ? { status: "forbidden" } : { status: "key_reused" });
      }
      const rotated = token === undefined ? null : { token, linkEmailed: linkEmailed ?? false };
      return answered({ status: "updated", lead, rotated, replayed: true });
    }
  }
  if (!matches) return answered({ status: "forbidden" });
  if (row.lock_over) {
    return answered({ status: "expired", requestedAt: storedQuote(row).quote.createdAt });
  }
  await takeToken(tx, "lead_update", { ...input.leadLimit, client: input.id });
  if (isStale(row, input.update, input.baseVersion)) {
    return answered({ status: "conflict", lead: storedQuote(row).quote });
  }
  const changed = await changeLead(tx, row, input.update, { mail, linkEmailed });
  if (idempotency) {
    const answer: UpdateAnswer = { lead: changed.lead, ...changed.rotated };
    await tx`
      insert into public.lead_idempotency_keys (key, request_hash, lead_id, answer, operation)
      values (${idempotency.key}, ${idempotency.requestHash}, ${input.id}, ${tx.json(answer as never)},
        'update')`;
  }
  return {
    result: { status: "updated", lead: changed.lead, rotated: changed.rotated, replayed: false },
    crm: changed.crm,
  };
}

/** An update's first answer as kept under its key; a new address's token erased after 24 hours. */
type UpdateAnswer = { lead: StoredQuote; token?: string; linkEmailed?: boolean };

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
