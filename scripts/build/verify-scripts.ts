/**
 * The post-build steps' last check (docs/security.md): on every prerendered page, every
 * script the browser would run is either inserted by the after-paint loader (./after-paint.ts),
 * which 'strict-dynamic' trusts, or allowed by its hash in the policy proxy.ts serves that page
 * (./csp.ts). Anything else the strict CSP blocks, and a blocked runtime chunk leaves a page that
 * never hydrates, so the build fails, naming each page and script.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CSP_MANIFEST, cspManifestSchema } from "@/lib/security/csp-manifest";
import { scriptHash } from "./csp";
import { prerenderedHtmlFiles, routeOf } from "./dist";
import { elementsOf, parseHtml, scriptElementsOf, sourceOf } from "./html";

/** The source list of a policy's script-src (or default-src, which stands in for it). */
function scriptSources(policy: string): string[] {
  const directives = policy.split(";").map((directive) => directive.trim().split(/\s+/));
  const directive =
    directives.find(([name]) => name === "script-src") ??
    directives.find(([name]) => name === "default-src");
  return directive?.slice(1) ?? [];
}

const excerpt = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** A script the browser would block, where it starts in the page's source. */
export type BlockedScript = { line: number; column: number; problem: string };

/**
 * What the browser would block on a page served with `policy`.
 * Data blocks (JSON-LD), scripts inert in a `<template>`, and `nomodule` fallbacks (never run by a
 * browser with modules) are not run, so not checked.
 */
export function scriptsBlocked(html: string, policy: string): BlockedScript[] {
  const allowed = new Set(scriptSources(policy));
  const document = parseHtml(html);
  const blocked: BlockedScript[] = [];
  for (const { line, column, startTag, ...script } of scriptElementsOf(html, document)) {
    if (!script.runs) continue;
    if (script.src !== undefined) {
      const problem = `${startTag} is in the HTML, where the CSP blocks it: only the after-paint loader may insert it`;
      blocked.push({ line, column, problem });
    } else if (!allowed.has(scriptHash(script.text))) {
      const problem = `the inline script ${excerpt(script.text)} (${scriptHash(script.text)}) is not among the page's CSP hashes`;
      blocked.push({ line, column, problem });
    }
  }
  // An event handler attribute is inline script too, and no policy here allows one ('unsafe-hashes').
  for (const { element, inert } of elementsOf(document)) {
    const handler = element.attrs.find(({ name }) => name.startsWith("on"));
    if (inert || !handler) continue;
    const { line, column, startTag } = sourceOf(html, element);
    blocked.push({
      line,
      column,
      problem: `${startTag} has an inline event handler (${handler.name})`,
    });
  }
  return blocked;
}

/** Checks every prerendered page of a finished build against its CSP; returns how many it checked. */
export function verifyScriptsAllowed(distDir: string): number {
  const manifestFile = path.join(distDir, CSP_MANIFEST);
  const { pages } = cspManifestSchema.parse(JSON.parse(readFileSync(manifestFile, "utf8")));
  const files = prerenderedHtmlFiles(distDir);
  const problems = files.flatMap((file) => {
    const route = routeOf(distDir, file);
    const policy = pages[route];
    if (policy === undefined) return [`${route} (${file}): no policy in ${manifestFile}`];
    return scriptsBlocked(readFileSync(file, "utf8"), policy).map(
      ({ line, column, problem }) => `${route} (${file}:${line}:${column}): ${problem}`,
    );
  });
  if (problems.length > 0) {
    throw new Error(
      "scripts the browser would block: every script must be inserted by the after-paint loader " +
        `or allowed by its page's CSP hash (docs/security.md):\n  ${problems.join("\n  ")}`,
    );
  }
  return files.length;
}
