/**
 * The post-build steps, in their order (docs/performance.md and docs/security.md); run by
 * `npm run build` (./postbuild.ts) and by `npm run perf` on its own build.
 *
 * 1. Pages that need no JavaScript lose all of it (./no-javascript.ts).
 * 2. Every other page loads its runtime scripts after the first paint (the calculator pages only
 *    once the calculator is wanted), and the chunks they load carry V8's compile hint
 *    (./after-paint.ts).
 * 3. Last, every page's inline scripts are hashed into its Content-Security-Policy (./csp.ts), so
 *    the hashes are those of the HTML as served; a script no hash can allow fails the build.
 */
import { loadScriptsAfterPaint } from "./after-paint";
import { writeCspManifest } from "./csp";
import { removeJavaScriptWhereUnneeded } from "./no-javascript";

export function runPostBuildSteps(distDir: string, log: (line: string) => void = () => {}) {
  const withoutJavaScript = removeJavaScriptWhereUnneeded(distDir);
  log(`postbuild: ${withoutJavaScript.length} pages ship no JavaScript`);
  const { pages, whenWanted, chunks } = loadScriptsAfterPaint(distDir);
  log(
    `postbuild: ${pages} pages load their ${chunks} runtime chunks after first paint, ` +
      `${whenWanted} of them only once the part that needs them is wanted`,
  );
  const csp = writeCspManifest(distDir);
  log(`postbuild: ${Object.keys(csp.pages).length} pages get a CSP of their script hashes`);
}
