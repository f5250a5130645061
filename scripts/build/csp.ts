/**
 * The post-build step that gives every prerendered page a strict Content-Security-Policy without
 * making it dynamic (a nonce would make every page render per request): each inline script a page
 * runs is allowed by its SHA-256 hash, one policy per page in `<distDir>/csp-manifest.json`, which
 * proxy.ts serves. The build fails on a script no hash can allow (docs/security.md, "Hashes, at
 * build": `'strict-dynamic'` blocks a script tag with a `src`; no hash allows an event handler).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { contentSecurityPolicy, scriptHash } from "@/lib/security/content-security-policy";
import { routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import { CSP_MANIFEST, type CspManifest } from "@/lib/security/csp-manifest";
import { prerenderedHtmlFiles, routeOf } from "./dist";
import { elementsOf, parseHtml, scriptElementsOf, sourceOf } from "./html";

/** The inline scripts the browser would run, in document order (not data blocks such as JSON-LD). */
export const inlineScripts = (html: string) =>
  scriptElementsOf(html)
    .filter((script) => script.runs && script.src === undefined)
    .map((script) => script.text);

/** The distinct hash sources for a page's inline scripts, in document order. */
export const inlineScriptHashes = (html: string) => [
  ...new Set(inlineScripts(html).map(scriptHash)),
];

/** What the page's policy would block, each as "line:column): problem". */
export function scriptsBlocked(html: string): string[] {
  const document = parseHtml(html);
  const blocked = scriptElementsOf(html, document)
    .filter((script) => script.runs && script.src !== undefined)
    .map(
      ({ line, column, startTag }) =>
        `${line}:${column}): ${startTag} is in the HTML, where the CSP blocks it: only the after-paint loader may insert it`,
    );
  for (const { element, inert } of elementsOf(document)) {
    const handler = element.attrs.find(({ name }) => name.startsWith("on"));
    if (inert || !handler) continue;
    const { line, column, startTag } = sourceOf(html, element);
    blocked.push(`${line}:${column}): ${startTag} has an inline event handler (${handler.name})`);
  }
  return blocked;
}

/** Hashes every prerendered page of a finished build and writes its CSP manifest. */
export function writeCspManifest(distDir: string): CspManifest {
  const pages: Record<string, string> = {};
  const problems: string[] = [];
  for (const file of prerenderedHtmlFiles(distDir)) {
    const route = routeOf(distDir, file);
    const html = readFileSync(file, "utf8");
    const hashes = inlineScriptHashes(html);
    // A page without JavaScript may have nothing to hash (its policy is then script-src 'none');
    // any other page runs Next's inline scripts, so none found means Next's markup changed.
    if (hashes.length === 0 && !routeWithoutJavaScript(route)) {
      throw new Error(`${file}: no inline scripts found to hash`);
    }
    problems.push(...scriptsBlocked(html).map((problem) => `${route} (${file}:${problem}`));
    pages[route] = contentSecurityPolicy(hashes);
  }
  if (problems.length > 0) {
    throw new Error(
      "scripts the browser would block: every script must be inserted by the after-paint loader " +
        `or allowed by its page's CSP hash (docs/security.md):\n  ${problems.join("\n  ")}`,
    );
  }
  const notFound = pages["/_not-found"];
  if (!notFound) throw new Error(`no prerendered /_not-found page in ${distDir}`);
  const manifest: CspManifest = { pages, notFound, other: contentSecurityPolicy([]) };
  writeFileSync(path.join(distDir, CSP_MANIFEST), `${JSON.stringify(manifest)}\n`);
  return manifest;
}
