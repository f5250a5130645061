import { FORM_TIME_KEY, HONEYPOT_KEY } from "@/lib/quote/form-traps";
import { SAVED_QUOTE_PATH } from "@/lib/quote/saved-quote";
import type { QuoteRequest, QuoteUpdate } from "@shared/quote/schema";
import { retryAfterSeconds } from "./messages";
import { newIdempotencyKey } from "@/lib/quote/idempotency-key";
import { oneAtATime } from "./one-at-a-time";

/** The calculator's two calls to the site's own route handlers; the browser never talks to Supabase. */

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
 * The attempt's Idempotency-Key makes a retry of the same quote the same lead; the bot-trap
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
    // Only a link to this site's own saved-quote page is offered to the visitor.
    const quoteUrl = "quoteUrl" in body && typeof body.quoteUrl === "string" ? body.quoteUrl : null;
    const linkEmailed = "linkEmailed" in body && body.linkEmailed === true;
    return {
      ok: true,
      id: body.id,
      token: body.token,
      quoteUrl: savedQuoteLink(quoteUrl),
      linkEmailed,
    };
  } catch {
    return FAILED;
  }
}

/** What became of one attempt of an update: answered, refused for good, or to be sent again. */
type UpdateAnswer =
  | { kind: "saved" }
  | { kind: "refused"; status: number }
  | { kind: "retry"; retryAfterSeconds: number | null };

/** Answers that say "not now" rather than "no": a timeout, too many requests, a server error. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * PATCH /api/quote/{id}, once. The update sets the answers it carries (docs/leads.md), so sending
 * it again after a lost answer changes nothing more; its Idempotency-Key is the same on each try.
 */
async function sendQuoteUpdate(
  lead: { id: string; token: string },
  update: QuoteUpdate,
  idempotencyKey: string,
): Promise<UpdateAnswer> {
  try {
    const response = await fetch(`/api/quote/${encodeURIComponent(lead.id)}`, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${lead.token}`,
        "idempotency-key": idempotencyKey,
      },
      body: JSON.stringify(update),
    });
    // Read to its end though unused: an unread body keeps the request open in the browser (and its
    // connection from the next request) until it is collected.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { kind: "saved" };
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
 * answered, `refused` when the server refused one for good.
 */
export type UpdateStatus = "waiting" | "saved" | "refused";

type UpdateQueue = {
  push: (update: { value: QuoteUpdate; key: string }) => Promise<void>;
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
  const queue: UpdateQueue = {
    report: () => undefined,
    wake: () => undefined,
    push: oneAtATime(async ({ value, key }, newer) => {
      for (let wait: number = RETRY_WAIT_MS.first; ;) {
        const answer = await sendQuoteUpdate(lead, value, key);
        if (answer.kind === "saved") {
          if (!newer()) queue.report("saved");
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
  let queue = updateQueues.get(lead.id);
  if (!queue) {
    queue = updateQueue(lead);
    updateQueues.set(lead.id, queue);
  }
  queue.report = report;
  const pushed = queue.push({ value: update, key: newIdempotencyKey() });
  // A change waiting out a retry goes at once, in the old one's place.
  queue.wake();
  return pushed;
}
