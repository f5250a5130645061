import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of the site that holds back the framework's script files for `delayMs`, as a
 * slow phone connection does, and passes everything else through at once: the page is read and
 * tapped before its scripts arrive. Engine-neutral, unlike request interception.
 */
export async function withSlowScripts(
  site: string,
  delayMs: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(site);
  const server: Server = createServer((incoming, outgoing) => {
    const slowed = incoming.url?.startsWith("/_next/static/") && incoming.url.endsWith(".js");
    const forward = () => {
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: { ...incoming.headers, host: target.host },
        },
        (response) => {
          // Never from the cache: a reload waits for its scripts again, as on a first visit.
          const headers = slowed
            ? { ...response.headers, "cache-control": "no-store" }
            : response.headers;
          outgoing.writeHead(response.statusCode ?? 502, headers);
          response.pipe(outgoing);
        },
      );
      upstream.on("error", () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    if (slowed) setTimeout(forward, delayMs);
    else forward();
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
