/**
 * `npm run perf`: the page-weight budgets (./bytes.ts, `npm run perf:bytes`), then the calculator
 * interaction benchmark on the same build (./interactions.ts, `npm run perf:interactions`). Both
 * run, and it fails if either does.
 *
 *   npm run perf                      build into .next-perf, weigh every page, time the calculator
 *   npm run perf -- --skip-build      measure the current .next instead (what npm test runs)
 *   npm run perf -- --webpack         build with webpack (for comparison)
 *   npm run perf -- --timing report   print the interaction timings without gating them
 *   npm run perf -- --walks 1         walks of the calculator per page (default 3)
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { perfDistDir } from "./dist-dir";

const { values: args } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    webpack: { type: "boolean", default: false },
    dist: { type: "string" },
    out: { type: "string" },
    timing: { type: "string" },
    walks: { type: "string" },
  },
});

const distDir = perfDistDir(args);
const option = (name: string, value: string | undefined) => (value ? [`--${name}`, value] : []);

function run(script: string, scriptArgs: string[]): boolean {
  const result = spawnSync("npm", ["run", "-s", script, "--", ...scriptArgs], { stdio: "inherit" });
  return result.status === 0;
}

const bytesPassed = run("perf:bytes", [
  ...(args["skip-build"] ? ["--skip-build"] : []),
  ...(args.webpack ? ["--webpack"] : []),
  "--dist",
  distDir,
  ...option("out", args.out),
]);
// Timed on the build just weighed, even when a page went over its budget: both verdicts are shown.
const interactionsPassed = run("perf:interactions", [
  "--dist",
  distDir,
  ...option("timing", args.timing),
  ...option("walks", args.walks),
]);
if (!bytesPassed || !interactionsPassed) {
  console.error(
    `perf: failed: ${[!bytesPassed && "page weights", !interactionsPassed && "calculator interactions"].filter(Boolean).join(" and ")}`,
  );
  process.exit(1);
}
