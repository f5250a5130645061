/**
 * How the post-build steps read and edit a prerendered page: with an HTML parser, never a
 * pattern, so a tag with its attributes in another order, another quoting or one more attribute is
 * still the element it is.
 */
// parse5, not linkedom: it is the HTML standard's tokenizer and tree builder (a script is what a browser makes of it), and its source offsets let an edit replace one element and leave every other byte, so every other CSP hash, as Next wrote it.
import { parse, type DefaultTreeAdapterTypes } from "parse5";

export type Document = DefaultTreeAdapterTypes.Document;
export type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** A page parsed with the source location of each element. */
export const parseHtml = (html: string) => parse(html, { sourceCodeLocationInfo: true });

/** A parsed element's attribute, as the browser reads it (entities decoded), or undefined. */
export const attributeOf = (element: Element, name: string): string | undefined =>
  element.attrs.find((attribute) => attribute.name === name)?.value;

const isElement = (node: Node): node is Element => "tagName" in node;

/**
 * Every element under a node, in document order, with whether it is inert: inside a `<template>`,
 * whose content the browser parses but never runs or renders where it stands.
 */
export function* elementsOf(
  parent: Node,
  inert = false,
): Generator<{ element: Element; inert: boolean }> {
  const template = isElement(parent) && parent.tagName === "template";
  const children = template
    ? (parent as DefaultTreeAdapterTypes.Template).content.childNodes
    : "childNodes" in parent
      ? parent.childNodes
      : [];
  for (const child of children) {
    if (!isElement(child)) continue;
    yield { element: child, inert: inert || template };
    yield* elementsOf(child, inert || template);
  }
}

/** Whether an element is inside the document's `<head>`. */
export function isInHead(element: Element): boolean {
  for (let node = element.parentNode; node; node = "parentNode" in node ? node.parentNode : null) {
    if ("tagName" in node && node.tagName === "head") return true;
  }
  return false;
}

/** A `<link>` that has the browser fetch a script ahead of its use. */
export function isScriptPreload(link: Element): boolean {
  const rel = (attributeOf(link, "rel") ?? "").toLowerCase().split(/\s+/);
  const as = (attributeOf(link, "as") ?? "").trim().toLowerCase();
  return rel.includes("modulepreload") || (rel.includes("preload") && as === "script");
}

/** Where an element sits in the source: its whole markup, and its start tag alone. */
export function sourceOf(html: string, element: Element) {
  const location = element.sourceCodeLocation;
  if (!location) throw new Error(`<${element.tagName}> has no source location`);
  const startTag = location.startTag ?? location;
  return {
    start: location.startOffset,
    end: location.endOffset,
    startTag: html.slice(startTag.startOffset, startTag.endOffset),
    line: location.startLine,
    column: location.startCol,
  };
}

export type Edit = { start: number; end: number; text: string };

/** Applies edits to the source, each replacing its own span; everything else stays byte for byte. */
export function spliceHtml(html: string, edits: readonly Edit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start);
  let result = "";
  let position = 0;
  for (const edit of ordered) {
    if (edit.start < position) throw new Error("overlapping edits to the same page");
    result += html.slice(position, edit.start) + edit.text;
    position = edit.end;
  }
  return result + html.slice(position);
}

/** The HTML standard's JavaScript MIME types: a script of any of these is classic JavaScript. */
const JAVASCRIPT_TYPE =
  /^(?:(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/javascript1\.[0-5]|text\/(?:jscript|livescript))$/;

/**
 * What a browser makes of a `<script>`, by the HTML standard's "prepare the script element": classic
 * JavaScript, a module, an import map or speculation rules (all governed by the CSP's script-src),
 * or a data block such as JSON-LD, which it never runs.
 */
export type ScriptKind = "classic" | "module" | "importmap" | "speculationrules" | "data";

function scriptKind(element: Element): ScriptKind {
  const type = attributeOf(element, "type");
  const language = attributeOf(element, "language");
  const source =
    type === undefined ? (language ? `text/${language}` : "") : type.replace(/^\s+|\s+$/g, "");
  const lower = source.toLowerCase();
  if (lower === "" || JAVASCRIPT_TYPE.test(lower)) return "classic";
  if (lower === "module" || lower === "importmap" || lower === "speculationrules") return lower;
  return "data";
}

/**
 * Every `<script>` element of a page (HTML or SVG), in document order: where it is in the source,
 * its `src` and its text (as the browser reads and hashes it), whether it is a classic script
 * marked `nomodule` (a fallback browsers with modules never run) or inert inside a `<template>`,
 * and so whether a browser `runs` it.
 */
export function scriptElementsOf(html: string, document = parseHtml(html)) {
  return [...elementsOf(document)]
    .filter(({ element }) => element.tagName === "script")
    .map(({ element, inert }) => {
      const kind = scriptKind(element);
      const noModule = kind === "classic" && attributeOf(element, "nomodule") !== undefined;
      return {
        ...sourceOf(html, element),
        element,
        kind,
        src: attributeOf(element, "src"),
        text: element.childNodes.map((node) => ("value" in node ? node.value : "")).join(""),
        noModule,
        inert,
        runs: kind !== "data" && !inert && !noModule,
      };
    });
}
