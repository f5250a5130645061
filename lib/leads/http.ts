import "server-only";

/** A quote is a few hundred bytes; 16 KB leaves room for a long message in any script. */
export const MAX_BODY_BYTES = 16 * 1024;

/** A refusal with the status and the visitor-safe message to answer with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** For a 429: when to come back (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function jsonError(status: number, error: string): Response {
  return Response.json({ success: false, error }, { status });
}

/**
 * Reads a JSON body: 415 unless it is declared JSON, 413 once it grows past the cap (counted
 * while reading, so a lying Content-Length does not help), 400 unless it parses.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    throw new HttpError(415, "Content-Type must be application/json");

  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new HttpError(413, "Request body too large");

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new HttpError(413, "Request body too large");
      }
      chunks.push(value);
    }
  }

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, "The body must be UTF-8 JSON");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "The body must be valid JSON");
  }
}

/** The page the quote was sent from (path only: no query string, no fragment), from the Referer. */
export function sourcePage(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).pathname.slice(0, 300);
  } catch {
    return null;
  }
}

/** The capability token the lead's creator received, sent as `Authorization: Bearer …`. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{16,8192})$/.exec(
    request.headers.get("authorization") ?? "",
  );
  return match?.[1] ?? null;
}
