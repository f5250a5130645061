import type { LogEntry } from "../_shared/leads/outbox.ts";

/** Leads are a few hundred bytes; the site caps its own bodies at 16 KB. */
export const MAX_BODY_BYTES = 16 * 1024;

/** One JSON line per event; never the visitor's personal data. */
export const logLine = (entry: LogEntry) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));

export const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** Why a request was refused, as JSON (every answer is: `success: true` with what was done). */
export const refused = (status: number, error: string, headers?: Record<string, string>) =>
  Response.json({ success: false, error }, { status, headers });

/**
 * The body as text, reading at most `limit` bytes while streaming, so a lying Content-Length does
 * not help; null past the limit.
 */
export async function readText(request: Request, limit = MAX_BODY_BYTES): Promise<string | null> {
  let size = 0;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > limit) throw new RangeError("The body is over the limit");
      controller.enqueue(chunk);
    },
  });
  return await new Response(request.body?.pipeThrough(counted)).text().catch((error: unknown) => {
    if (size > limit) return null;
    throw error;
  });
}
