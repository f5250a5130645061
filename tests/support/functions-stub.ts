import { createServer, type IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";

export type RecordedCall = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
};

/** What the stub does with a call: answer it (after `delayMs`), or never answer ("hang"). */
export type StubAnswer =
  { status: number; body: unknown; delayMs?: number; headers?: Record<string, string> } | "hang";

/**
 * A stand-in for the Supabase Functions endpoint on 127.0.0.1: it records every call and answers
 * with whatever `respond` returns for it.
 */
export async function startFunctionsStub(respond: (call: RecordedCall) => StubAnswer) {
  const calls: RecordedCall[] = [];
  const sockets = new Set<Socket>();
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
      if (answer === "hang") return;
      setTimeout(() => {
        res
          .writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
          .end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string")
    throw new Error("The stub is not listening on a TCP port.");
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
