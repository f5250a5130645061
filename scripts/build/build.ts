/**
 * `npm run build [-- next build's options]`, after the launch gate: `next build` into the build
 * folder no running server reads (./build-folder.ts), the post-build steps on it in this order (the
 * CSP step last, so its hashes are those of the HTML as served; docs/performance.md,
 * docs/security.md), the previous build's static files carried over (./carry-static.ts), and only
 * then the folder recorded as the one `npm start` serves (docs/builds.md). A fixed folder
 * (NEXT_DIST_DIR, or Vercel's) is built as it is and nothing is recorded.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { loadScriptsAfterPaint } from "./after-paint";
import { chooseBuildFolder, fixedFolder, recordServed } from "./build-folder";
import { carryStaticFiles } from "./carry-static";
import { writeCspManifest } from "./csp";
import { removeJavaScriptWhereUnneeded } from "./no-javascript";

const explicit = fixedFolder();
const { target, previous } = explicit
  ? { target: explicit, previous: undefined }
  : chooseBuildFolder();
const served = previous
  ? `npm start serves ${previous} until it is restarted`
  : "no build to serve yet";
console.log(`build: into ${target} (${served})`);

const next = createRequire(import.meta.url).resolve("next/dist/bin/next");
const built = spawnSync(process.execPath, [next, "build", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, NEXT_DIST_DIR: target },
});
if (built.status !== 0) {
  console.error(
    `build: next build failed; ${previous ? `${previous} stays the build to serve` : "nothing recorded"}`,
  );
  process.exit(built.status || 1);
}

const withoutJavaScript = removeJavaScriptWhereUnneeded(target);
console.log(`postbuild: ${withoutJavaScript.length} pages ship no JavaScript`);
const { pages, whenWanted, chunks } = loadScriptsAfterPaint(target);
console.log(
  `postbuild: ${pages} pages load their ${chunks} runtime chunks after first paint, ` +
    `${whenWanted} of them only once the part that needs them is wanted`,
);
const csp = writeCspManifest(target);
console.log(`postbuild: ${Object.keys(csp.pages).length} pages get a CSP of their script hashes`);
if (previous) {
  const carried = carryStaticFiles(previous, target);
  console.log(`postbuild: ${carried} static files of ${previous} stay served for 7 days`);
}
if (!explicit) {
  recordServed(target);
  console.log(`build: ${target} recorded; restart the server to serve it (docs/builds.md)`);
}
