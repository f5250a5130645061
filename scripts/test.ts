/**
 * `npm test`: every stage, in order, stopping at the first that fails; at the end, how long each
 * took. The stages are the package's own scripts, so each can also be run alone.
 */
import { spawn } from "node:child_process";

type Stage = {
  name: string;
  script: string;
  args?: string[];
  /** Runs at the same time as the stage before it; its output is printed once it has ended. */
  alongside?: boolean;
};

const STAGES: Stage[] = [
  { name: "format, lint, types, imports, unit tests", script: "check" },
  { name: "production build (test settings)", script: "build:test" },
  { name: "browser, crawler and server tests", script: "test:e2e" },
  // Both test stages mostly wait (for a browser, a server, a state; this one's single worker for
  // its e-mail windows and held transactions), and share nothing: their own ports, PostgreSQL
  // clusters and output folders. Together they fill the cores that each leaves idle.
  { name: "Supabase backend test", script: "test:supabase", alongside: true },
  // The calculator's interaction timings move with the host's load: reported here, one walk per
  // page; gated by `npm run perf` alone (docs/performance.md).
  {
    name: "page-weight budgets, calculator interactions",
    script: "perf",
    args: ["--skip-build", "--timing", "report", "--walks", "1"],
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
type Timing = { stage: string; time: string; result: string };
const timings: Timing[] = [];
const started = Date.now();
let exitCode = 0;

// On a fresh clone the measuring tools are installed from the npm registry on first use
// (scripts/install-tools.ts): in the browser tests' workers and in the perf stage, which waited
// for them. Installed here, alongside the check and the build, instead. A stage that still finds
// one missing (the install failed) installs it itself, and fails there if it cannot.
console.log("npm test: installing the measuring tools in the background (npm run tools)");
const tools = spawn("npm", ["run", "-s", "tools"], { stdio: ["ignore", "inherit", "inherit"] });
const toolsInstalled = new Promise<string>((resolve) => {
  tools.once("error", (error) => resolve(`could not start: ${error.message}`));
  tools.once("exit", (code, signal) => resolve(code === 0 ? "" : `ended with ${code ?? signal}`));
});
let toolsWaitedFor = false;
async function waitForTools() {
  if (toolsWaitedFor) return;
  toolsWaitedFor = true;
  const begun = Date.now();
  const problem = await toolsInstalled;
  const waited = Date.now() - begun;
  if (waited >= 1000) console.log(`npm test: waited ${seconds(waited)} for npm run tools`);
  if (problem) console.warn(`npm test: npm run tools ${problem}; the stages will install them`);
}

const heading = (stage: Stage) => `\n=== npm test: ${stage.name} (npm run ${stage.script}) ===\n`;

/** Runs a stage (its output shown as it comes, or kept until the end when `quiet`): its result. */
function run(stage: Stage, quiet: boolean) {
  const begun = Date.now();
  const child = spawn(
    "npm",
    ["run", "-s", stage.script, ...(stage.args ? ["--", ...stage.args] : [])],
    {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ stage: Stage; code: number; output: string; timing: Timing }>((resolve) => {
    const done = (code: number, result: string) => {
      const timing = {
        stage: `npm run ${stage.script}`,
        time: seconds(Date.now() - begun),
        result,
      };
      resolve({ stage, code, output, timing });
    };
    child.once("error", (error) => done(1, `FAILED (${error.message})`));
    child.once("exit", (code, signal) =>
      code === 0 ? done(0, "passed") : done(code || 1, `FAILED (${code ?? signal})`),
    );
  });
}

for (let next = 0; next < STAGES.length && exitCode === 0;) {
  const group = [STAGES[next++]!];
  while (STAGES[next]?.alongside) group.push(STAGES[next++]!);
  if (group.some((stage) => stage.script === FIRST_STAGE_WITH_TOOLS)) await waitForTools();
  console.log(heading(group[0]!));
  for (const stage of group.slice(1)) {
    console.log(
      `npm test: ${stage.name} (npm run ${stage.script}) runs alongside; its output follows`,
    );
  }
  const results = await Promise.all(group.map((stage, index) => run(stage, index > 0)));
  timings.push(...results.map((result) => result.timing));
  for (const { stage, code, output } of results.slice(1)) {
    process.stdout.write(heading(stage) + output);
    if (code !== 0) console.log(`npm test: npm run ${stage.script} FAILED`);
  }
  exitCode = results.find((result) => result.code !== 0)?.code ?? 0;
}

for (const stage of STAGES.slice(timings.length)) {
  timings.push({ stage: `npm run ${stage.script}`, time: "", result: "not run" });
}
await waitForTools(); // whatever happened, not left running behind npm test
console.log(
  `\nnpm test: ${exitCode === 0 ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}`,
);
console.table(timings);
process.exit(exitCode);
