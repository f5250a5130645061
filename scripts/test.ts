/**
 * `npm test`: every stage, in order, stopping at the first that fails; at the end, how long each
 * took. The stages are the package's own scripts, so each can also be run alone.
 */
import { spawn, spawnSync } from "node:child_process";

const STAGES: { name: string; script: string; args?: string[] }[] = [
  { name: "format, lint, types, imports, unit tests", script: "check" },
  { name: "production build (test settings)", script: "build:test" },
  { name: "browser, crawler and server tests", script: "test:e2e" },
  { name: "Supabase backend test", script: "test:supabase" },
  // The calculator's interaction timings move with the host's load: reported here, one walk per
  // page; gated by `npm run perf` alone (docs/performance.md). The options are the walk's.
  {
    name: "page-weight budgets, calculator interactions",
    script: "perf",
    args: ["--timing", "report", "--walks", "1"],
  },
  // Timing (TBT, LCP, and the performance score that weighs them) varies with the host's load even
  // when calibrated: reported here, gated by `npm run lighthouse` alone (docs/performance.md).
  // What is gated here (CLS, the other categories) does not need a median: one run a page.
  {
    name: "Lighthouse, calibrated, one run a page",
    script: "lighthouse",
    args: ["--timing", "report", "--runs", "1"],
  },
];

/** The first stage that uses a measuring tool (Lighthouse, Mozilla's Observatory). */
const FIRST_STAGE_WITH_TOOLS = "test:e2e";

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const started = Date.now();
const timings = STAGES.map(({ script }) => ({
  stage: `npm run ${script}`,
  time: "",
  result: "not run",
}));
let exitCode = 0;

// On a fresh clone the measuring tools are installed from the npm registry on first use
// (scripts/install-tools.ts): in the browser tests' workers and in the perf stage, which waited
// for them. Installed here, alongside the check and the build, instead. A stage that still finds
// one missing (the install failed) installs it itself, and fails there if it cannot.
console.log("npm test: installing the measuring tools in the background (npm run tools)");
const tools = spawn("npm", ["run", "-s", "tools"], { stdio: ["ignore", "inherit", "inherit"] });
const toolsInstalled = new Promise<void>((resolve) => {
  const done = (problem: string) => {
    if (problem) console.warn(`npm test: npm run tools ${problem}; the stages will install them`);
    resolve();
  };
  tools.once("error", (error) => done(`could not start: ${error.message}`));
  tools.once("exit", (code, signal) => done(code === 0 ? "" : `ended with ${code ?? signal}`));
});

for (const [index, stage] of STAGES.entries()) {
  if (stage.script === FIRST_STAGE_WITH_TOOLS) {
    const waiting = Date.now();
    await toolsInstalled;
    console.log(`npm test: waited ${seconds(Date.now() - waiting)} for npm run tools`);
  }
  const begun = Date.now();
  console.log(`\n=== npm test: ${stage.name} (npm run ${stage.script}) ===\n`);
  const run = spawnSync(
    "npm",
    ["run", "-s", stage.script, ...(stage.args ? ["--", ...stage.args] : [])],
    { stdio: "inherit" },
  );
  const failed = run.status !== 0;
  Object.assign(timings[index]!, {
    time: seconds(Date.now() - begun),
    result: failed ? `FAILED (${run.status ?? run.signal ?? run.error?.message})` : "passed",
  });
  if (failed) {
    exitCode = run.status || 1;
    break;
  }
}

await toolsInstalled; // whatever happened, not left running behind npm test
console.log(
  `\nnpm test: ${exitCode === 0 ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}`,
);
console.table(timings);
process.exit(exitCode);
