/**
 * `npm test`: every stage, each once those it comes after have passed, none started after one has
 * failed; at the end, how long each took. The stages are the package's own scripts, so each can
 * also be run alone. docs/testing.md lists them and what runs at the same time.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Stage = {
  name: string;
  script: string;
  args?: string[];
  /** The stages that must pass before this one starts: by default, the one listed before it. */
  after?: string[];
  /** Settings added to the environment it inherits. */
  env?: Record<string, string>;
};

const STAGES: Stage[] = [
  // Built first, without Next's own type check: the check after it runs tsc on the whole project,
  // the route types the build writes included (next.config.ts), so the types are checked once.
  {
    name: "production build (test settings)",
    script: "build:test",
    env: { NEXT_TYPES_CHECKED_APART: "1" },
  },
  { name: "browser, crawler and server tests", script: "test:e2e" },
  // Alongside the browser tests: the check is mostly one process at a time (prettier, ESLint, tsc),
  // and the browser tests often wait (for a server, a browser, a state); each fills the other's gaps.
  { name: "format, lint, types, imports, unit tests", script: "check", after: ["build:test"] },
  { name: "Supabase backend test", script: "test:supabase", after: ["test:e2e", "check"] },
  // The measurements share nothing with the backend test (their own servers, clusters and ports),
  // which mostly waits (e-mail windows, held transactions): they use the core it leaves idle.
  // The calculator's interaction timings move with the host's load: reported here, one walk of one
  // page; gated by `npm run perf` alone (docs/performance.md). The options are the walk's.
  {
    name: "page-weight budgets, calculator interactions",
    script: "perf",
    args: ["--timing", "report", "--walks", "1", "--page", "/"],
    after: ["test:e2e", "check"],
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
const prerequisites = STAGES.map(
  (stage, index) => stage.after ?? (index > 0 ? [STAGES[index - 1]!.script] : []),
);

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

let running = 0;
let failedCode = 0;
const heading = (stage: Stage) => `\n=== npm test: ${stage.name} (npm run ${stage.script}) ===\n`;

/**
 * Runs one stage. Its output goes straight to the terminal when no other stage is running as it
 * starts; otherwise it is kept and printed whole once the stage has ended, never interleaved.
 */
async function run(index: number): Promise<boolean> {
  const stage = STAGES[index]!;
  const live = running === 0;
  running += 1;
  if (stage.script === FIRST_STAGE_WITH_TOOLS) {
    const waiting = Date.now();
    await toolsInstalled;
    console.log(`npm test: waited ${seconds(Date.now() - waiting)} for npm run tools`);
  }
  const begun = Date.now();
  console.log(
    live ? heading(stage) : `\nnpm test: ${stage.name} runs alongside; its output follows its end`,
  );
  // Kept in a file, not a pipe: a process the stage leaves behind cannot hold its end back.
  const kept = live ? undefined : path.join(mkdtempSync(path.join(tmpdir(), "npm-test-")), "out");
  const output = kept === undefined ? "inherit" : openSync(kept, "w");
  const child = spawn(
    "npm",
    ["run", "-s", stage.script, ...(stage.args ? ["--", ...stage.args] : [])],
    { stdio: ["ignore", output, output], env: { ...process.env, ...stage.env } },
  );
  if (typeof output === "number") closeSync(output); // the child has its own copy
  const problem = await new Promise<string>((resolve) => {
    child.once("error", (error) => resolve(error.message));
    child.once("exit", (code, signal) => resolve(code === 0 ? "" : String(code ?? signal)));
  });
  running -= 1;
  if (kept !== undefined) {
    process.stdout.write(heading(stage) + readFileSync(kept, "utf8"));
    rmSync(path.dirname(kept), { recursive: true, force: true });
  }
  Object.assign(timings[index]!, {
    time: seconds(Date.now() - begun),
    result: problem ? `FAILED (${problem})` : "passed",
  });
  if (problem) failedCode ||= Number(problem) || 1;
  return !problem;
}

/** Each stage's run, started once its prerequisites have passed; false if it did not pass. */
const results = new Map<string, Promise<boolean>>();
for (const [index, stage] of STAGES.entries()) {
  const ready = Promise.all(prerequisites[index]!.map((script) => results.get(script)!));
  results.set(
    stage.script,
    ready.then((passed) => passed.every(Boolean) && failedCode === 0 && run(index)),
  );
}
await Promise.all(results.values());

await toolsInstalled; // whatever happened, not left running behind npm test
console.log(
  `\nnpm test: ${failedCode === 0 ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}`,
);
console.table(timings);
process.exit(failedCode);
