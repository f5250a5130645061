import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRERENDERED, chunkScript } from "@/tests/support/prerendered-page";
import { testDir } from "@/tests/support/temp-dir";
import { SCRIPTS_WANTED_ATTRIBUTE } from "@/lib/scripts-on-demand";

const NEAR = `${SCRIPTS_WANTED_ATTRIBUTE}="near"`;
const TOUCHED = `${SCRIPTS_WANTED_ATTRIBUTE}="touched"`;
import {
  AFTER_PAINT_ATTRIBUTE,
  COMPILE_HINT,
  deferScriptsUntilFirstPaint,
  loadScriptsAfterPaint,
  scriptsAfterPaint,
  scriptsWhenWanted,
  withCompileHint,
} from "./after-paint";
import { attributeOf, scriptElementsOf } from "./html";

// The markup Next 16 prerenders (abridged): runtime chunks as async scripts in <head>, the
// bootstrap preloaded there and loaded again at the end of <body>, and a noModule polyfill.
const PAGE = [
  PRERENDERED.head,
  PRERENDERED.stylesheet,
  PRERENDERED.bootPreload,
  chunkScript("one"),
  chunkScript("two"),
  "<title>Page</title>",
  `${PRERENDERED.polyfill}</head>`,
  `<body><h1>Hello</h1>${PRERENDERED.rscPayload}`,
  `${chunkScript("boot")}</body></html>`,
].join("");

describe("deferScriptsUntilFirstPaint", () => {
  const html = deferScriptsUntilFirstPaint(PAGE);

  it("hands every runtime chunk, in page order, to the loader", () => {
    expect(scriptsAfterPaint(html)).toEqual([
      "/_next/static/chunks/one.js",
      "/_next/static/chunks/two.js",
      "/_next/static/chunks/boot.js",
    ]);
  });

  it("leaves no chunk the browser would fetch before the first paint", () => {
    expect(html).not.toMatch(/<script src="[^"]+" async="">/);
    expect(html).not.toContain('rel="preload" as="script"');
  });

  it("puts the loader in <head>, where the scripts were", () => {
    expect(html.indexOf(AFTER_PAINT_ATTRIBUTE)).toBeLessThan(html.indexOf("</head>"));
  });

  it("keeps everything else: stylesheet, polyfill, content and the inline RSC payload", () => {
    const { stylesheet, polyfill, rscPayload } = PRERENDERED;
    for (const kept of [stylesheet, polyfill, "<h1>Hello</h1>", rscPayload]) {
      expect(html).toContain(kept);
    }
  });

  it("is idempotent", () => {
    expect(deferScriptsUntilFirstPaint(html)).toBe(html);
  });

  it("defers a chunk whatever its tag's attribute order, quoting or extra attributes, keeping them", () => {
    const varied = PAGE.replace(
      '<script src="/_next/static/chunks/two.js" async=""></script>',
      "<script async crossorigin='anonymous' src=/_next/static/chunks/two.js></script>",
    ).replace(
      '<script src="/_next/static/chunks/boot.js" async=""></script>',
      '<script src="/_next/static/chunks/boot.js" async="" nonce="n"></script>',
    );
    const deferred = deferScriptsUntilFirstPaint(varied);
    expect(scriptsAfterPaint(deferred)).toEqual(scriptsAfterPaint(html));
    expect(scriptElementsOf(deferred).filter((script) => script.src && !script.noModule)).toEqual(
      [],
    );
    const list = JSON.parse(
      attributeOf(scriptElementsOf(deferred)[0]!.element, AFTER_PAINT_ATTRIBUTE)!,
    ) as unknown[];
    expect(list).toEqual([
      "/_next/static/chunks/one.js",
      { src: "/_next/static/chunks/two.js", crossorigin: "anonymous" },
      { src: "/_next/static/chunks/boot.js", nonce: "n" },
    ]);
  });

  it("refuses a chunk that is not async: the loader's async insertion would change its order", () => {
    const blocking = PAGE.replace(' async=""></script><title>', "></script><title>");
    expect(() => deferScriptsUntilFirstPaint(blocking)).toThrow(
      /<script src="\/_next\/static\/chunks\/two.js"> is not async/,
    );
  });

  it("refuses markup it does not recognise instead of silently doing nothing", () => {
    expect(() => deferScriptsUntilFirstPaint("<html><head></head><body></body></html>")).toThrow(
      /markup changed/,
    );
  });

  it("reads nothing from an untransformed page", () => {
    expect(scriptsAfterPaint(PAGE)).toBeNull();
  });
});

/** PAGE with the body's heading replaced: a page whose scripts wait for the parts marked wanted. */
const withBody = (body: string) => PAGE.replace("<h1>Hello</h1>", body);
const CALCULATOR_PAGE = withBody(
  `<main id="main"><h1>Hello</h1><form id="zip" ${TOUCHED}></form><section id="contact"><div class="c" ${NEAR}><form></form></div></section></main>`,
);

describe("deferScriptsUntilFirstPaint on a page with a part that wants the scripts", () => {
  it("makes the loader wait until a part is wanted, opened at the fragment of the one wanted near", () => {
    const html = deferScriptsUntilFirstPaint(CALCULATOR_PAGE);
    expect(scriptsWhenWanted(html)).toEqual(["contact"]);
    expect(scriptsAfterPaint(html)).toEqual(scriptsAfterPaint(deferScriptsUntilFirstPaint(PAGE)));
  });

  it("names the part's own id when it has one, and each part's once", () => {
    const twice = withBody(
      `<div id="quote" ${NEAR}></div><section id="contact"><p ${NEAR}></p><p ${NEAR}></p></section>`,
    );
    expect(scriptsWhenWanted(deferScriptsUntilFirstPaint(twice))).toEqual(["quote", "contact"]);
  });

  it("waits for a part wanted only when touched, which no fragment opens the page on", () => {
    const touchedOnly = withBody(`<section id="hero"><form ${TOUCHED}></form></section>`);
    expect(scriptsWhenWanted(deferScriptsUntilFirstPaint(touchedOnly))).toEqual([]);
  });

  it("leaves a page without such a part to load right after its first frame", () => {
    expect(scriptsWhenWanted(deferScriptsUntilFirstPaint(PAGE))).toBeNull();
    // Inert in a <template>, or only named in the RSC payload's text: not a part of the page.
    const inert = withBody(
      `<template><div ${NEAR}></div></template><script>self.__next_f.push(["${SCRIPTS_WANTED_ATTRIBUTE}"])</script>`,
    );
    expect(scriptsWhenWanted(deferScriptsUntilFirstPaint(inert))).toBeNull();
  });

  it("reads nothing from an untransformed page", () => {
    expect(scriptsWhenWanted(CALCULATOR_PAGE)).toBeNull();
  });
});

describe("withCompileHint", () => {
  it("prepends V8's hint once", () => {
    const hinted = withCompileHint("console.log(1)");
    expect(hinted).toBe(`${COMPILE_HINT}\nconsole.log(1)`);
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});

describe("loadScriptsAfterPaint on a build folder", () => {
  it("rewrites every page with JavaScript, hints only the chunks they load, and drops the stale route cache", () => {
    const dist = testDir("after-paint");
    const app = path.join(dist, "server", "app");
    const chunks = path.join(dist, "static", "chunks");
    const routeCache = path.join(dist, "server", "route-cache", "APP_PAGE");
    for (const dir of [path.join(app, "locations"), path.join(app, "blog"), chunks, routeCache])
      mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(app, "index.html"), CALCULATOR_PAGE);
    writeFileSync(path.join(app, "locations", "tampa.html"), PAGE);
    // An article ships no JavaScript (lib/pages-without-javascript.ts): the earlier step emptied it.
    const article = "<html><head></head><body><h1>Article</h1></body></html>";
    writeFileSync(path.join(app, "blog", "post.html"), article);
    writeFileSync(path.join(routeCache, "index.html"), PAGE);
    for (const name of ["one", "two", "boot", "lazy"]) {
      writeFileSync(path.join(chunks, `${name}.js`), `/* ${name} */`);
    }

    expect(loadScriptsAfterPaint(dist)).toEqual({ pages: 2, whenWanted: 1, chunks: 3 });
    expect(scriptsWhenWanted(readFileSync(path.join(app, "index.html"), "utf8"))).toEqual([
      "contact",
    ]);
    expect(
      scriptsAfterPaint(readFileSync(path.join(app, "locations", "tampa.html"), "utf8")),
    ).toHaveLength(3);
    expect(readFileSync(path.join(app, "blog", "post.html"), "utf8")).toBe(article);
    expect(readFileSync(path.join(chunks, "boot.js"), "utf8")).toBe(`${COMPILE_HINT}\n/* boot */`);
    expect(readFileSync(path.join(chunks, "lazy.js"), "utf8")).toBe("/* lazy */");
    expect(existsSync(path.join(dist, "server", "route-cache"))).toBe(false);
  });
});
