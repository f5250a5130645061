import { z } from "zod";

/**
 * The per-page Content-Security-Policy manifest: written by the build's CSP step
 * (scripts/build/csp.ts) into the dist folder, read by proxy.ts (docs/security.md).
 */
export const CSP_MANIFEST = "csp-manifest.json";

export const cspManifestSchema = z.object({
  /** URL path → the policy of the prerendered page it serves. */
  pages: z.record(z.string().startsWith("/"), z.string().min(1)),
  /** An unknown path, answered by the 404 page. */
  notFound: z.string().min(1),
  /** Any other response: an API route, a file. */
  other: z.string().min(1),
});

export type CspManifest = z.infer<typeof cspManifestSchema>;
