import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * Who may call the function: a caller with one of the project's secret keys (`sb_secret_…`) in
 * the `apikey` header, as Supabase's "Securing Edge Functions" has a server-to-server call do
 * (docs/decisions.md, "The site's key to the lead function"). The edge runtime gives the keys as
 * SUPABASE_SECRET_KEYS, a JSON object of the named keys; the CLI's local stack as one
 * SUPABASE_SECRET_KEY.
 */
export const secretKeysSchema = z
  .object({
    SUPABASE_SECRET_KEYS: z
      .string()
      .transform((text) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return text;
        }
      })
      .pipe(z.record(z.string(), z.string().min(1), "SUPABASE_SECRET_KEYS is not a JSON object"))
      .optional(),
    SUPABASE_SECRET_KEY: z.string().min(1).optional(),
  })
  .transform((env) => [
    ...Object.values(env.SUPABASE_SECRET_KEYS ?? {}),
    ...(env.SUPABASE_SECRET_KEY ? [env.SUPABASE_SECRET_KEY] : []),
  ])
  .refine((keys) => keys.length > 0, "SUPABASE_SECRET_KEYS is not set (the edge runtime sets it)");

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Checks a request's `apikey` against `keys`: null when it is one of them, else why it is
 * refused. Their SHA-256 digests are compared in constant time, every key whatever matched, so the
 * time taken says nothing about how much of a key a caller guessed.
 */
export function secretKeyCheck(keys: readonly string[]) {
  const known = keys.map(digest);
  return (headers: Headers): string | null => {
    const given = headers.get("apikey");
    if (!given)
      return "The request has no apikey: the lead function takes the project's secret key";
    const mine = digest(given);
    const matched = known.map((theirs) => timingSafeEqual(mine, theirs)).includes(true);
    return matched ? null : "The apikey is not one of the project's secret keys";
  };
}
