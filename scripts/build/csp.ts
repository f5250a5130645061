/**
 * The post-build step that gives every prerendered page a strict Content-Security-Policy without
 * making it dynamic (docs/security.md).
 *
 * A prerendered App Router page runs inline scripts: Next's RSC payload (`self.__next_f.push(…)`),
 * the bundler's bootstrap and the after-paint loader (./after-paint.ts). A nonce would force every
 * page to render per request, so instead this step, run after the page's last edit, hashes each
 * inline script the page executes (SHA-256 of its text, as the browser hashes it) and writes one
 * policy per page to `<distDir>/csp-manifest.json`. `proxy.ts` serves each page its policy.
 *
 * `'strict-dynamic'` lets the scripts those trusted scripts insert run (the runtime chunks the
 * loader inserts, the calculator's lazy chunks), and makes browsers ignore `'self'` in script-src:
 * a script injected into the HTML runs only if its hash is in the policy.
 * Data blocks (`<script type="application/ld+json">`) are never executed and need no hash.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { contentSecurityPolicy } from "@/lib/security/content-security-policy.mjs";
import { routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import { CSP_MANIFEST, type CspManifest } from "@/lib/security/csp-manifest";
import { scriptHash } from "@/lib/security/script-hash";
import { prerenderedHtmlFiles, routeOf } from "./dist";
import { scriptElementsOf } from "./html";

export { contentSecurityPolicy };

export { CSP_MANIFEST, type CspManifest };

/**
 * The text of every inline script the browser would run in this HTML, in document order (not
 * data blocks such as JSON-LD, nor scripts inert inside a `<template>`).
 */
export const inlineScripts = (html: string) =>
  scriptElementsOf(html)
    .filter((script) => script.runs && script.src === undefined)
    .map((script) => script.text);

export { scriptHash };

/** The distinct hash sources for a page's inline scripts, in document order. */
export const inlineScriptHashes = (html: string) => [
  ...new Set(inlineScripts(html).map(scriptHash)),
];

/** Hashes every prerendered page of a finished build and writes its CSP manifest. */
export function writeCspManifest(distDir: string): CspManifest {
  const pages: Record<string, string> = {};
  for (const file of prerenderedHtmlFiles(distDir)) {
    const route = routeOf(distDir, file);
    const hashes = inlineScriptHashes(readFileSync(file, "utf8"));
    // A page without JavaScript may have nothing to hash (its policy is then script-src 'none');
    // any other page runs Next's inline scripts, so none found means Next's markup changed.
    if (hashes.length === 0 && !routeWithoutJavaScript(route)) {
      throw new Error(`${file}: no inline scripts found to hash`);
    }
    pages[route] = contentSecurityPolicy(hashes);
  }
  const notFound = pages["/_not-found"];
  if (!notFound) throw new Error(`no prerendered /_not-found page in ${distDir}`);
  const manifest: CspManifest = { pages, notFound, other: contentSecurityPolicy([]) };
  writeFileSync(path.join(distDir, CSP_MANIFEST), `${JSON.stringify(manifest)}\n`);
  return manifest;
}
