import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { SAVED_QUOTE_PATH } from "@/lib/quote/saved-quote";
import type { QuoteRequest, QuoteUpdate } from "@shared/quote/schema";
import { retryAfterSeconds } from "./messages";
import { newIdempotencyKey } from "@/lib/quote/idempotency-key";
import { oneAtATime } from "./one-at-a-time";
import { noteLeadVersion, seenLeadVersion } from "./lead-version";

/**
 * The calculator's calls to the site's own route handlers (the browser never talks to Supabase):
 * one session, one lead (docs/calculator.md, "One quote, one lead"). The create goes with the
 * session's key, so a copied tab's is the same lead; every later change is an update of it, sent
 * as made on the version this tab last saw (If-Match).
 */

export type Created =
  | { ok: true; id: string; token: string; quoteUrl: string | null; linkEmailed: boolean }
  /** `retryAfterSeconds`: how long the server asked to wait (a 429's Retry-After), else null. */
  | { ok: false; retryAfterSeconds: number | null };

const FAILED: Created = { ok: false, retryAfterSeconds: null };

function isCreatedAnswer(body: unknown): body is { success: true; id: string; token: string } {
  if (typeof body !== "object" || body === null) return false;
  const answer: Record<string, unknown> = { ...body };
  return (
    answer.success === true && typeof answer.id === "string" && typeof answer.token === "string"
  );
}

function savedQuoteLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) && parsed.pathname === SAVED_QUOTE_PATH ? url : null;
  } catch {
    return null;
  }
}

/** How long a create is sent again while a proxy says the site is restarting (docs/builds.md). */
const CREATE_RETRY_MS = 30_000;

/** A proxy's answer while the site behind it restarts: 502, 504, or 503 without Retry-After. */
const restarting = (response: Response) =>
  response.status === 502 ||
  response.status === 504 ||
  (response.status === 503 && !response.headers.has("retry-after"));

/** Sends `init` to POST /api/quote, again while the site is restarting, for CREATE_RETRY_MS at most. */
async function postQuote(init: RequestInit): Promise<Response> {
  const giveUpAt = Date.now() + CREATE_RETRY_MS;
  for (let wait: number = RETRY_WAIT_MS.first; ; wait = Math.min(wait * 2, RETRY_WAIT_MS.longest)) {
    const response = await fetch("/api/quote", init);
    if (!restarting(response) || Date.now() + wait > giveUpAt) return response;
    await response.arrayBuffer().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * POST /api/quote, sent again with its key while a proxy says the site is restarting (postQuote).
 * Any other error answer, missing success or thrown exception is a failure (docs/calculator.md).
 * The session's Idempotency-Key makes a retry, or a copied tab's submit, the same lead; the bot-trap
 * fields (lib/quote/form-traps.ts) travel beside it. The visit's campaign is the server's to read
 * (the campaign cookie, lib/attribution/campaign-cookie.ts).
 */
export async function sendNewQuote(
  request: QuoteRequest,
  attempt: { idempotencyKey: string; honeypot: string; formMs: number },
): Promise<Created> {
  try {
    const response = await postQuote({
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": attempt.idempotencyKey },
      body: JSON.stringify({
        ...request,
        [HONEYPOT_KEY]: attempt.honeypot,
        [FORM_TIME_KEY]: attempt.formMs,
      }),
    });
    if (!response.ok) {
      return {
        ok: false,
        retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
      };
    }
    const body: unknown = await response.json();
    if (!isCreatedAnswer(body)) return FAILED;
    noteLeadVersion(body.id, response.headers.get("etag"));
    return leadAnswer(body.id, body.token, body);
  } catch {
    return FAILED;
  }
}

/** The lead's link and whether it was e-mailed, from a create's or a new address's answer. */
function leadAnswer(id: string, token: string, body: object): Created {
  // Only a link to this site's own saved-quote page is offered to the visitor.
  const quoteUrl = "quoteUrl" in body && typeof body.quoteUrl === "string" ? body.quoteUrl : null;
  const linkEmailed = "linkEmailed" in body && body.linkEmailed === true;
  return { ok: true, id, token, quoteUrl: savedQuoteLink(quoteUrl), linkEmailed };
}

/** A correction's outcome: the lead (its new token when the e-mail changed), or why not. */
export type Corrected = Created | { ok: false; conflict: true };

/**
 * PATCH /api/quote/{id} with what the visitor corrected after the lead was created (Back to the
 * contact step or a choice, then Continue): one lead, never a new one. Made on the version this
 * tab last saw; a 412 (`conflict`) means another page changed the same thing meanwhile.
 */
export async function sendCorrection(
  lead: { id: string; token: string; quoteUrl: string | null; linkEmailed: boolean },
  correction: QuoteUpdate,
): Promise<Corrected> {
  // Nothing the server keeps changed (the same details written otherwise): nothing to send.
  if (Object.keys(correction).length === 0) return { ok: true, ...lead };
  const answer = await patchLead(lead, correction, newIdempotencyKey(), seenLeadVersion(lead.id));
  if (answer.kind === "conflict") return { ok: false, conflict: true };
  if (answer.kind !== "saved") {
    return {
      ok: false,
      retryAfterSeconds: "retryAfterSeconds" in answer ? answer.retryAfterSeconds : null,
    };
  }
  const { body } = answer;
  // A new e-mail address: the new token and link; the old ones open nothing any more.
  if ("token" in body && typeof body.token === "string")
    return leadAnswer(lead.id, body.token, body);
  return { ok: true, ...lead };
}

/**
 * What became of one attempt of an update: answered (`version`: its ETag), refused for good,
 * made on a version since changed in what it carries (`conflict`), or to be sent again.
 */
type UpdateAnswer =
  | { kind: "saved"; version: number | null; body: object }
  | { kind: "conflict" }
  | { kind: "refused"; status: number }
  | { kind: "retry"; retryAfterSeconds: number | null };

/** The version an ETag names (`"7"`), or null. */
const versionOf = (etag: string | null) =>
  etag && /^"(\d+)"$/.test(etag) ? Number(etag.slice(1, -1)) : null;

/** Answers that say "not now" rather than "no": a timeout, too many requests, a server error. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * PATCH /api/quote/{id}, once, made on `baseVersion` (If-Match; none when this tab saw none). A
 * repeat with the same Idempotency-Key gets the first answer (docs/leads.md), never a 412 for its
 * own earlier success.
 */
async function patchLead(
  lead: { id: string; token: string },
  update: QuoteUpdate,
  idempotencyKey: string,
  baseVersion: string | null,
): Promise<UpdateAnswer> {
  try {
    const response = await fetch(`/api/quote/${encodeURIComponent(lead.id)}`, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${lead.token}`,
        "idempotency-key": idempotencyKey,
        ...(baseVersion ? { "if-match": baseVersion } : {}),
      },
      body: JSON.stringify(update),
    });
    // Read to its end: an unread body keeps the request open in the browser (and its connection
    // from the next request) until it is collected.
    const body: unknown = await response.json().catch(() => null);
    const etag = response.headers.get("etag");
    noteLeadVersion(lead.id, etag);
    if (response.status === 412) return { kind: "conflict" };
    if (response.ok) {
      return {
        kind: "saved",
        version: versionOf(etag),
        body: typeof body === "object" && body ? body : {},
      };
    }
    if (!isTransient(response.status)) return { kind: "refused", status: response.status };
    return {
      kind: "retry",
      retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
    };
  } catch {
    return { kind: "retry", retryAfterSeconds: null };
  }
}

/** The first wait before sending an update again, doubled after each try up to the longest. */
const RETRY_WAIT_MS = { first: 1000, longest: 10_000 } as const;

/**
 * Where the visitor's updates stand (docs/calculator.md, "Updates after the contact step"):
 * `waiting` while one could not be sent and waits to be sent again, `saved` once the latest is
 * answered, `refused` when the server refused one for good, `conflict` when what it changes was
 * changed on another page meanwhile (not applied: the calculator shows the quote as it stands).
 */
export type UpdateStatus = "waiting" | "saved" | "refused" | "conflict";

type UpdateQueue = {
  push: (update: { value: QuoteUpdate; key: string; base: number | null }) => Promise<void>;
  report: (status: UpdateStatus) => void;
  wake: () => void;
};
const updateQueues = new Map<string, UpdateQueue>();

/** Waits `ms`, or less: until the browser is back online or `queue.wake()` (a newer change). */
function pause(queue: UpdateQueue, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      queue.wake = () => undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
    queue.wake = done;
  });
}

function updateQueue(lead: { id: string; token: string }): UpdateQueue {
  // This queue's last answered update: the version it was made on, and the one it made.
  let own: { base: number | null; version: number } | null = null;
  /**
   * The version an update made on `base` goes as: the one this queue's own earlier update made,
   * when that was made on no later version (the visitor's changes here build on each other);
   * never a version the visitor has not seen, so a change made elsewhere meanwhile is kept.
   */
  const madeOn = (base: number | null) =>
    own && base !== null && own.base !== null && own.base <= base
      ? Math.max(base, own.version)
      : base;
  const queue: UpdateQueue = {
    report: () => undefined,
    wake: () => undefined,
    push: oneAtATime(async ({ value, key, base }, newer) => {
      const version = madeOn(base);
      for (let wait: number = RETRY_WAIT_MS.first; ;) {
        const answer = await patchLead(lead, value, key, version === null ? null : `"${version}"`);
        if (answer.kind === "saved") {
          if (answer.version !== null) own = { base: version, version: answer.version };
          if (!newer()) queue.report("saved");
          return;
        }
        if (answer.kind === "conflict") {
          queue.report("conflict");
          return;
        }
        if (answer.kind === "refused") {
          console.error(`Saving the quote's answers was refused (HTTP ${answer.status}).`);
          queue.report("refused");
          return;
        }
        // A newer change carries all of this one: it goes next, in this one's place.
        if (newer()) return;
        queue.report("waiting");
        await pause(queue, answer.retryAfterSeconds ? answer.retryAfterSeconds * 1000 : wait);
        if (newer()) return;
        wait = Math.min(wait * 2, RETRY_WAIT_MS.longest);
      }
    }),
  };
  return queue;
}

/**
 * Queues an update of the lead: one request at a time per lead, the latest last (one-at-a-time.ts),
 * so two plan switches whose first answer is slow still end on the second, on the server, in the
 * owner's e-mail and in the CRM. Each carries steps 5-6 (a plan switch, the plan too). One
 * the server could not take now (no network, 408, 429, 5xx) is sent again with the same key until
 * it is answered, while the page is open, unless a newer one replaces it; `report` hears how it
 * stands.
 */
export function queueQuoteUpdate(
  lead: { id: string; token: string },
  update: QuoteUpdate,
  report: (status: UpdateStatus) => void,
) {
  // A new e-mail address rotated the token: its updates go with the new one.
  const name = `${lead.id}.${lead.token}`;
  let queue = updateQueues.get(name);
  if (!queue) {
    queue = updateQueue(lead);
    updateQueues.set(name, queue);
  }
  queue.report = report;
  // Made on the version this tab has seen now, whenever it is sent.
  const base = versionOf(seenLeadVersion(lead.id));
  const pushed = queue.push({ value: update, key: newIdempotencyKey(), base });
  // A change waiting out a retry goes at once, in the old one's place.
  queue.wake();
  return pushed;
}

/** The contact fields and choices the contact step sends, in the update's words. */
const CORRECTABLE = [
  "name",
  "phone",
  "email",
  "address",
  "message",
  "paneCount",
  "frequency",
] as const;

/**
 * What the visitor changed since the lead was sent (`submitted`: the request as it went): only
 * that, so the update never overwrites what another page changed and this one merely shows.
 */
export function correctionOf(submitted: QuoteRequest, now: QuoteRequest): QuoteUpdate {
  const fields = CORRECTABLE.filter((field) => (submitted[field] ?? "") !== (now[field] ?? ""));
  const addOns = Object.fromEntries(
    Object.entries(now.addOns).filter(
      ([id, on]) => submitted.addOns[id as keyof QuoteRequest["addOns"]] !== on,
    ),
  );
  const repriced =
    fields.includes("paneCount") || fields.includes("frequency") || Object.keys(addOns).length > 0;
  return {
    ...Object.fromEntries(fields.map((field) => [field, now[field] ?? ""])),
    ...(Object.keys(addOns).length > 0 && { addOns }),
    // The total the visitor now sees, beside the server's figure, when the price moves.
    ...(repriced && { totalPrice: now.totalPrice }),
  };
}
