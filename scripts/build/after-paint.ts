/**
 * The post-build step that has Next's runtime chunks load after the first paint, and on the
 * calculator pages only once the part that needs them is wanted, through one small inline loader
 * in place of their `<script async>` tags; and marks those chunks with V8's compile hint
 * (docs/performance.md, "Scripts when wanted" and "Scripts after the first paint", say why).
 * Lazy chunks (the calculator's validation and toasts) are left alone. Both edits are idempotent.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DefaultTreeAdapterTypes } from "parse5";
import { routeWithoutJavaScript } from "@/lib/pages-without-javascript";
import {
  SCRIPTS_WANTED_ATTRIBUTE,
  WANTED_NEAR,
  WANTED_NEAR_VIEWPORT,
} from "@/lib/scripts-on-demand";
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
} from "./html";

/** The attribute that carries the deferred script list on the loader element. */
export const AFTER_PAINT_ATTRIBUTE = "data-scripts-after-paint";
/** The loader's JSON list of the fragments that open its page on a part wanted when near. */
export const WHEN_WANTED_ATTRIBUTE = "data-scripts-when-wanted";
/** Set on `<html>` once every deferred script has loaded (or failed): hydration has started. */
export const SCRIPTS_LOADED_ATTRIBUTE = "data-scripts-loaded";
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** A deferred script: its URL, or all its tag's attributes but `async` when it had more. */
type DeferredScript = string | ({ src: string } & Record<string, string>);

/**
 * The loader, ES5 so it runs wherever the page does: it inserts its list as async scripts with
 * their tags' attributes once they are wanted and the first frame is painted (in the task after
 * the first rendering update: Firefox ESR reports no `first-contentful-paint` on some pages; a
 * hidden page paints no frame and loads at once). Wanted: at once, unless it carries
 * WHEN_WANTED_ATTRIBUTE; then as docs/performance.md, "Scripts when wanted", lists. No timer.
 */
const LOADER = `(function(d,w){var c=d.currentScript,s=JSON.parse(c.getAttribute("${AFTER_PAINT_ATTRIBUTE}")),on=c.getAttribute("${WHEN_WANTED_ATTRIBUTE}"),n=s.length,wanted=on===null,painted=0,done=0,part="[${SCRIPTS_WANTED_ATTRIBUTE}]",nearPart="[${SCRIPTS_WANTED_ATTRIBUTE}=${WANTED_NEAR}]";function go(){if(done||!wanted||!painted&&d.visibilityState!="hidden")return;done=1;s.forEach(function(u){var x=d.createElement("script"),a=typeof u=="string"?{src:u}:u,k;for(k in a)x.setAttribute(k,a[k]);x.async=true;x.onload=x.onerror=function(){if(!--n)d.documentElement.setAttribute("${SCRIPTS_LOADED_ATTRIBUTE}","")};d.head.appendChild(x)})}function want(){wanted=1;go()}if(!wanted){var ids=JSON.parse(on),opened=function(){var h=location.hash.slice(1);try{h=decodeURIComponent(h)}catch(e){}if(ids.indexOf(h)>=0)want()},near=function(){var p=d.querySelectorAll(nearPart),o;if(!w.IntersectionObserver)return want();o=new w.IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting){o.disconnect();want()}})},{rootMargin:"${WANTED_NEAR_VIEWPORT}"});for(var i=0;i<p.length;i++)o.observe(p[i])};opened();w.addEventListener("hashchange",opened);["pointerdown","keydown","focusin"].forEach(function(t){d.addEventListener(t,function(e){var x=e.target;if(!done&&x&&x.closest&&x.closest(part))want()},true)});if(d.readyState=="loading")d.addEventListener("DOMContentLoaded",near);else near()}d.addEventListener("visibilitychange",go);go();w.requestAnimationFrame(function(){setTimeout(function(){painted=1;go()},0)})})(document,window)`;

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

/** The deferred script URLs a transformed page carries, or null for an untransformed page. */
export function scriptsAfterPaint(html: string): string[] | null {
  const loader = loaderOf(parseHtml(html));
  if (!loader) return null;
  const scripts = JSON.parse(attributeOf(loader, AFTER_PAINT_ATTRIBUTE)!) as DeferredScript[];
  return scripts.map((script) => (typeof script === "string" ? script : script.src));
}

/**
 * On a transformed page whose scripts wait until they are wanted, the fragments that open it on the
 * wanted part; null when its scripts start after the first frame on their own (or it has no loader).
 */
export function scriptsWhenWanted(html: string): string[] | null {
  const loader = loaderOf(parseHtml(html));
  const value = loader && attributeOf(loader, WHEN_WANTED_ATTRIBUTE);
  return value === undefined ? null : (JSON.parse(value) as string[]);
}

/** The id of an element or of its nearest ancestor that has one. */
const nearestId = (node: DefaultTreeAdapterTypes.ParentNode | null): string | undefined =>
  node && "tagName" in node ? (attributeOf(node, "id") ?? nearestId(node.parentNode)) : undefined;

/**
 * Whether a page waits for a part marked SCRIPTS_WANTED_ATTRIBUTE, and the fragments that open it
 * on one wanted when near, each by the nearest id at or around it (the fragment a link to it names:
 * the calculator's is #contact's section); null if it has no such part.
 */
function fragmentsOfWantedParts(document: Document): string[] | null {
  const parts = [...elementsOf(document)]
    .filter(({ inert }) => !inert)
    .map(({ element }) => ({ element, wanted: attributeOf(element, SCRIPTS_WANTED_ATTRIBUTE) }))
    .filter(({ wanted }) => wanted !== undefined);
  if (parts.length === 0) return null;
  const near = parts.filter(({ wanted }) => wanted === WANTED_NEAR);
  return [
    ...new Set(near.map(({ element }) => nearestId(element)).filter((id) => id !== undefined)),
  ];
}

/**
 * Rewrites one prerendered page so its runtime scripts load after the first paint, and, if the page
 * has parts marked SCRIPTS_WANTED_ATTRIBUTE, only once one of them is wanted. Every Next chunk the
 * page runs is deferred, whatever its other attributes. Throws if the page has none (a new Next
 * version changed its markup and this step must be revisited rather than silently do nothing), or
 * if one is not async (the loader's scripts are, which would change their order).
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
  const fragments = fragmentsOfWantedParts(document);
  const whenWanted = fragments
    ? ` ${WHEN_WANTED_ATTRIBUTE}="${escapeAttribute(JSON.stringify(fragments))}"`
    : "";
  const loader = `<script ${AFTER_PAINT_ATTRIBUTE}="${escapeAttribute(JSON.stringify([...scripts.values()]))}"${whenWanted}>${LOADER}</script>`;
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
export function loadScriptsAfterPaint(distDir: string) {
  const pages = prerenderedHtmlFiles(distDir).filter(
    (file) => !routeWithoutJavaScript(routeOf(distDir, file)),
  );
  if (pages.length === 0) throw new Error(`no prerendered pages in ${distDir}`);
  const initialChunks = new Set<string>();
  let whenWanted = 0;
  for (const file of pages) {
    const html = deferScriptsUntilFirstPaint(readFileSync(file, "utf8"));
    writeFileSync(file, html);
    if (scriptsWhenWanted(html)) whenWanted += 1;
    for (const url of scriptsAfterPaint(html) ?? []) initialChunks.add(url);
  }
  for (const url of initialChunks) {
    const file = builtAssetFile(distDir, url);
    writeFileSync(file, withCompileHint(readFileSync(file, "utf8")));
  }
  // `next start` copies each page into this runtime cache on first request; a copy made before
  // this step ran would keep serving the untransformed page.
  rmSync(path.join(distDir, "server", "route-cache"), { recursive: true, force: true });
  return { pages: pages.length, whenWanted, chunks: initialChunks.size };
}
