import type postgres from "postgres";
import { currentPriceSheet } from "../quote/locked-price.ts";
import type { QuoteUpdate } from "../quote/schema.ts";
import { hashToken, newToken } from "./lead-access.ts";
import { type MailTiming, queueChangeMail, queueConfirmation } from "./mail-queue.ts";
import { queueCrmPost } from "./outbox.ts";
import type { StoredQuote } from "./store-contract.ts";
import { storedQuote } from "./stored-lead.ts";
import {
  carriedValues,
  changedFields,
  fieldValues,
  repricedBy,
  updateColumns,
} from "./update-columns.ts";

/**
 * One change of a lead, in the transaction that locked its row: the update's fields applied, and,
 * when anything changed, the lead's next version recorded with what changed (old -> new), the
 * version each changed field now has, the CRM post and the owner's e-mail owed, and for a new
 * e-mail address a new token and a confirmation to it (docs/leads.md, "PATCH /api/quote/{id}").
 */

type Transaction = postgres.TransactionSql;
type Row = Record<string, unknown>;

/**
 * Whether an update made on `baseVersion` (its If-Match) is stale: a field it carries changed
 * after that version to something else than the update says, or the lead never had that version.
 * Null (no If-Match): never.
 */
export function isStale(row: Row, update: QuoteUpdate, baseVersion: number | null): boolean {
  if (baseVersion === null) return false;
  if (baseVersion > Number(row.version)) return true;
  const versions = (row.field_versions ?? {}) as Record<string, unknown>;
  const now = fieldValues(storedQuote(row).quote);
  return Object.entries(carriedValues(update)).some(
    ([field, value]) => Number(versions[field] ?? 0) > baseVersion && now[field] !== value,
  );
}

/** What the change did: the lead as it now stands, and a new address's token when it rotated. */
export type Changed = {
  lead: StoredQuote;
  rotated: { token: string; linkEmailed: boolean } | null;
  /** Whether the CRM webhook should hear of it (never a flagged lead's). */
  crm: boolean;
};

/**
 * Applies `update` to the locked `row`. A plan, pane or add-on change is priced from the lead's
 * price sheet (the table of the day it was quoted); nothing else moves the price.
 * `linkEmailed`: whether the site sends e-mails, so a new address is sent its confirmation.
 */
export async function changeLead(
  tx: Transaction,
  row: Row,
  update: QuoteUpdate,
  { mail, linkEmailed }: { mail: MailTiming; linkEmailed: boolean },
): Promise<Changed> {
  const before = storedQuote(row);
  const sheet = before.lead.priceSheet ?? currentPriceSheet();
  const [written] = await tx`
    update public.quote_requests
    set ${tx(updateColumns(before.quote, update, sheet))}
      ${repricedBy(update) && !before.lead.priceSheet ? tx`, price_sheet = ${tx.json(sheet)}` : tx``}
    where id = ${before.quote.id}
    returning *`;
  const fields = changedFields(before.quote, storedQuote(written).quote);
  // The browser's figure alone is no change for the owner or the CRM.
  if (Object.keys(fields).length === 0) {
    return { lead: storedQuote(written).quote, rotated: null, crm: false };
  }
  const version = before.quote.version + 1;
  const token = "email" in fields ? newToken() : null;
  const fieldVersions = Object.fromEntries(Object.keys(fields).map((field) => [field, version]));
  const [bumped] = await tx`
    update public.quote_requests set
      version = ${version},
      field_versions = field_versions || ${tx.json(fieldVersions)},
      changes = changes || ${tx.json([{ version, at: new Date().toISOString(), fields }] as never)}
      ${token ? tx`, token_hash = ${hashToken(token)}` : tx``}
    where id = ${before.quote.id}
    returning *`;
  const after = storedQuote(bumped);
  const spam = row.spam_reason !== null;
  if (!spam && after.lead.webhookStatus !== "not_configured") await queueCrmPost(tx, after.lead);
  await queueChangeMail(tx, after.lead, mail);
  const rotated =
    token === null
      ? null
      : {
          token,
          linkEmailed:
            linkEmailed &&
            ((await queueConfirmation(tx, after.lead, { quoteToken: token, held: spam })) || spam),
        };
  if (token) {
    // A replay of the create hands out the token that works now (within the replay window).
    await tx`
      update public.lead_idempotency_keys
      set answer = jsonb_set(answer, '{token}', to_jsonb(${token}::text))
      where lead_id = ${after.quote.id} and operation = 'create' and answer ? 'token'`;
  }
  return { lead: after.quote, rotated, crm: !spam };
}
