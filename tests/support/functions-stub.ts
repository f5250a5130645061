import { createServer, type IncomingHttpHeaders } from "node:http";

export type RecordedCall = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
};

/**
 * A stand-in for the Supabase Functions endpoint on 127.0.0.1: it records every call and answers
 * with whatever `respond` returns for it.
 */
export async function startFunctionsStub(
  respond: (call: RecordedCall) => { status: number; body: unknown },
) {
  const calls: RecordedCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const call = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      };
      calls.push(call);
      const answer = respond(call);
      res
        .writeHead(answer.status, { "content-type": "application/json" })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string")
    throw new Error("The stub is not listening on a TCP port.");
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
