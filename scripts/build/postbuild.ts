/**
 * Runs after `next build` (see package.json "build"): the framework's scripts load after the first
 * paint, and the chunks every page loads carry V8's compile hint. See ./after-paint.ts.
 * The build folder is NEXT_DIST_DIR, as in next.config.mjs (default .next).
 */
import { loadScriptsAfterPaint } from "./after-paint";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const { pages, chunks } = loadScriptsAfterPaint(distDir);
console.log(`postbuild: ${pages} pages load their ${chunks} runtime chunks after first paint`);
