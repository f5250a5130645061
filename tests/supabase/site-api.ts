import { randomUUID } from "node:crypto";
import { FORM_TIME_KEY } from "@/lib/quote/form-traps";
import { expect } from "./fixtures";

/** The site's quote API as the backend tests call it on one server, as one client. */

export type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

/** The quote API of one server, as one client (a browser on the site's own origin). */
export function api(site: { url: string }, client: string) {
  const call = async (path: string, init: RequestInit & { headers?: Record<string, string> }) => {
    const response = await fetch(`${site.url}${path}`, {
      ...init,
      headers: {
        "content-type": "application/json",
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": client,
        ...init.headers,
      },
    });
    const body = (await response.json()) as Record<string, unknown>;
    return { status: response.status, headers: response.headers, body } satisfies Answer;
  };
  const auth = (token: string): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {};
  return {
    create: (quote: Record<string, unknown>, key?: string) =>
      call("/api/quote", {
        method: "POST",
        headers: key ? { "idempotency-key": key } : {},
        body: JSON.stringify({ [FORM_TIME_KEY]: 9_000, ...quote }),
      }),
    /** `ifMatch`: the ETag the change was made on. */
    update: (id: string, token: string, change: unknown, ifMatch?: string) =>
      call(`/api/quote/${id}`, {
        method: "PATCH",
        headers: { ...auth(token), ...(ifMatch ? { "if-match": ifMatch } : {}) },
        body: JSON.stringify(change),
      }),
    view: (id: string, token: string) =>
      call(`/api/quote/${id}`, { method: "GET", headers: auth(token) }),
  };
}

export const newClient = () => `client-${randomUUID()}`;

export function created(answer: Answer): { id: string; token: string } {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: String(answer.body.id), token: String(answer.body.token) };
}
