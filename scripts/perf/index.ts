/**
 * `npm run perf`: the page-weight budgets (./bytes.ts), then the calculator interaction benchmark
 * (./interactions.ts) on the same build; it fails if either does.
 *
 *   --skip-build      measure the current .next instead of building into .next-perf (npm test)
 *   --timing report   print the interaction timings without gating them
 *   --walks 1         walks of the calculator per page (default 3)
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { perfDistDir } from "./dist-dir";

const { values: args } = parseArgs({
  options: {
    "skip-build": { type: "boolean" },
    dist: { type: "string" },
    timing: { type: "string" },
    walks: { type: "string" },
  },
});
const dist = ["--dist", perfDistDir(args)];
const passed = (script: string, names: (keyof typeof args)[], options: string[]) => {
  const given = names.flatMap((name) => {
    const value = args[name];
    return value === undefined ? [] : [`--${name}`, ...(value === true ? [] : [String(value)])];
  });
  const run = spawnSync("npm", ["run", "-s", script, "--", ...given, ...options], {
    stdio: "inherit",
  });
  return run.status === 0;
};

const failed = [
  !passed("perf:bytes", ["skip-build"], dist) && "page weights",
  // Timed on the build just weighed, even when a page went over its budget: both verdicts shown.
  !passed("perf:interactions", ["timing", "walks"], dist) && "calculator interactions",
].filter(Boolean);
if (failed.length > 0) {
  console.error(`perf: failed: ${failed.join(" and ")}`);
  process.exit(1);
}
