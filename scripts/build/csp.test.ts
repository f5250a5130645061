import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDir } from "@/tests/support/temp-dir";
import { contentSecurityPolicy, scriptHash } from "@/lib/security/content-security-policy";
import { CSP_MANIFEST, type CspManifest } from "@/lib/security/csp-manifest";
import { deferScriptsUntilFirstPaint } from "./after-paint";
import { inlineScriptHashes, inlineScripts, scriptsBlocked, writeCspManifest } from "./csp";
import { routeOf } from "./dist";

const PAGE = [
  '<!DOCTYPE html><html><head><script data-scripts-after-paint="[]">(function(){})()</script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head><body>',
  '<script type="application/ld+json">{"@type":"Thing"}</script>',
  '<script id="_R_">boot("é")</script>',
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>",
].join("");

describe("inlineScripts", () => {
  it("lists the inline scripts the browser executes, not external scripts or data blocks", () => {
    expect(inlineScripts(PAGE)).toEqual([
      "(function(){})()",
      'boot("é")',
      "(self.__next_f=self.__next_f||[]).push([0])",
      "(self.__next_f=self.__next_f||[]).push([0])",
    ]);
  });

  it("hashes each distinct script once, as the browser does: SHA-256 of its UTF-8 text", () => {
    const hashes = inlineScriptHashes(PAGE);
    expect(hashes).toHaveLength(3);
    const digest = createHash("sha256").update(Buffer.from('boot("é")', "utf8")).digest("base64");
    expect(hashes).toContain(`'sha256-${digest}'`);
    expect(scriptHash("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});

describe("contentSecurityPolicy", () => {
  it("allows the hashes and what they insert, never inline or same-origin scripts by themselves", () => {
    const policy = contentSecurityPolicy(["'sha256-a'", "'sha256-b'"]);
    expect(policy).toContain("script-src 'strict-dynamic' 'sha256-a' 'sha256-b';");
    expect(policy).not.toContain("unsafe-inline' 'sha");
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "upgrade-insecure-requests",
    ]) {
      expect(policy).toContain(directive);
    }
  });

  it("allows no script at all without hashes", () => {
    expect(contentSecurityPolicy([])).toContain("script-src 'none';");
  });
});

describe("writeCspManifest", () => {
  it("writes each prerendered page's policy under its URL path", () => {
    const dist = testDir("csp");
    const app = path.join(dist, "server", "app");
    mkdirSync(path.join(app, "blog"), { recursive: true });
    writeFileSync(path.join(app, "index.html"), PAGE);
    writeFileSync(path.join(app, "_not-found.html"), "<script>nf()</script>");
    writeFileSync(path.join(app, "blog", "post.html"), "<script>post()</script>");
    writeCspManifest(dist);
    const manifest = JSON.parse(readFileSync(path.join(dist, CSP_MANIFEST), "utf8")) as CspManifest;
    expect(Object.keys(manifest.pages).sort()).toEqual(["/", "/_not-found", "/blog/post"]);
    expect(manifest.pages["/blog/post"]).toContain(scriptHash("post()"));
    expect(manifest.pages["/blog/post"]).not.toContain(scriptHash("nf()"));
    expect(manifest.notFound).toBe(manifest.pages["/_not-found"]);
    expect(manifest.other).toContain("script-src 'none'");
    expect(routeOf(dist, path.join(app, "index.html"))).toBe("/");
  });

  it("gives a page without JavaScript (lib/pages-without-javascript.ts) no script at all", () => {
    const dist = testDir("csp");
    const app = path.join(dist, "server", "app");
    mkdirSync(app, { recursive: true });
    writeFileSync(path.join(app, "blog.html"), '<script type="application/ld+json">{}</script>');
    writeFileSync(path.join(app, "_not-found.html"), "<script>nf()</script>");
    const manifest = writeCspManifest(dist);
    expect(manifest.pages["/blog"]).toContain("script-src 'none';");
  });

  it("refuses a page with no inline script: Next's markup changed", () => {
    const dist = testDir("csp");
    mkdirSync(path.join(dist, "server", "app"), { recursive: true });
    writeFileSync(path.join(dist, "server", "app", "index.html"), "<p>no scripts</p>");
    expect(() => writeCspManifest(dist)).toThrow(/no inline scripts/);
  });
});

// A page as Next prerenders it (abridged), with the scripts a browser does not run beside those it does.
const SERVED = deferScriptsUntilFirstPaint(
  [
    "<!DOCTYPE html><html><head>",
    '<script src="/_next/static/chunks/one.js" async=""></script>',
    '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head><body>',
    '<script type="application/ld+json">{"@type":"Thing"}</script>',
    '<script type="text/plain">not run</script>',
    "<template><script src=/inert.js></script><b onclick=inert()></b></template>",
    "<h1>Hello</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script>",
    '<script src="/_next/static/chunks/boot.js" async=""></script></body></html>',
  ].join(""),
);

describe("scriptsBlocked", () => {
  it("passes a page whose scripts are all the loader's or inline, ignoring what is never run", () => {
    expect(scriptsBlocked(SERVED)).toEqual([]);
  });

  it("names a script tag left in the HTML, which 'strict-dynamic' blocks", () => {
    const left = SERVED.replace(
      "<h1>",
      '<script async crossorigin src="/_next/static/chunks/late.js"></script><h1>',
    );
    expect(scriptsBlocked(left)).toEqual([
      `1:${left.indexOf("<script async crossorigin") + 1}): <script async crossorigin src="/_next/static/chunks/late.js"> is in the HTML, where the CSP blocks it: only the after-paint loader may insert it`,
    ]);
  });

  it("names an inline event handler, which no hash allows", () => {
    const handler = SERVED.replace("<h1>", '<h1 onclick="go()">');
    expect(scriptsBlocked(handler)).toEqual([
      `1:${handler.indexOf("<h1 onclick") + 1}): <h1 onclick="go()"> has an inline event handler (onclick)`,
    ]);
  });

  it("fails the build naming the page, its file and the script", () => {
    const dist = testDir("csp");
    const app = path.join(dist, "server", "app");
    mkdirSync(path.join(app, "locations"), { recursive: true });
    const edited = SERVED.replace("<h1>", '<h1 onclick="go()">');
    writeFileSync(path.join(app, "_not-found.html"), "<script>nf()</script>");
    writeFileSync(path.join(app, "locations", "tampa.html"), edited);
    const file = path.join(app, "locations", "tampa.html");
    expect(() => writeCspManifest(dist)).toThrow(
      `/locations/tampa (${file}:1:${edited.indexOf("<h1 onclick") + 1}): <h1 onclick="go()">`,
    );
  });
});
