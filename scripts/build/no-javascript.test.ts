import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRERENDERED, chunkScript } from "@/tests/support/prerendered-page";
import { testDir } from "@/tests/support/temp-dir";
import {
  inlineScriptsKept,
  NOT_FOUND_LOG_SCRIPT,
  ROUTES_WITHOUT_JAVASCRIPT,
} from "@/lib/pages-without-javascript";
import { inlineScripts } from "./csp";
import {
  clientComponentsOf,
  removeJavaScriptWhereUnneeded,
  withoutJavaScript,
} from "./no-javascript";

// A prerendered page as the build leaves it before this step (abridged): font and script
// preloads, runtime chunks, a noModule polyfill, JSON-LD, the bootstrap and the RSC payload.
const FONT_PRELOAD =
  '<link rel="preload" href="/_next/static/media/inter.woff2" as="font" crossorigin="" type="font/woff2"/>';
const JSON_LD = '<script type="application/ld+json">{"@type":"Service"}</script>';
const page = (body = "<h1>Plan</h1>") =>
  [
    PRERENDERED.head,
    FONT_PRELOAD,
    PRERENDERED.stylesheet,
    PRERENDERED.bootPreload,
    '<link rel="modulepreload" href="/_next/static/chunks/mod.js"/>',
    chunkScript("one"),
    `${PRERENDERED.polyfill}</head>`,
    `<body>${body}${JSON_LD}`,
    '<script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({"otherChunks":["static/chunks/x.js"]})</script>',
    PRERENDERED.rscPayload,
    '<script>self.__next_f.push([1,"0:[]"])</script></body></html>',
  ].join("");

describe("withoutJavaScript", () => {
  const html = withoutJavaScript(page(), []);

  it("removes every script the browser would run or fetch, and the script preloads", () => {
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(html).not.toContain('preload as="script"');
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain(".js");
  });

  it("keeps the content, the stylesheet, the font preload and the JSON-LD", () => {
    for (const kept of ["<h1>Plan</h1>", PRERENDERED.stylesheet, FONT_PRELOAD, JSON_LD]) {
      expect(html).toContain(kept);
    }
  });

  it("keeps the inline scripts it is told to, and only those", () => {
    const notFound = withoutJavaScript(
      page(`<h1>404</h1><script>${NOT_FOUND_LOG_SCRIPT}</script>`),
      [NOT_FOUND_LOG_SCRIPT],
    );
    expect(inlineScripts(notFound)).toEqual([NOT_FOUND_LOG_SCRIPT]);
  });

  it("refuses a page that lacks a script it should keep", () => {
    expect(() => withoutJavaScript(page(), [NOT_FOUND_LOG_SCRIPT])).toThrow(
      /expected exactly the inline scripts/,
    );
  });

  it("refuses a page whose content React would reveal with a script", () => {
    const streamed = page('<template id="B:0"></template><div hidden id="S:0"><p>Late</p></div>');
    expect(() => withoutJavaScript(streamed, [])).toThrow(/needs a script to be shown/);
  });

  it("is idempotent", () => {
    expect(withoutJavaScript(html, [])).toBe(html);
  });
});

/** A build folder with the given client modules in each route's client-reference manifest. */
function fakeBuild(clientModules: (route: string) => string[]) {
  const dist = testDir("no-js");
  const app = path.join(dist, "server", "app");
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  for (const route of [...ROUTES_WITHOUT_JAVASCRIPT, "/locations/[slug]"]) {
    const modules = Object.fromEntries(clientModules(route).map((module) => [module, { id: 1 }]));
    write(
      path.join(app, route, "page_client-reference-manifest.js"),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n` +
        `globalThis.__RSC_MANIFEST[${JSON.stringify(`${route}/page`)}] = ${JSON.stringify({ clientModules: modules })};`,
    );
    const pagePath = route.replace("[slug]", "some-page");
    const body = inlineScriptsKept(route)
      .map((script) => `<script>${script}</script>`)
      .join("");
    write(path.join(app, `${pagePath}.html`), page(`<h1>${route}</h1>${body}`));
  }
  return dist;
}

const NEXT_OWN = [
  "[project]/node_modules/next/dist/esm/client/components/layout-router.js",
  "/abs/project/node_modules/next/dist/client/components/http-access-fallback/error-boundary.js",
];

describe("clientComponentsOf", () => {
  it("names the route's own client components, not Next's", () => {
    const dist = fakeBuild(() => [
      ...NEXT_OWN,
      "[project]/node_modules/lucide-react/dist/esm/Icon.mjs",
      "[project]/components/layout/Widget.tsx",
    ]);
    expect(clientComponentsOf(dist, "/blog/[slug]")).toEqual([
      "[project]/components/layout/Widget.tsx",
      "[project]/node_modules/lucide-react/dist/esm/Icon.mjs",
    ]);
  });

  it("refuses a listed route the build does not have", () => {
    const dist = fakeBuild(() => NEXT_OWN);
    expect(() => clientComponentsOf(dist, "/no-such-route")).toThrow(/no such route/);
  });
});

describe("removeJavaScriptWhereUnneeded on a build folder", () => {
  it("strips every listed page and no other", () => {
    const dist = fakeBuild(() => NEXT_OWN);
    const stripped = removeJavaScriptWhereUnneeded(dist);
    expect(stripped.sort()).toEqual(
      ROUTES_WITHOUT_JAVASCRIPT.map((route) => route.replace("[slug]", "some-page")).sort(),
    );
    const app = path.join(dist, "server", "app");
    const article = readFileSync(path.join(app, "blog", "some-page.html"), "utf8");
    expect(inlineScripts(article)).toEqual(inlineScriptsKept("/blog/[slug]"));
    expect(article).not.toContain("self.__next_f");
    expect(readFileSync(path.join(app, "_not-found.html"), "utf8")).toContain(NOT_FOUND_LOG_SCRIPT);
    expect(readFileSync(path.join(app, "locations", "some-page.html"), "utf8")).toContain(
      "self.__next_f",
    );
  });

  it("fails the build when a listed page gains a client component", () => {
    const dist = fakeBuild((route) =>
      route === "/blog" ? [...NEXT_OWN, "[project]/components/blog/Search.tsx"] : NEXT_OWN,
    );
    expect(() => removeJavaScriptWhereUnneeded(dist)).toThrow(
      /\/blog: \[project\]\/components\/blog\/Search\.tsx/,
    );
  });
});
