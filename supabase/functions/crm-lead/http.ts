/** Leads are a few hundred bytes; the site caps its own bodies at 16 KB. */
export const MAX_BODY_BYTES = 16 * 1024;

export type ApiAnswer =
  | {
      success: true;
      drained: { sent: number; retry: number; dead: number };
      /** When the CRM's next row falls due (ISO 8601), or null when none is owed. */
      nextDueAt: string | null;
    }
  | { success: true; requeued: number }
  | { success: true; health: { database: "ok" | "not_checked"; crm: boolean; mail: boolean } }
  /** The claimed e-mails, and when the next one falls due (ISO 8601), or null when none is owed. */
  | { success: true; mail: unknown[]; nextDueAt: string | null }
  | { success: true; recorded: string }
  /** The store's operations (quotes.ts): what the operation did, whatever it was. */
  | { success: true; result: unknown }
  | { success: false; error: string };

export type { LogEntry } from "../_shared/leads/crm-outbox.ts";

export const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export const refused = (status: number, error: string, headers?: Record<string, string>) =>
  answer(status, { success: false, error }, headers);

export function answer(
  status: number,
  body: ApiAnswer,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

/**
 * Only the site's server calls the function, so no answer carries CORS headers: a browser may
 * neither read an answer nor pass a preflight. A request with an Origin came from a browser.
 */
export function fromBrowser(request: Request): boolean {
  return request.method === "OPTIONS" || request.headers.has("origin");
}

export function isJson(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  return /^application\/json\s*(;|$)/i.test(type);
}

export class BodyTooLargeError extends Error {}

/** Reads at most `limit` bytes while streaming, so a lying Content-Length does not help. */
export async function readText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
