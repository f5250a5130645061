/**
 * docs/performance.md's "Page weights" table, written from `npm run perf:bytes`'s measure: the
 * measure fails when the table states other figures, and `--update-docs` rewrites it. A page no
 * row takes fails the check, so a new kind of page gets its row.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { range } from "./latency";

/** What a page had downloaded: the gzip bytes of its JS, and its script files (from anywhere). */
export type Downloaded = { jsGzip: number; scripts: number };

/** One page as ./bytes.ts weighed it: opened at the top, scrolled down, at the contact step. */
export type WeighedPage = {
  route: string;
  calculator: boolean;
  withoutJavaScript: boolean;
  onLoad: Downloaded;
  scrolled: Downloaded;
  atContactStep: Downloaded | null;
  /** The scrolled-down JS over the floor, and its budget. */
  overFloor: number;
  budget: number;
  htmlGzip: number;
  cssGzip: number;
};

export type WeighedBuild = { floor: number; floorScripts: number; pages: readonly WeighedPage[] };

export const DOCS_FILE = "docs/performance.md";
const HEADING = "## Page weights";
const NONE = "—";
export const COLUMNS = [
  "page",
  "on load",
  "at the calculator",
  "budget",
  "by step 4",
  "HTML",
  "CSS",
];

/** The table's rows, in its order: a label ("N": the row's page count) and which pages. */
const GROUPS: [string, (page: WeighedPage) => boolean][] = [
  ["`/`", (page) => page.route === "/"],
  ["`/locations/*` (N pages)", (page) => page.route.startsWith("/locations/")],
  ["`/my-quote`", (page) => page.route === "/my-quote"],
  [
    "plan pages, `/locations`, `/blog`, articles, `/service-area`, `/privacy`, 404 (N pages)",
    (page) => page.withoutJavaScript,
  ],
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** "8.4 KB", or "23.7–24.3 KB" when the group's pages differ. */
const sizes = (values: readonly number[]) => `${range(values, kb)} KB`;

const files = (count: number) => `${count} file${count === 1 ? "" : "s"}`;

function downloaded(amounts: readonly Downloaded[]): string {
  const scripts = new Set(amounts.map((amount) => amount.scripts));
  if (scripts.size === 1 && scripts.has(0)) return "0, no file";
  return `${sizes(amounts.map((amount) => amount.jsGzip))}, ${[...scripts].map(files).join(" or ")}`;
}

export function weightRows(build: WeighedBuild): string[][] {
  const untaken = build.pages.filter((page) => !GROUPS.some(([, takes]) => takes(page)));
  if (untaken.length > 0) {
    throw new Error(
      `${DOCS_FILE}: no row of "${HEADING.slice(3)}" takes ${untaken.map((page) => page.route).join(", ")}: add one (scripts/perf/weights-table.ts)`,
    );
  }
  const floor = `${kb(build.floor)} KB, ${files(build.floorScripts)}`;
  const rows = GROUPS.map(([label, takes]) => {
    const pages = build.pages.filter(takes);
    if (pages.length === 0) throw new Error(`no page for the row ${label}`);
    const onLoad = downloaded(pages.map((page) => page.onLoad));
    const scrolled = downloaded(pages.map((page) => page.scrolled));
    const calculator = pages.every((page) => page.calculator);
    const withoutJavaScript = pages.every((page) => page.withoutJavaScript);
    const allowance = `+${sizes(pages.map((page) => page.budget)).replace(".0 KB", " KB")}`;
    const atContactStep = pages.map((page) => page.atContactStep ?? { jsGzip: 0, scripts: 0 });
    return [
      label.replace("N", String(pages.length)),
      onLoad,
      withoutJavaScript || scrolled !== onLoad
        ? scrolled + (calculator ? ` (+${sizes(pages.map((page) => page.overFloor))})` : "")
        : "the same",
      calculator
        ? `no file on load; ${allowance} at it`
        : withoutJavaScript
          ? "no script file"
          : allowance,
      calculator ? downloaded(atContactStep) : NONE,
      sizes(pages.map((page) => page.htmlGzip)),
      sizes(pages.map((page) => page.cssGzip)),
    ];
  });
  return [["framework floor (`global-error`)", floor, NONE, NONE, NONE, NONE, NONE], ...rows];
}

/** The docs' table: its rows as stated, and the docs' text with other rows in their place. */
export function docsTable(markdown: string) {
  const lines = markdown.split("\n");
  const heading = lines.indexOf(HEADING);
  const header = lines.findIndex((line, index) => index > heading && line.startsWith("|"));
  if (heading < 0 || header < 0) throw new Error(`${DOCS_FILE} has no table under "${HEADING}"`);
  const from = header + 2; // below the header and its separator line
  let to = from;
  while (lines[to]?.startsWith("|")) to++;
  return {
    rows: lines.slice(from, to).map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    ),
    withRows: (rows: readonly string[][]) =>
      [
        ...lines.slice(0, from),
        ...rows.map((row) => `| ${row.join(" | ")} |`),
        ...lines.slice(to),
      ].join("\n"),
  };
}

const NUMBER = /\d+(?:\.\d+)?/g;

/**
 * Whether a documented cell states the measured one: the same words, every count exact, a size
 * within one step of its rounding (0.1 KB: a page's HTML carries the build's random id).
 */
export function sameFigure(documented: string, measured: string): boolean {
  if (documented.replace(NUMBER, "#") !== measured.replace(NUMBER, "#")) return false;
  const stated = documented.match(NUMBER) ?? [];
  return (measured.match(NUMBER) ?? []).every((value, index) =>
    value.includes(".")
      ? Math.abs(Number(stated[index]) - Number(value)) <= 0.1 + 1e-9
      : stated[index] === value,
  );
}

/** Each difference between the docs' table and the measure, in words. */
export function tableDifferences(
  documented: readonly string[][],
  measured: readonly string[][],
): string[] {
  if (documented.length !== measured.length) {
    return [`the table has ${documented.length} rows, the measure ${measured.length}`];
  }
  return measured.flatMap((row, index) =>
    row.flatMap((cell, column) => {
      const stated = documented[index]?.[column] ?? "";
      return sameFigure(stated, cell) ? [] : [`"${row[0]}": "${stated}" is now "${cell}"`];
    }),
  );
}

/** The differences between the docs' table and the build's; with `update`, rewrites it instead. */
export function checkDocsTable(build: WeighedBuild, update: boolean): string[] {
  const table = docsTable(readFileSync(DOCS_FILE, "utf8"));
  const measured = weightRows(build);
  const differences = tableDifferences(table.rows, measured);
  if (!update) return differences;
  if (differences.length > 0) writeFileSync(DOCS_FILE, table.withRows(measured));
  execFileSync(process.execPath, ["node_modules/prettier/bin/prettier.cjs", "--write", DOCS_FILE]);
  console.log(`perf: ${DOCS_FILE}'s page weights are this build's`);
  return [];
}
