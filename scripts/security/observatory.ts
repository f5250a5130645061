/**
 * Mozilla HTTP Observatory's own scoring code (npm @mdn/mdn-http-observatory), run against one page
 * of a local server: the same retrieval, tests and grading as the Observatory's `scan`, but for the
 * two tests of the host platform (docs/security.md, "Mozilla HTTP Observatory", says which and why,
 * and why the package installs itself on first use, with --ignore-scripts and empty lists).
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../../tests/support/processes";
import { installTool } from "../install-tool";

const VERSION = "1";

/** The Observatory tests that belong to the host platform (docs/security.md). */
const PLATFORM_TESTS = ["redirection", "strict-transport-security"];

/** Installs the package (once) and gives it the empty lists its conf/ folder expects. */
export function installObservatory(): string {
  const packageDir = installTool("observatory", "@mdn/mdn-http-observatory", VERSION, {
    ignoreScripts: true,
  });
  for (const [file, empty] of [
    ["hsts-preload.json", "{}"],
    ["tld-list.json", "[]"],
  ] as const) {
    const full = path.join(packageDir, "conf", file);
    if (!existsSync(full)) writeFileSync(full, empty);
  }
  return packageDir;
}

type TestResult = { result: string | null; constructor: { name: string } };

export type Grade = {
  grade: string;
  score: number;
  /** Each counted test's result and score modifier. */
  tests: Record<string, { result: string | null; modifier: number }>;
};

const load = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(path.join(installObservatory(), "src", file)).href)) as T;

/**
 * Scores one page of an http server on 127.0.0.1 (or any host) the way the Observatory does, but
 * for the platform's tests.
 */
export async function observatoryGrade(pageUrl: string): Promise<Grade> {
  const { retrieve } = await load<{
    retrieve: (host: string, options: Record<string, unknown>) => Promise<unknown>;
  }>("retriever/retriever.js");
  const { ALL_TESTS } = await load<{ ALL_TESTS: ((requests: unknown) => TestResult)[] }>(
    "constants.js",
  );
  const { getGradeForScore, getScoreModifier } = await load<{
    getGradeForScore: (score: number) => { grade: string; score: number };
    getScoreModifier: (result: string) => number;
  }>("grader/grader.js");
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load<{ MINIMUM_SCORE_FOR_EXTRA_CREDIT: number }>(
    "grader/charts.js",
  );

  const url = new URL(pageUrl);
  // No https here: the https retrieval goes to a closed port, as to a host without TLS.
  const requests = await retrieve(url.hostname, {
    httpPort: url.port,
    httpsPort: String(await freePort()),
    path: `${url.pathname}${url.search}`,
  });
  const tests = Object.fromEntries(
    ALL_TESTS.map((test) => test(requests))
      .filter(({ constructor }) => !PLATFORM_TESTS.includes(constructor.name))
      .map(({ result, constructor }) => [
        constructor.name,
        { result, modifier: result ? getScoreModifier(result) : 0 },
      ]),
  );
  // As the Observatory's scan() grades: extra credit only when the uncurved score is an A already.
  const modifiers = Object.values(tests).map(({ modifier }) => modifier);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 100);
  const uncurved = sum(modifiers.filter((modifier) => modifier < 0));
  const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? sum(modifiers) : uncurved;
  return { ...getGradeForScore(score), tests };
}
