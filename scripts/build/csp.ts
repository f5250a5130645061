/**
 * The post-build step that gives every prerendered page a strict Content-Security-Policy without
 * making it dynamic (README, "Security headers").
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
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { contentSecurityPolicy } from "@/lib/security/content-security-policy.mjs";
import { CSP_MANIFEST, type CspManifest } from "@/lib/security/csp-manifest";
import { appDirOf, prerenderedHtmlFiles } from "./dist";

export { contentSecurityPolicy };

export { CSP_MANIFEST, type CspManifest };

/** Script types the browser executes (an empty or missing type is classic JavaScript). */
const EXECUTABLE_TYPES = new Set([
  "",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
  "module",
]);

// A prerendered page's script elements. Inline script text cannot contain `</script`, so the
// first closing tag ends it.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const attribute = (attributes: string, name: string): string | undefined => {
  const match = new RegExp(`(?:^|\\s)${name}(?:=(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, "i").exec(
    attributes,
  );
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? "";
};

/** The text of every inline script the browser would execute in this HTML, in document order. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (attribute(attributes, "src") !== undefined) continue;
    const type = (attribute(attributes, "type") ?? "").trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.push(text);
  }
  return scripts;
}

/** A CSP hash source for a script's text: SHA-256 of its UTF-8 bytes, in base64. */
export const scriptHash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The distinct hash sources for a page's inline scripts, in document order. */
export const inlineScriptHashes = (html: string) => [
  ...new Set(inlineScripts(html).map(scriptHash)),
];

/** The URL path a prerendered HTML file answers: index.html is "/", blog/a.html is "/blog/a". */
export function routeOf(distDir: string, file: string): string {
  const relative = path.relative(appDirOf(distDir), file).split(path.sep).join("/");
  const route = `/${relative.replace(/\.html$/, "")}`;
  return route === "/index" ? "/" : route;
}

/** Hashes every prerendered page of a finished build and writes its CSP manifest. */
export function writeCspManifest(distDir: string): CspManifest {
  const pages: Record<string, string> = {};
  for (const file of prerenderedHtmlFiles(distDir)) {
    const hashes = inlineScriptHashes(readFileSync(file, "utf8"));
    if (hashes.length === 0) throw new Error(`${file}: no inline scripts found to hash`);
    pages[routeOf(distDir, file)] = contentSecurityPolicy(hashes);
  }
  const notFound = pages["/_not-found"];
  if (!notFound) throw new Error(`no prerendered /_not-found page in ${distDir}`);
  const manifest: CspManifest = { pages, notFound, other: contentSecurityPolicy([]) };
  writeFileSync(path.join(distDir, CSP_MANIFEST), `${JSON.stringify(manifest)}\n`);
  return manifest;
}
