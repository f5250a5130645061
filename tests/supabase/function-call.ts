import { randomBytes } from "node:crypto";
import { ANON_KEY, type Backend, FUNCTION_PATH, signed } from "./fixtures";

/** A signed POST below the function (`quotes/create`, …) as the site's server sends it. */
export async function callFunction(backend: Backend, subpath: string, body: unknown) {
  const text = JSON.stringify(body);
  const path = `${FUNCTION_PATH}/${subpath}`;
  const response = await fetch(`${backend.supabaseUrl}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${ANON_KEY}`,
      apikey: ANON_KEY,
      "Content-Type": "application/json",
      ...(await signed(text, path)),
    },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A client of its own, with room to spare: the limits are not what these tests are about. */
export const roomyLimit = () => ({
  client: randomBytes(32).toString("hex"),
  capacity: 100,
  windowMs: 600_000,
});
