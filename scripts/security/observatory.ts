/**
 * Mozilla HTTP Observatory's own scoring code (npm @mdn/mdn-http-observatory), run against one page
 * of a local server: the same retrieval (the page, robots.txt, a CORS preflight), the same tests
 * and the same grading as the Observatory's `scan`, with two tests left out of the score because
 * they belong to the host platform, not to the app (docs/security.md):
 *
 * - `redirection`: the http → https redirect, made by the platform in front of the app;
 * - `strict-transport-security`: HSTS is only read over https, with a valid certificate. The app's
 *   header is still checked by tests/e2e/security-headers.spec.ts.
 *
 * The package is not a dependency: its postinstall downloads the HSTS preload and TLD lists. It is
 * installed on first use into the git-ignored .tools/observatory with --ignore-scripts, and given
 * the empty lists it expects in its conf/ folder (no host of ours is preloaded anyway).
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../../tests/support/processes";
import { installTool } from "../install-tool";

const VERSION = "1";

/** The Observatory tests that belong to the host platform (docs/security.md). */
export const PLATFORM_TESTS = ["redirection", "strict-transport-security"] as const;

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

type TestResult = { result: string | null; pass: boolean; constructor: { name: string } };

export type Grade = {
  grade: string;
  score: number;
  /** The same scan graded with every test, platform ones included. */
  full: { grade: string; score: number };
  /** Each test's result and score modifier. */
  tests: Record<string, { result: string | null; modifier: number; counted: boolean }>;
};

const load = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(path.join(installObservatory(), "src", file)).href)) as T;

/** Scores one page of an http server on 127.0.0.1 (or any host) the way the Observatory does. */
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
  const results = ALL_TESTS.map((test) => test(requests));

  // As the Observatory's scan() grades: extra credit only when the uncurved score is an A already.
  const grade = (counted: (name: string) => boolean) => {
    let withExtraCredit = 100;
    let uncurved = 100;
    for (const result of results) {
      if (!result.result || !counted(result.constructor.name)) continue;
      const modifier = getScoreModifier(result.result);
      withExtraCredit += modifier;
      if (modifier < 0) uncurved += modifier;
    }
    return getGradeForScore(
      uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved,
    );
  };
  const isApp = (name: string) => !(PLATFORM_TESTS as readonly string[]).includes(name);
  const { grade: letter, score } = grade(isApp);
  return {
    grade: letter,
    score,
    full: grade(() => true),
    tests: Object.fromEntries(
      results.map((result) => [
        result.constructor.name,
        {
          result: result.result,
          modifier: result.result ? getScoreModifier(result.result) : 0,
          counted: isApp(result.constructor.name),
        },
      ]),
    ),
  };
}
