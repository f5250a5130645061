/**
 * The post-build step that lets the framework's JavaScript arrive after the first paint.
 *
 * Every prerendered page of the App Router lists Next's runtime chunks as `<script async>` in its
 * `<head>`. Over a slow phone connection those ~130 KB gzip compete with the HTML, the CSS and the
 * font for the first paint, and on the main thread their evaluation runs before the browser's
 * first frame. Nothing on these pages needs JavaScript to be read: the text is all in the HTML.
 * So, after `next build`, this step:
 *
 * 1. replaces those script tags with one small inline loader that inserts the same scripts, in the
 *    same order, once the browser reports its first contentful paint (with a fallback timer);
 * 2. marks the chunks those pages load with V8's `//# allFunctionsCalledOnLoad` compile hint, so
 *    the browser compiles them on a background thread while they stream instead of lazily on the
 *    main thread during hydration (that lazy compile was most of the page's blocking time).
 *
 * Lazy chunks (the calculator's validation and toasts) are left alone. Both edits are idempotent.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import { builtAssetFile, prerenderedHtmlFiles, routeOf } from "./dist";

/** The attribute that carries the deferred script list on the loader element. */
export const AFTER_PAINT_ATTRIBUTE = "data-scripts-after-paint";
/** Set on `<html>` once every deferred script has loaded (or failed): hydration has started. */
export const SCRIPTS_LOADED_ATTRIBUTE = "data-scripts-loaded";
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
/** If no paint is ever reported (a browser without Paint Timing events), load anyway. */
const FALLBACK_MS = 4000;

// Next's runtime chunks, as React emits them: async scripts and the bootstrap's low-priority preload.
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
const CHUNK_PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[^"]+\.js"\/>/g;

/**
 * The loader, ES5 so it runs wherever the page does. It reads its list from its own attribute and
 * inserts the scripts as async scripts, exactly as the page would have loaded them.
 */
const LOADER = `(function(d,w){var e=d.currentScript,s=JSON.parse(e.getAttribute("${AFTER_PAINT_ATTRIBUTE}")),n=s.length,done=0;function go(){if(done)return;done=1;s.forEach(function(u){var x=d.createElement("script");x.src=u;x.async=true;x.onload=x.onerror=function(){if(!--n)d.documentElement.setAttribute("${SCRIPTS_LOADED_ATTRIBUTE}","")};d.head.appendChild(x)})}var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});setTimeout(go,${FALLBACK_MS})}else w.requestAnimationFrame(function(){setTimeout(go,0)})})(document,window)`;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
const unescapeAttribute = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** The deferred script URLs a transformed page carries, or null for an untransformed page. */
export function scriptsAfterPaint(html: string): string[] | null {
  const match = new RegExp(`<script ${AFTER_PAINT_ATTRIBUTE}="([^"]*)">`).exec(html);
  if (!match) return null;
  const list: unknown = JSON.parse(unescapeAttribute(match[1]!));
  if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) {
    throw new Error(`${AFTER_PAINT_ATTRIBUTE} does not hold a list of script URLs`);
  }
  return list;
}

/**
 * Rewrites one prerendered page so its runtime scripts load after the first contentful paint.
 * Throws if the page carries none of Next's chunk scripts: a new Next version changed its markup
 * and this step must be revisited rather than silently do nothing.
 */
export function deferScriptsUntilFirstPaint(html: string): string {
  if (scriptsAfterPaint(html)) return html;
  const matches = [...html.matchAll(CHUNK_SCRIPT)];
  if (matches.length === 0) {
    throw new Error("no Next chunk <script async> tags found: the page markup changed");
  }
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0 || matches[0]!.index > headEnd) {
    throw new Error("Next's chunk scripts are expected in <head>");
  }
  const scripts = matches.map((match) => match[1]!);
  const loader = `<script ${AFTER_PAINT_ATTRIBUTE}="${escapeAttribute(JSON.stringify([...new Set(scripts)]))}">${LOADER}</script>`;
  let placed = false;
  return html.replace(CHUNK_PRELOAD, "").replace(CHUNK_SCRIPT, () => {
    if (placed) return "";
    placed = true;
    return loader;
  });
}

/** Prepends V8's eager-compile hint to a chunk (once). */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : `${COMPILE_HINT}\n${source}`;
}

/**
 * Applies both edits to a finished build, on every page but those that ship no JavaScript
 * (./no-javascript.ts has removed their scripts). Returns what it changed, for the build log.
 */
export function loadScriptsAfterPaint(distDir: string): { pages: number; chunks: number } {
  const pages = prerenderedHtmlFiles(distDir).filter(
    (file) => !routeWithoutJavaScript(routeOf(distDir, file)),
  );
  if (pages.length === 0) throw new Error(`no prerendered pages in ${distDir}`);
  const initialChunks = new Set<string>();
  for (const file of pages) {
    const html = deferScriptsUntilFirstPaint(readFileSync(file, "utf8"));
    writeFileSync(file, html);
    for (const url of scriptsAfterPaint(html) ?? []) initialChunks.add(url);
  }
  for (const url of initialChunks) {
    const file = builtAssetFile(distDir, url);
    writeFileSync(file, withCompileHint(readFileSync(file, "utf8")));
  }
  // `next start` copies each page into this runtime cache on first request; a copy made before
  // this step ran would keep serving the untransformed page.
  rmSync(path.join(distDir, "server", "route-cache"), { recursive: true, force: true });
  return { pages: pages.length, chunks: initialChunks.size };
}
