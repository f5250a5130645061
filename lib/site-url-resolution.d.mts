/** See site-url-resolution.mjs. */
export const DEFAULT_SITE_URL: string;
export const SITE_URL_USES: string;
export type SiteUrlResolution = { url: string; source: string | null };
export function resolveSiteUrl(env: Record<string, string | undefined>): SiteUrlResolution;
export function siteUrlNotice(
  resolved: SiteUrlResolution,
): { level: "warn" | "info"; text: string } | null;
