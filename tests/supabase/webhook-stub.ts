import { createServer } from "node:http";
import { freePort } from "../support/processes";

/** A CRM webhook on 127.0.0.1 that records what it receives and fails while `failing` is set. */
export async function startWebhookStub() {
  const received: unknown[] = [];
  const state = { failing: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()));
      res.writeHead(state.failing ? 503 : 204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/hooks/lead`,
    received,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
