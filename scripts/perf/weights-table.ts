/**
 * docs/performance.md's "Page weights" table, written from `npm run perf:bytes`'s measure, so the
 * figures the docs state are the build's: the measure fails when the table says otherwise, and
 * `npm run perf:bytes -- --skip-build --update-docs` rewrites it. Pages are grouped as the table
 * shows them (each group's figures are its pages' range); a page no group takes fails the check,
 * so a new kind of page gets its row.
 */
import { readFileSync, writeFileSync } from "node:fs";

const KB = 1024;

/** What a page had downloaded at one moment: the gzip bytes of its JS, and its script files (from anywhere). */
export type Downloaded = { jsGzip: number; scripts: number };

/** One page as `npm run perf:bytes` measured it (./bytes.ts). */
export type WeighedPage = {
  route: string;
  calculator: boolean;
  /** In lib/pages-without-javascript.ts: budgeted at no script file and only the allowed inline scripts. */
  withoutJavaScript: boolean;
  /** Opened at the top, not scrolled. */
  onLoad: Downloaded;
  /** Scrolled down: to the calculator on a calculator page, else to the bottom. */
  scrolled: Downloaded;
  /** The JS budgeted against the floor (scrolled down), over it. */
  overFloor: number;
  budget: number;
  /** Calculator pages: JS downloaded once the calculator shows its contact step (not budgeted). */
  jsAtContactStepGzip: number | null;
  /** Calculator pages: script files downloaded by then (from anywhere). */
  scriptsAtContactStep: number | null;
  htmlGzip: number;
  cssGzip: number;
};

export type WeighedBuild = {
  floor: number;
  floorScripts: number;
  pages: readonly WeighedPage[];
};

export const DOCS_FILE = "docs/performance.md";
const HEADING = "## Page weights";
const NONE = "—";

/** The table's groups, in its order: a label (given the group's page count) and which pages. */
const GROUPS: ReadonlyArray<{
  label: (pages: number) => string;
  takes: (page: WeighedPage) => boolean;
}> = [
  { label: () => "`/`", takes: (page) => page.route === "/" },
  {
    label: (pages) => `\`/locations/*\` (${pages} pages)`,
    takes: (page) => page.route.startsWith("/locations/"),
  },
  { label: () => "`/my-quote`", takes: (page) => page.route === "/my-quote" },
  {
    label: (pages) => `plan pages, \`/blog\`, articles, \`/service-area\`, 404 (${pages} pages)`,
    takes: (page) => page.withoutJavaScript,
  },
];

const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** "8.4 KB", or "23.7–24.3 KB" when the group's pages differ. */
function range(values: readonly number[]): string {
  const low = kb(Math.min(...values));
  const high = kb(Math.max(...values));
  return low === high ? `${low} KB` : `${low}–${high} KB`;
}

const files = (count: number) => `${count} file${count === 1 ? "" : "s"}`;

function downloaded(amounts: readonly Downloaded[]): string {
  const scripts = new Set(amounts.map((amount) => amount.scripts));
  if (scripts.size === 1 && scripts.has(0)) return "0, no file";
  return `${range(amounts.map((amount) => amount.jsGzip))}, ${[...scripts].map(files).join(" or ")}`;
}

/** The table's rows below its header, as cells. */
export function weightRows(build: WeighedBuild): string[][] {
  const floorRow = [
    "framework floor (`global-error`)",
    `${kb(build.floor)} KB, ${files(build.floorScripts)}`,
    NONE,
    NONE,
    NONE,
    NONE,
    NONE,
  ];
  const untaken = build.pages.filter((page) => !GROUPS.some((group) => group.takes(page)));
  if (untaken.length > 0) {
    throw new Error(
      `${DOCS_FILE}: no row of "${HEADING.slice(3)}" takes ${untaken.map((page) => page.route).join(", ")}: add one (scripts/perf/weights-table.ts)`,
    );
  }
  const rows = GROUPS.map((group) => {
    const pages = build.pages.filter(group.takes);
    if (pages.length === 0) throw new Error(`no page for the row ${group.label(0)}`);
    const onLoad = downloaded(pages.map((page) => page.onLoad));
    const scrolled = downloaded(pages.map((page) => page.scrolled));
    const calculator = pages.every((page) => page.calculator);
    const withoutJavaScript = pages.every((page) => page.withoutJavaScript);
    const allowance = `+${range(pages.map((page) => page.budget)).replace(".0 KB", " KB")}`;
    const budget = calculator
      ? `no file on load; ${allowance} at it`
      : withoutJavaScript
        ? "no script file"
        : allowance;
    const atCalculator =
      withoutJavaScript || scrolled !== onLoad
        ? scrolled + (calculator ? ` (+${range(pages.map((page) => page.overFloor))})` : "")
        : "the same";
    const byStep4 = calculator
      ? downloaded(
          pages.map((page) => ({
            jsGzip: page.jsAtContactStepGzip ?? 0,
            scripts: page.scriptsAtContactStep ?? 0,
          })),
        )
      : NONE;
    return [
      group.label(pages.length),
      onLoad,
      atCalculator,
      budget,
      byStep4,
      range(pages.map((page) => page.htmlGzip)),
      range(pages.map((page) => page.cssGzip)),
    ];
  });
  return [floorRow, ...rows];
}

/** Where the table's body is in the docs' text: its line numbers, from the heading on. */
function tableBody(lines: readonly string[]): { from: number; to: number } {
  const heading = lines.indexOf(HEADING);
  if (heading < 0) throw new Error(`${DOCS_FILE} has no "${HEADING}" section`);
  const header = lines.findIndex((line, index) => index > heading && line.startsWith("|"));
  if (header < 0) throw new Error(`${DOCS_FILE}: "${HEADING}" has no table`);
  let to = header + 2; // the header and its separator line
  while (lines[to]?.startsWith("|")) to++;
  return { from: header + 2, to };
}

const cellsOf = (line: string) =>
  line
    .split("|")
    .slice(1, -1)
    .map((cell) => cell.trim());

/** The table's rows as the docs state them. */
export function documentedRows(markdown: string): string[][] {
  const lines = markdown.split("\n");
  const { from, to } = tableBody(lines);
  return lines.slice(from, to).map(cellsOf);
}

const NUMBER = /\d+(?:\.\d+)?/g;

/**
 * Whether a documented cell states the measured one. The words must be the same and every count
 * exact; a size may differ by one step of its rounding (0.1 KB), as a page's HTML carries the
 * build's random id, whose gzip size moves by a few bytes from one build to the next.
 */
export function sameFigure(documented: string, measured: string): boolean {
  if (documented.replace(NUMBER, "#") !== measured.replace(NUMBER, "#")) return false;
  const documentedNumbers = documented.match(NUMBER) ?? [];
  const measuredNumbers = measured.match(NUMBER) ?? [];
  return measuredNumbers.every((value, index) => {
    const stated = documentedNumbers[index] ?? "";
    return value.includes(".")
      ? Math.abs(Number(stated) - Number(value)) <= 0.1 + 1e-9
      : stated === value;
  });
}

/** Each difference between the docs' table and the measure, in words; none when they agree. */
export function tableDifferences(
  documented: readonly string[][],
  measured: readonly string[][],
): string[] {
  if (documented.length !== measured.length) {
    return [`the table has ${documented.length} rows, the measure ${measured.length}`];
  }
  return measured.flatMap((row, rowIndex) =>
    row.flatMap((cell, column) => {
      const stated = documented[rowIndex]?.[column] ?? "";
      return sameFigure(stated, cell) ? [] : [`"${row[0]}": "${stated}" is now "${cell}"`];
    }),
  );
}

/** The docs' text with the table's body replaced by the measured rows (prettier aligns it after). */
export function withRows(markdown: string, rows: readonly string[][]): string {
  const lines = markdown.split("\n");
  const { from, to } = tableBody(lines);
  const body = rows.map((row) => `| ${row.join(" | ")} |`);
  return [...lines.slice(0, from), ...body, ...lines.slice(to)].join("\n");
}

/** Compares the docs' table with the build's (or rewrites it); answers the differences left. */
export function checkDocsTable(build: WeighedBuild, { update }: { update: boolean }): string[] {
  const markdown = readFileSync(DOCS_FILE, "utf8");
  const measured = weightRows(build);
  const differences = tableDifferences(documentedRows(markdown), measured);
  if (differences.length === 0 || !update) return differences;
  writeFileSync(DOCS_FILE, withRows(markdown, measured));
  return [];
}
