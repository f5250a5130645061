/**
 * The post-build step that takes Next's runtime, bootstrap and RSC payload off the pages that need
 * no JavaScript (lib/pages-without-javascript.ts; docs/pages.md, "Pages without JavaScript", says
 * when the build fails). It runs first, so the after-paint step leaves these pages alone and the
 * CSP step hashes what remains. Idempotent.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import {
  inlineScriptsKept,
  routeWithoutJavaScript,
  ROUTES_WITHOUT_JAVASCRIPT,
} from "@/lib/pages-without-javascript";
import { inlineScripts } from "./csp";
import { appDirOf, prerenderedHtmlFiles, routeOf } from "./dist";
import {
  attributeOf,
  elementsOf,
  isScriptPreload,
  parseHtml,
  scriptElementsOf,
  sourceOf,
  spliceHtml,
  type Element,
} from "./html";

// React streams a late part of the page hidden and moves it into place with an inline script.
const isHiddenUntilScript = (element: Element) => {
  const id = attributeOf(element, "id") ?? "";
  return (
    (element.tagName === "div" &&
      id.startsWith("S:") &&
      attributeOf(element, "hidden") !== undefined) ||
    (element.tagName === "template" && id.startsWith("B:"))
  );
};
const CHUNK_URL = /\/_next\/static\/[^"'\s]+\.js/;

/** Every script the browser would run or fetch removed from a page, except the inline ones in `keep`. */
export function withoutJavaScript(html: string, keep: readonly string[]): string {
  const document = parseHtml(html);
  const scripts = scriptElementsOf(html, document).filter(
    (script) => script.kind !== "data" && !(script.src === undefined && keep.includes(script.text)),
  );
  const preloads = [...elementsOf(document)]
    .filter(({ element }) => element.tagName === "link" && isScriptPreload(element))
    .map(({ element }) => sourceOf(html, element));
  const edits = [...scripts, ...preloads].map(({ start, end }) => ({ start, end, text: "" }));
  const result = spliceHtml(html, edits);

  for (const { element } of elementsOf(parseHtml(result))) {
    if (isHiddenUntilScript(element)) {
      throw new Error("part of the page is streamed in hidden and needs a script to be shown");
    }
    const chunk = element.attrs.map((attribute) => CHUNK_URL.exec(attribute.value)).find(Boolean);
    if (chunk) throw new Error(`the page still refers to the script ${chunk[0]}`);
  }
  const left = inlineScripts(result);
  if (left.length !== keep.length || left.some((text, index) => text !== keep[index])) {
    throw new Error(
      `expected exactly the inline scripts ${JSON.stringify(keep)}, found ${JSON.stringify(left)}`,
    );
  }
  return result;
}

type ClientReferenceManifest = Record<string, { clientModules: Record<string, unknown> }>;

/**
 * The client components a route's page would hydrate beyond Next's own (layout router, error and
 * metadata boundaries), from the client-reference manifest `next build` writes beside the route's
 * server bundle. Both bundlers name a module by its path, which for Next's own is under
 * node_modules/next/.
 */
export function clientComponentsOf(distDir: string, route: string): string[] {
  const file = path.join(appDirOf(distDir), route, "page_client-reference-manifest.js");
  if (!existsSync(file)) {
    throw new Error(
      `${route} is listed in lib/pages-without-javascript.ts but the build has no such route (${file})`,
    );
  }
  // The manifest is a script that assigns itself to a global; run it on a global of its own.
  const sandbox: { __RSC_MANIFEST?: ClientReferenceManifest; self?: unknown } = {};
  sandbox.self = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const entry = sandbox.__RSC_MANIFEST?.[`${route}/page`];
  if (!entry) throw new Error(`${file} has no entry for ${route}/page: Next's manifest changed`);
  return Object.keys(entry.clientModules)
    .filter((module) => !/[/\\]node_modules[/\\]next[/\\]/.test(module))
    .sort();
}

/** Applies the step to a finished build. Returns the URL paths of the pages it stripped. */
export function removeJavaScriptWhereUnneeded(distDir: string): string[] {
  const problems = ROUTES_WITHOUT_JAVASCRIPT.flatMap((route) =>
    clientComponentsOf(distDir, route).map((module) => `${route}: ${module}`),
  );
  if (problems.length > 0) {
    throw new Error(
      "pages that ship no JavaScript (lib/pages-without-javascript.ts; docs/pages.md, " +
        `"Pages without JavaScript") have client components:\n  ${problems.join("\n  ")}`,
    );
  }
  const stripped: string[] = [];
  for (const file of prerenderedHtmlFiles(distDir)) {
    const pathname = routeOf(distDir, file);
    const route = routeWithoutJavaScript(pathname);
    if (!route) continue;
    try {
      writeFileSync(file, withoutJavaScript(readFileSync(file, "utf8"), inlineScriptsKept(route)));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
    stripped.push(pathname);
  }
  for (const route of ROUTES_WITHOUT_JAVASCRIPT) {
    if (!stripped.some((pathname) => routeWithoutJavaScript(pathname) === route)) {
      throw new Error(`no prerendered page of ${route} in ${distDir}`);
    }
  }
  return stripped;
}
