import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of the site that holds back the framework's script files (with `text`: only the
 * one containing it) until `release()`, as a slow connection or one slow file does, and passes
 * everything else through at once: the page is read and tapped before its scripts arrive, however
 * long that takes on a busy host. `hold()` holds the scripts asked for next (a reload's) again.
 * Engine-neutral, unlike request interception.
 */
export async function withHeldScripts(site: string, text?: string) {
  let release = () => {};
  let released = Promise.resolve();
  const hold = () => {
    released = new Promise<void>((resolve) => (release = resolve));
  };
  hold();
  const proxy = await scriptProxy(site, (body) =>
    text === undefined || body.includes(text) ? released : Promise.resolve(),
  );
  return { ...proxy, hold, release: () => release() };
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
