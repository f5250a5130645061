import "server-only";

/** A quote is a few hundred bytes; 16 KB leaves room for a long message in any script. */
const MAX_BODY_BYTES = 16 * 1024;

/** A refusal: its status and the visitor-safe message to answer with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** For a 429 or a 503: when to come back (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function jsonError(status: number, error: string): Response {
  return Response.json({ success: false, error }, { status });
}

/**
 * A refused body is still read, and dropped, up to this size, so the client gets its 413 or 415
 * instead of a connection reset mid-upload; anything bigger has its connection cut.
 */
const DRAIN_BYTES = 4 * 1024 * 1024;

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

async function discard(reader: BodyReader | undefined, alreadyRead: number): Promise<void> {
  if (!reader) return;
  for (let total = alreadyRead; total <= DRAIN_BYTES;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
  }
  await reader.cancel();
}

/**
 * Reads a JSON body: 415 unless it is declared JSON, 413 once it grows past the cap (counted
 * while reading, so a lying Content-Length does not help), 400 unless it parses.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const reader = request.body?.getReader();
  const declared = Number(request.headers.get("content-length") || 0);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    await discard(reader, declared > DRAIN_BYTES ? Infinity : 0);
    throw new HttpError(415, "Content-Type must be application/json");
  }
  if (declared > MAX_BODY_BYTES) {
    await discard(reader, declared > DRAIN_BYTES ? Infinity : 0);
    throw new HttpError(413, "Request body too large");
  }

  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    size += next.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await discard(reader, size);
      throw new HttpError(413, "Request body too large");
    }
    chunks.push(next.value);
  }

  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
  } catch (error) {
    // The decoder throws a TypeError on bytes that are no UTF-8, JSON.parse a SyntaxError.
    const what = error instanceof SyntaxError ? "valid JSON" : "UTF-8 JSON";
    throw new HttpError(400, `The body must be ${what}`);
  }
  if (!cleanText(body)) {
    throw new HttpError(400, "Text must be valid Unicode without NUL characters");
  }
  return body;
}

/**
 * Whether every string (and key) is well-formed Unicode without NUL: PostgreSQL, and so the lead
 * function, refuses NUL, and a lone surrogate has no UTF-8 form. Refused here, not after storing.
 */
function cleanText(body: unknown): boolean {
  // A loop, not recursion: 16 KB of "[[[[…" nests deeper than the call stack goes.
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (!value.isWellFormed() || value.includes("\u0000")) return false;
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
  return true;
}

/** The page the quote was sent from (path only: no query string, no fragment), from the Referer. */
export function sourcePage(request: Request): string | null {
  const referer = request.headers.get("referer");
  return (referer && URL.parse(referer)?.pathname.slice(0, 300)) || null;
}

/** The capability token the lead's creator received, sent as `Authorization: Bearer …`. */
export function bearerToken(request: Request): string | null {
  // RFC 6750's b64token characters ("." joins a signed token's two parts).
  const match = /^Bearer ([A-Za-z0-9._~+/-]{16,8192}=*)$/.exec(
    request.headers.get("authorization") ?? "",
  );
  return match?.[1] ?? null;
}

/** A lead's version as a strong entity tag: every answer about a lead carries it (`ETag`). */
export const etag = (version: number) => `"${version}"`;

/**
 * The version an update was made on, from its `If-Match` (one strong tag, as ETag gave it), or
 * null: no header, or `*` (any version). Anything else is refused: a weak tag never matches.
 */
export function ifMatchVersion(request: Request): number | null {
  const value = request.headers.get("if-match")?.trim();
  if (value === undefined || value === "*") return null;
  const version = /^"([1-9][0-9]{0,15})"$/.exec(value)?.[1];
  if (version === undefined || !Number.isSafeInteger(Number(version))) {
    throw new HttpError(400, "If-Match must be the quote's ETag");
  }
  return Number(version);
}
