import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDir } from "@/tests/support/temp-dir";
import { deferScriptsUntilFirstPaint } from "./after-paint";
import { contentSecurityPolicy, inlineScriptHashes, scriptHash, writeCspManifest } from "./csp";
import { scriptsBlocked, verifyScriptsAllowed } from "./verify-scripts";

// A page as Next prerenders it (abridged), with the scripts a browser does not run beside those it does.
const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<script src="/_next/static/chunks/one.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script></head><body>',
  '<script type="application/ld+json">{"@type":"Thing"}</script>',
  '<script type="text/plain">not run</script>',
  "<template><script>inert()</script></template>",
  "<h1>Hello</h1><script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  '<script src="/_next/static/chunks/boot.js" async=""></script></body></html>',
].join("");
const served = deferScriptsUntilFirstPaint(PAGE);
const policyOf = (html: string) => contentSecurityPolicy(inlineScriptHashes(html));

describe("scriptsBlocked", () => {
  it("passes a page whose scripts are all the loader's or hashed, ignoring what is never run", () => {
    expect(scriptsBlocked(served, policyOf(served))).toEqual([]);
  });

  it("names an inline script whose hash the policy lacks", () => {
    const added = served.replace("<h1>", "<script>track()</script><h1>");
    expect(scriptsBlocked(added, policyOf(served))).toEqual([
      {
        line: 1,
        column: added.indexOf("<script>track()") + 1,
        problem: `the inline script "track()" (${scriptHash("track()")}) is not among the page's CSP hashes`,
      },
    ]);
  });

  it("names a chunk left in the HTML, which 'strict-dynamic' blocks", () => {
    const left = served.replace(
      "<h1>",
      '<script async crossorigin src="/_next/static/chunks/late.js"></script><h1>',
    );
    expect(scriptsBlocked(left, policyOf(left)).map(({ problem }) => problem)).toEqual([
      '<script async crossorigin src="/_next/static/chunks/late.js"> is in the HTML, where the CSP blocks it: only the after-paint loader may insert it',
    ]);
  });

  it("names an inline event handler, which no hash allows", () => {
    const handler = served.replace("<h1>", '<h1 onclick="go()">');
    expect(scriptsBlocked(handler, policyOf(handler)).map(({ problem }) => problem)).toEqual([
      '<h1 onclick="go()"> has an inline event handler (onclick)',
    ]);
  });

  it("blocks every script under a policy that allows none", () => {
    expect(scriptsBlocked(served, contentSecurityPolicy([]))).toHaveLength(2);
  });
});

describe("verifyScriptsAllowed on a build folder", () => {
  function build(pages: Record<string, string>) {
    const dist = testDir("verify-scripts");
    const app = path.join(dist, "server", "app");
    for (const [file, html] of Object.entries(pages)) {
      mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
      writeFileSync(path.join(app, file), html);
    }
    return { dist, app };
  }

  it("checks every page against the policy served for it", () => {
    const { dist } = build({ "index.html": served, "_not-found.html": "<script>nf()</script>" });
    writeCspManifest(dist);
    expect(verifyScriptsAllowed(dist)).toBe(2);
  });

  it("fails the build naming the page, its file and the script", () => {
    const { dist, app } = build({
      "index.html": served,
      "_not-found.html": "<script>nf()</script>",
      "locations/tampa.html": served,
    });
    writeCspManifest(dist);
    // A page edited after its hashes were taken.
    const edited = served.replace("<h1>", "<script>late()</script><h1>");
    writeFileSync(path.join(app, "locations", "tampa.html"), edited);
    const file = path.join(app, "locations", "tampa.html");
    expect(() => verifyScriptsAllowed(dist)).toThrow(
      `/locations/tampa (${file}:1:${edited.indexOf("<script>late") + 1}): the inline script "late()"`,
    );
  });
});
