/** See content-security-policy.mjs. */
export function contentSecurityPolicy(hashes: readonly string[]): string;
