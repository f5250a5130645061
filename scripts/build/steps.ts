/**
 * The post-build steps, in their order (docs/performance.md and docs/security.md); run by
 * `npm run build` (./postbuild.ts) and by `npm run perf` on its own build. The CSP step comes last,
 * so its hashes are those of the HTML as served.
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
