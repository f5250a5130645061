/**
 * Runs after `next build` (see package.json "build"): the framework's scripts load after the first
 * paint, and the chunks every page loads carry V8's compile hint (./after-paint.ts); then every
 * page's inline scripts are hashed into its Content-Security-Policy (./csp.ts), last, so the hashes
 * are those of the HTML as served.
 * The build folder is NEXT_DIST_DIR, as in next.config.mjs (default .next).
 */
import { loadScriptsAfterPaint } from "./after-paint";
import { writeCspManifest } from "./csp";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const { pages, chunks } = loadScriptsAfterPaint(distDir);
console.log(`postbuild: ${pages} pages load their ${chunks} runtime chunks after first paint`);
const csp = writeCspManifest(distDir);
console.log(`postbuild: ${Object.keys(csp.pages).length} pages get a CSP of their script hashes`);
