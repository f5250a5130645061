/**
 * `npm test`: every stage, in order, stopping at the first that fails; at the end, how long each
 * took. The stages are the package's own scripts, so each can also be run alone.
 */
import { spawnSync } from "node:child_process";

const STAGES: { name: string; script: string; args?: string[] }[] = [
  { name: "format, lint, types, imports, unit tests", script: "check" },
  { name: "production build (test settings)", script: "build:test" },
  { name: "browser, crawler and server tests", script: "test:e2e" },
  { name: "Supabase backend test", script: "test:supabase" },
  // The calculator's interaction timings move with the host's load: reported here, one walk per
  // page; gated by `npm run perf` alone (README, "Performance").
  {
    name: "page-weight budgets, calculator interactions",
    script: "perf",
    args: ["--skip-build", "--timing", "report", "--walks", "1"],
  },
  // Timing (TBT, and the performance score that weighs it) varies with the host's load even when
  // calibrated: reported here, gated by `npm run lighthouse` alone (README, "Performance"). What
  // is gated here (LCP, CLS, the other categories) does not need a median: one run a page.
  {
    name: "Lighthouse, calibrated, one run a page",
    script: "lighthouse",
    args: ["--timing", "report", "--runs", "1"],
  },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const timings: { stage: string; time: string; result: string }[] = [];
const started = Date.now();
let exitCode = 0;

for (const stage of STAGES) {
  const begun = Date.now();
  console.log(`\n=== npm test: ${stage.name} (npm run ${stage.script}) ===\n`);
  const run = spawnSync(
    "npm",
    ["run", "-s", stage.script, ...(stage.args ? ["--", ...stage.args] : [])],
    { stdio: "inherit" },
  );
  const failed = run.status !== 0;
  timings.push({
    stage: `npm run ${stage.script}`,
    time: seconds(Date.now() - begun),
    result: failed ? `FAILED (${run.status ?? run.signal ?? run.error?.message})` : "passed",
  });
  if (failed) {
    exitCode = run.status || 1;
    break;
  }
}

for (const stage of STAGES.slice(timings.length)) {
  timings.push({ stage: `npm run ${stage.script}`, time: "", result: "not run" });
}
console.log(
  `\nnpm test: ${exitCode === 0 ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}`,
);
console.table(timings);
process.exit(exitCode);
