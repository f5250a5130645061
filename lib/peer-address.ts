import "server-only";
import { subscribe } from "node:diagnostics_channel";
import { IncomingMessage } from "node:http";
import { Socket } from "node:net";

/**
 * Route handlers see headers, never the TCP connection, and Next keeps any X-Forwarded-For a
 * client sends. So, before Next reads a request, the server writes the connection's own address
 * into this header, replacing whatever a client put there: the one client address nobody can fake.
 */
export const PEER_ADDRESS_HEADER = "x-peer-address";

let installed = false;

export function installPeerAddressHeader(): void {
  if (installed) return;
  installed = true;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request?: unknown; socket?: unknown };
    if (request instanceof IncomingMessage && socket instanceof Socket) {
      request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress ?? "unknown";
    }
  });
}
