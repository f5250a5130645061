import { randomBytes } from "node:crypto";
import { type Backend, FUNCTION_PATH, keyHeader } from "./fixtures";

/** A POST below the function (`quotes/create`, …) as the site's server sends it. */
export async function callFunction(backend: Backend, subpath: string, body: unknown) {
  const response = await fetch(`${backend.supabaseUrl}${FUNCTION_PATH}/${subpath}`, {
    method: "POST",
    headers: { ...keyHeader(), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A client of its own, with room to spare: the limits are not what these tests are about. */
export const roomyLimit = () => ({
  client: randomBytes(32).toString("hex"),
  capacity: 100,
  windowMs: 600_000,
});
