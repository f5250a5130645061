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
 *    same order, right after the browser's first frame;
 * 2. marks the chunks those pages load with V8's `//# allFunctionsCalledOnLoad` compile hint, so
 *    the browser compiles them on a background thread while they stream instead of lazily on the
 *    main thread during hydration (that lazy compile was most of the page's blocking time).
 *
 * Lazy chunks (the calculator's validation and toasts) are left alone. Both edits are idempotent.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import { builtAssetFile, prerenderedHtmlFiles, routeOf } from "./dist";
import {
  attributeOf,
  elementsOf,
  isInHead,
  isScriptPreload,
  parseHtml,
  scriptElementsOf,
  sourceOf,
  spliceHtml,
  type Document,
  type Edit,
  type Element,
} from "./html";

/** The attribute that carries the deferred script list on the loader element. */
export const AFTER_PAINT_ATTRIBUTE = "data-scripts-after-paint";
/** Set on `<html>` once every deferred script has loaded (or failed): hydration has started. */
export const SCRIPTS_LOADED_ATTRIBUTE = "data-scripts-loaded";
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * A deferred script: its URL, or all its attributes when its tag had more than `src` and `async`
 * (the loader sets each, so a chunk keeps its `crossorigin`, `integrity`, `type`…).
 */
const deferredScriptsSchema = z.array(
  z.union([z.string(), z.object({ src: z.string() }).catchall(z.string())]),
);
type DeferredScript = z.infer<typeof deferredScriptsSchema>[number];

/**
 * The loader, ES5 so it runs wherever the page does. It reads its list from its own attribute and
 * inserts the scripts as async scripts with their tags' attributes, exactly as the page would have
 * loaded them, in the task after the browser's first rendering update (requestAnimationFrame,
 * then a macrotask): the first frame has been painted by then, so they no longer compete with it
 * (in Chromium it is the first contentful paint's frame: tests/e2e/loading.spec.ts). Not on the
 * `first-contentful-paint` entry: Firefox ESR reports none on some pages (a city page opened at
 * #contact), and a timer standing in for it would make those visitors wait. A hidden page (a
 * background tab, a prerender) paints no frame to wait for: it loads them at once.
 */
const LOADER = `(function(d,w){var s=JSON.parse(d.currentScript.getAttribute("${AFTER_PAINT_ATTRIBUTE}")),n=s.length,done=0;function go(){if(done)return;done=1;s.forEach(function(u){var x=d.createElement("script"),a=typeof u=="string"?{src:u}:u,k;for(k in a)x.setAttribute(k,a[k]);x.async=true;x.onload=x.onerror=function(){if(!--n)d.documentElement.setAttribute("${SCRIPTS_LOADED_ATTRIBUTE}","")};d.head.appendChild(x)})}function hidden(){if(d.visibilityState=="hidden")go()}hidden();d.addEventListener("visibilitychange",hidden);w.requestAnimationFrame(function(){setTimeout(go,0)})})(document,window)`;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

// A runtime chunk of Next's: a script the build wrote under /_next/static/.
const isNextChunk = (url: string) =>
  url.startsWith("/_next/static/") && new URL(url, "http://x").pathname.endsWith(".js");

/** The loader element of a parsed page, if the page has been transformed. */
const loaderOf = (document: Document) =>
  [...elementsOf(document)].find(
    ({ element }) =>
      element.tagName === "script" && attributeOf(element, AFTER_PAINT_ATTRIBUTE) !== undefined,
  )?.element;

function deferredScriptsOf(loader: Element): DeferredScript[] {
  const parsed = deferredScriptsSchema.safeParse(
    JSON.parse(attributeOf(loader, AFTER_PAINT_ATTRIBUTE) ?? ""),
  );
  if (!parsed.success) {
    throw new Error(`${AFTER_PAINT_ATTRIBUTE} does not hold a list of scripts`);
  }
  return parsed.data;
}

/** The deferred script URLs a transformed page carries, or null for an untransformed page. */
export function scriptsAfterPaint(html: string): string[] | null {
  const loader = loaderOf(parseHtml(html));
  if (!loader) return null;
  return deferredScriptsOf(loader).map((script) =>
    typeof script === "string" ? script : script.src,
  );
}

/**
 * Rewrites one prerendered page so its runtime scripts load after the first paint. Every Next
 * chunk the page runs is deferred, whatever its other attributes. Throws if the page has none (a
 * new Next version changed its markup and this step must be revisited rather than silently do
 * nothing), or if one is not async (the loader's scripts are, which would change their order).
 */
export function deferScriptsUntilFirstPaint(html: string): string {
  const document = parseHtml(html);
  if (loaderOf(document)) return html;
  const chunks = scriptElementsOf(html, document).filter(
    (script) => script.runs && script.src !== undefined && isNextChunk(script.src),
  );
  const first = chunks[0];
  if (!first) throw new Error("no Next chunk <script async> tags found: the page markup changed");
  if (!isInHead(first.element)) throw new Error("Next's chunk scripts are expected in <head>");
  const scripts = new Map<string, DeferredScript>();
  for (const chunk of chunks) {
    if (attributeOf(chunk.element, "async") === undefined) {
      throw new Error(`${chunk.startTag} is not async: the loader would change its order`);
    }
    const attributes = chunk.element.attrs.filter(({ name }) => name !== "async");
    const src = chunk.src!;
    if (scripts.has(src)) continue;
    scripts.set(
      src,
      attributes.length === 1
        ? src
        : { src, ...Object.fromEntries(attributes.map(({ name, value }) => [name, value])) },
    );
  }
  const loader = `<script ${AFTER_PAINT_ATTRIBUTE}="${escapeAttribute(JSON.stringify([...scripts.values()]))}">${LOADER}</script>`;
  const edits: Edit[] = chunks.map((chunk, index) => ({
    start: chunk.start,
    end: chunk.end,
    text: index === 0 ? loader : "",
  }));
  // The bootstrap's low-priority preload would fetch a chunk before the first paint.
  for (const { element } of elementsOf(document)) {
    if (element.tagName !== "link" || !isScriptPreload(element)) continue;
    const href = attributeOf(element, "href");
    if (href === undefined || !isNextChunk(href)) continue;
    const { start, end } = sourceOf(html, element);
    edits.push({ start, end, text: "" });
  }
  return spliceHtml(html, edits);
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
