import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of the site that holds back the framework's script files for `delayMs`, as a
 * slow phone connection does, and passes everything else through at once: the page is read and
 * tapped before its scripts arrive. Engine-neutral, unlike request interception.
 */
export function withSlowScripts(
  site: string,
  delayMs: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  return scriptProxy(site, () => new Promise((resolve) => setTimeout(resolve, delayMs)));
}

/**
 * A proxy that holds back the one script file containing `text` until `release()`, and passes
 * everything else through at once: the framework starts, and a part of the page waits for its
 * script, as when one file of several is slow to arrive.
 */
export async function withHeldScript(site: string, text: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const proxy = await scriptProxy(site, (body) =>
    body.includes(text) ? released : Promise.resolve(),
  );
  return { ...proxy, release };
}

/**
 * Passes requests through to `site`; a framework script's response waits, once read in full, for
 * what `hold` returns. Never from the cache: a reload waits for its scripts again.
 */
async function scriptProxy(
  site: string,
  hold: (body: string) => Promise<void>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(site);
  const server: Server = createServer((incoming, outgoing) => {
    const slowed = incoming.url?.startsWith("/_next/static/") && incoming.url.endsWith(".js");
    // A script comes uncompressed, so that `hold` reads its text.
    const { "accept-encoding": _, ...headers } = incoming.headers;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...(slowed ? headers : incoming.headers), host: target.host },
      },
      (response) => {
        if (!slowed) {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          void hold(body.toString()).then(() => {
            outgoing.writeHead(response.statusCode ?? 502, {
              ...response.headers,
              "cache-control": "no-store",
            });
            outgoing.end(body);
          });
        });
      },
    );
    upstream.on("error", () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
