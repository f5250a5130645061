/**
 * Runs after `next build` (see package.json "build") on the build folder, in this order
 * (docs/performance.md and docs/security.md): the CSP step comes last, so its hashes are those of
 * the HTML as served.
 */
import { loadScriptsAfterPaint } from "./after-paint";
import { writeCspManifest } from "./csp";
import { DIST_DIR } from "./dist";
import { removeJavaScriptWhereUnneeded } from "./no-javascript";

const withoutJavaScript = removeJavaScriptWhereUnneeded(DIST_DIR);
console.log(`postbuild: ${withoutJavaScript.length} pages ship no JavaScript`);
const { pages, whenWanted, chunks } = loadScriptsAfterPaint(DIST_DIR);
console.log(
  `postbuild: ${pages} pages load their ${chunks} runtime chunks after first paint, ` +
    `${whenWanted} of them only once the part that needs them is wanted`,
);
const csp = writeCspManifest(DIST_DIR);
console.log(`postbuild: ${Object.keys(csp.pages).length} pages get a CSP of their script hashes`);
