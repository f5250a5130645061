import { createServer, type IncomingHttpHeaders } from "node:http";
import { freePort } from "../support/processes";

/** What the stub answers while `failing` is set: a status and, optionally, a Retry-After. */
export type WebhookFailure = { status: number; retryAfter?: string };

/**
 * A CRM webhook on 127.0.0.1 that records what it receives and refuses while `failing` is set
 * (true: a 503; or the status and Retry-After given; "hang": no answer at all, the request left
 * open until the caller gives up). `accepted` holds what it answered 2xx to.
 */
export async function startWebhookStub() {
  const received: unknown[] = [];
  /** Each post as it arrived, for its signature: the headers and the raw body. */
  const deliveries: { headers: IncomingHttpHeaders; text: string }[] = [];
  const accepted: unknown[] = [];
  const state: { failing: boolean | WebhookFailure | "hang" } = { failing: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString();
      const body: unknown = JSON.parse(text);
      received.push(body);
      deliveries.push({ headers: req.headers, text });
      if (state.failing === "hang") return;
      const failure = state.failing === true ? { status: 503 } : state.failing || null;
      if (!failure) {
        accepted.push(body);
        return res.writeHead(204).end();
      }
      const headers = failure.retryAfter ? { "Retry-After": failure.retryAfter } : undefined;
      res.writeHead(failure.status, headers).end(`refused with ${failure.status}`);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/hooks/lead`,
    received,
    deliveries,
    accepted,
    state,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
