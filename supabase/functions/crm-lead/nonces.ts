import type postgres from "postgres";

/**
 * Records a signed request's nonce until its signature expires (public.signed_request_nonces);
 * false when it was seen before: a replay. Expired nonces are forgotten on the way.
 */
export function postgresNonces(sql: ReturnType<typeof postgres>) {
  return async (nonce: string, expiresAt: Date): Promise<boolean> => {
    const claimed = await sql`
      with forgotten as (
        delete from public.signed_request_nonces where expires_at < now()
      )
      insert into public.signed_request_nonces (nonce, expires_at)
      values (${nonce}, ${expiresAt})
      on conflict (nonce) do nothing
      returning nonce`;
    return claimed.length === 1;
  };
}
